// The few FFmpeg macros Swift cannot import, as static inline functions.
#ifndef PKGCTL_CFFMPEG_SHIM_H
#define PKGCTL_CFFMPEG_SHIM_H

#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/mem.h>
#include <libavutil/dict.h>
#include <libavutil/log.h>
#include <libavutil/opt.h>
#include <libavutil/mathematics.h>
#include <libavutil/pixdesc.h>
#include <errno.h>

static inline int pkgctl_averror(int e) { return AVERROR(e); }
static inline int pkgctl_averror_eof(void) { return AVERROR_EOF; }
static inline int pkgctl_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int64_t pkgctl_nopts(void) { return AV_NOPTS_VALUE; }

// av_err2str is a macro over a compound literal; give Swift a buffer-based form.
static inline void pkgctl_err2str(int errnum, char *buf, size_t size) {
    av_strerror(errnum, buf, size);
}

#endif
