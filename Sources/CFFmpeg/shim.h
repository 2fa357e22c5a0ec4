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
#include <libavutil/aes.h>
#include <errno.h>

static inline int pkgctl_averror(int e) { return AVERROR(e); }
static inline int pkgctl_averror_eof(void) { return AVERROR_EOF; }
static inline int pkgctl_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int pkgctl_averror_exit(void) { return AVERROR_EXIT; }
static inline int64_t pkgctl_nopts(void) { return AV_NOPTS_VALUE; }

// av_err2str is a macro over a compound literal; give Swift a buffer-based form.
static inline void pkgctl_err2str(int errnum, char *buf, size_t size) {
    av_strerror(errnum, buf, size);
}

// renameat2(2) from glibc (2.28+), declared here because Swift's Glibc module is built without
// _GNU_SOURCE. RENAME_EXCHANGE swaps two paths atomically: a staged output tree replaces the
// published one with no moment where either is missing.
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
static inline int pkgctl_exchange_paths(const char *a, const char *b) {
    return renameat2(-100 /* AT_FDCWD */, a, -100, b, 1u << 1 /* RENAME_EXCHANGE */);
}

// FFmpeg's log, handed to pkgctl instead of stderr. av_log's callback takes a va_list, which
// Swift cannot format, so the line is formatted here (av_log_format_line2, without FFmpeg's
// "[h264 @ 0x…]" prefix: the component goes apart) and passed on as plain strings. One sink per
// process (av_log_set_callback is process-wide); the Swift side serialises and rate-limits.
typedef void (*pkgctl_log_sink)(int level, const char *component, const char *message);
// A function-local static: Swift emits it with the function (a file-scope one is not emitted).
static inline pkgctl_log_sink *pkgctl_log_sink_slot(void) {
    static pkgctl_log_sink slot;
    return &slot;
}

static void pkgctl_log_forward(void *avcl, int level, const char *fmt, va_list vl) {
    pkgctl_log_sink sink = *pkgctl_log_sink_slot();
    if (!sink || level > av_log_get_level()) return;
    char message[1024];
    int print_prefix = 0;
    if (av_log_format_line2(NULL, level, fmt, vl, message, sizeof message, &print_prefix) < 0) return;
    const char *component = "";
    AVClass *avc = avcl ? *(AVClass **)avcl : NULL;
    if (avc && avc->item_name) component = avc->item_name(avcl);
    sink(level, component ? component : "", message);
}

// NULL restores FFmpeg's own stderr callback.
static inline void pkgctl_log_capture(pkgctl_log_sink sink) {
    *pkgctl_log_sink_slot() = sink;
    av_log_set_callback(sink ? pkgctl_log_forward : av_log_default_callback);
}

// mallopt(3) from glibc's <malloc.h>, which Swift's Glibc module does not carry: fixed mmap and
// trim thresholds and an arena cap for the long-running live process (ServiceHeap).
#include <malloc.h>
static inline int pkgctl_tune_heap(int mmap_threshold, int trim_threshold, int arena_max) {
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) && mallopt(M_TRIM_THRESHOLD, trim_threshold)
        && mallopt(M_ARENA_MAX, arena_max);
}

// Fixed thresholds only (the arenas as they are): blocks up to `mmap_threshold` come from the heap,
// and freed ones stay there unless `trim_threshold` bytes are free at its top (SpliceHeap).
static inline int pkgctl_keep_heap(int mmap_threshold, int trim_threshold) {
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) && mallopt(M_TRIM_THRESHOLD, trim_threshold);
}

// malloc_trim(3): gives the heap's free pages back to the kernel.
static inline int pkgctl_trim_heap(void) {
    return malloc_trim(0);
}

#endif
