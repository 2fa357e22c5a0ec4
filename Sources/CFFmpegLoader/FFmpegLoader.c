// FFmpeg on demand. Linking libavformat/libavcodec made every pkgctl process load them, and with
// them the 130-odd libraries Debian's libavcodec needs (x264, x265, dav1d, gnutls, X11, …): about
// 28 ms of CPU per start on the development machine (perf stat of a C program that only links
// them: 27.8 ms task-clock, half of it ld.so resolving symbols). `validate`, `timeline`, `help`
// and the TS byte path never call FFmpeg, so they paid it for nothing.
//
// Instead, each FFmpeg function pkgctl calls is defined here as a small forwarder with the
// header's own signature (the compiler checks it against FFmpeg's declaration): the first call
// opens the libraries with dlopen and binds the function with dlsym. The forwarders are hidden,
// so the executable never exports them to the libraries it opens.
//
// A forwarder cannot return an error its caller understands, so a machine without the libraries
// ends the process with one line naming what is missing (exit 1) at the first FFmpeg call;
// `pkgctl_ffmpeg_load` lets Swift ask first and report it as a typed error.
#include "CFFmpegLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/aes.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <libavutil/mathematics.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

#define PKGCTL_HIDDEN __attribute__((visibility("hidden")))
#define PKGCTL_SONAME(lib, major) "lib" #lib ".so." AV_STRINGIFY(major)

enum library { AVUTIL, AVCODEC, AVFORMAT, LIBRARY_COUNT };

static const char *const library_names[LIBRARY_COUNT] = {
    PKGCTL_SONAME(avutil, LIBAVUTIL_VERSION_MAJOR),
    PKGCTL_SONAME(avcodec, LIBAVCODEC_VERSION_MAJOR),
    PKGCTL_SONAME(avformat, LIBAVFORMAT_VERSION_MAJOR),
};

static void *handles[LIBRARY_COUNT];
static int loaded;                          // read with acquire, written with release
static char failure[512];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

// Log settings made before the libraries are open are kept and applied once they are: setting
// FFmpeg's log level at start must not by itself load FFmpeg.
static int pending_level = AV_LOG_INFO;     // FFmpeg's own default
static void (*pending_callback)(void *, int, const char *, va_list);

static void apply_pending_log_settings(void);

static int load_locked(void) {
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return 0;
    if (failure[0]) return -1;
    for (int i = 0; i < LIBRARY_COUNT; i++) {
        handles[i] = dlopen(library_names[i], RTLD_NOW | RTLD_LOCAL);
        if (!handles[i]) {
            const char *why = dlerror();
            snprintf(failure, sizeof failure, "%s", why ? why : library_names[i]);
            return -1;
        }
    }
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
    apply_pending_log_settings();
    return 0;
}

int pkgctl_ffmpeg_is_loaded(void) { return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE); }

int pkgctl_ffmpeg_load(char *reason, unsigned long reason_size) {
    pthread_mutex_lock(&lock);
    int result = load_locked();
    if (result != 0 && reason && reason_size > 0) snprintf(reason, reason_size, "%s", failure);
    pthread_mutex_unlock(&lock);
    return result;
}

static void load_or_exit(void) {
    char reason[512];
    if (pkgctl_ffmpeg_load(reason, sizeof reason) == 0) return;
    fprintf(stderr, "pkgctl: cannot load FFmpeg's libraries (%s); install %s, %s and %s\n", reason,
            library_names[AVFORMAT], library_names[AVCODEC], library_names[AVUTIL]);
    exit(1);
}

// The address of `name` in `library`, looked up once, the libraries being open; a library
// without it ends the process.
static void *resolve(void **slot, enum library library, const char *name) {
    void *address = dlsym(handles[library], name);
    if (!address) {
        fprintf(stderr, "pkgctl: %s has no function %s (pkgctl was built against FFmpeg %s headers)\n",
                library_names[library], name, LIBAVFORMAT_IDENT);
        exit(1);
    }
    __atomic_store_n(slot, address, __ATOMIC_RELEASE);
    return address;
}

// The same, opening the libraries first if no call has yet.
static void *bind_symbol(void **slot, enum library library, const char *name) {
    void *address = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (address) return address;
    load_or_exit();
    return resolve(slot, library, name);
}

#define TARGET(library, name) \
    static void *slot_##name; \
    static inline __typeof__(&name) target_##name(void) { \
        return (__typeof__(&name))bind_symbol(&slot_##name, library, #name); \
    } \
    static inline __typeof__(&name) loaded_##name(void) { \
        return (__typeof__(&name))resolve(&slot_##name, library, #name); \
    }
#define FORWARD(library, result, name, params, args) \
    TARGET(library, name) \
    PKGCTL_HIDDEN result name params { return target_##name() args; }
#define FORWARD_VOID(library, name, params, args) \
    TARGET(library, name) \
    PKGCTL_HIDDEN void name params { target_##name() args; }

// libavutil
FORWARD(AVUTIL, unsigned, avutil_version, (void), ())
FORWARD(AVUTIL, const char *, av_get_media_type_string, (enum AVMediaType media_type), (media_type))
FORWARD(AVUTIL, struct AVAES *, av_aes_alloc, (void), ())
FORWARD(AVUTIL, int, av_aes_init, (struct AVAES *a, const uint8_t *key, int key_bits, int decrypt),
        (a, key, key_bits, decrypt))
FORWARD_VOID(AVUTIL, av_aes_crypt, (struct AVAES *a, uint8_t *dst, const uint8_t *src, int count, uint8_t *iv, int decrypt),
             (a, dst, src, count, iv, decrypt))
FORWARD_VOID(AVUTIL, av_channel_layout_default, (AVChannelLayout *ch_layout, int nb_channels), (ch_layout, nb_channels))
FORWARD_VOID(AVUTIL, av_channel_layout_uninit, (AVChannelLayout *channel_layout), (channel_layout))
FORWARD_VOID(AVUTIL, av_dict_free, (AVDictionary **m), (m))
FORWARD(AVUTIL, AVDictionaryEntry *, av_dict_get, (const AVDictionary *m, const char *key, const AVDictionaryEntry *prev, int flags),
        (m, key, prev, flags))
FORWARD(AVUTIL, int, av_dict_set, (AVDictionary **pm, const char *key, const char *value, int flags), (pm, key, value, flags))
FORWARD(AVUTIL, AVFrame *, av_frame_alloc, (void), ())
FORWARD(AVUTIL, AVFrame *, av_frame_clone, (const AVFrame *src), (src))
FORWARD_VOID(AVUTIL, av_frame_free, (AVFrame **frame), (frame))
FORWARD_VOID(AVUTIL, av_frame_unref, (AVFrame *frame), (frame))
FORWARD_VOID(AVUTIL, av_free, (void *ptr), (ptr))
FORWARD_VOID(AVUTIL, av_freep, (void *ptr), (ptr))
FORWARD(AVUTIL, void *, av_malloc, (size_t size), (size))
FORWARD(AVUTIL, void *, av_mallocz, (size_t size), (size))
FORWARD(AVUTIL, int, av_opt_set, (void *obj, const char *name, const char *val, int search_flags), (obj, name, val, search_flags))
FORWARD(AVUTIL, const AVPixFmtDescriptor *, av_pix_fmt_desc_get, (enum AVPixelFormat pix_fmt), (pix_fmt))
FORWARD(AVUTIL, int64_t, av_rescale, (int64_t a, int64_t b, int64_t c), (a, b, c))
FORWARD(AVUTIL, int64_t, av_rescale_q, (int64_t a, AVRational bq, AVRational cq), (a, bq, cq))
FORWARD(AVUTIL, int, av_strerror, (int errnum, char *errbuf, size_t errbuf_size), (errnum, errbuf, errbuf_size))
FORWARD_VOID(AVUTIL, av_log_default_callback, (void *avcl, int level, const char *fmt, va_list vl), (avcl, level, fmt, vl))
FORWARD(AVUTIL, int, av_log_format_line2,
        (void *ptr, int level, const char *fmt, va_list vl, char *line, int line_size, int *print_prefix),
        (ptr, level, fmt, vl, line, line_size, print_prefix))

// The log settings: kept until the libraries are open, then passed on.
TARGET(AVUTIL, av_log_set_level)
TARGET(AVUTIL, av_log_get_level)
TARGET(AVUTIL, av_log_set_callback)

// Called by load_locked, under the lock, once the libraries are open.
static void apply_pending_log_settings(void) {
    loaded_av_log_set_level()(pending_level);
    if (pending_callback) loaded_av_log_set_callback()(pending_callback);
}

PKGCTL_HIDDEN void av_log_set_level(int level) {
    pthread_mutex_lock(&lock);
    pending_level = level;
    int open = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
    pthread_mutex_unlock(&lock);
    if (open) target_av_log_set_level()(level);
}

PKGCTL_HIDDEN int av_log_get_level(void) {
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return target_av_log_get_level()();
    pthread_mutex_lock(&lock);
    int level = pending_level;
    pthread_mutex_unlock(&lock);
    return level;
}

PKGCTL_HIDDEN void av_log_set_callback(void (*callback)(void *, int, const char *, va_list)) {
    pthread_mutex_lock(&lock);
    pending_callback = callback;
    int open = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
    pthread_mutex_unlock(&lock);
    if (open) target_av_log_set_callback()(callback);
}

// libavcodec
FORWARD(AVCODEC, unsigned, avcodec_version, (void), ())
FORWARD(AVCODEC, AVCodecContext *, avcodec_alloc_context3, (const AVCodec *codec), (codec))
FORWARD_VOID(AVCODEC, avcodec_free_context, (AVCodecContext **avctx), (avctx))
FORWARD(AVCODEC, const AVCodec *, avcodec_find_decoder, (enum AVCodecID id), (id))
FORWARD(AVCODEC, const AVCodec *, avcodec_find_encoder_by_name, (const char *name), (name))
FORWARD(AVCODEC, const char *, avcodec_get_name, (enum AVCodecID id), (id))
FORWARD(AVCODEC, int, avcodec_open2, (AVCodecContext *avctx, const AVCodec *codec, AVDictionary **options),
        (avctx, codec, options))
FORWARD(AVCODEC, AVCodecParameters *, avcodec_parameters_alloc, (void), ())
FORWARD(AVCODEC, int, avcodec_parameters_copy, (AVCodecParameters *dst, const AVCodecParameters *src), (dst, src))
FORWARD_VOID(AVCODEC, avcodec_parameters_free, (AVCodecParameters **par), (par))
FORWARD(AVCODEC, int, avcodec_parameters_to_context, (AVCodecContext *codec, const AVCodecParameters *par), (codec, par))
FORWARD(AVCODEC, int, avcodec_send_packet, (AVCodecContext *avctx, const AVPacket *avpkt), (avctx, avpkt))
FORWARD(AVCODEC, int, avcodec_receive_frame, (AVCodecContext *avctx, AVFrame *frame), (avctx, frame))
FORWARD(AVCODEC, int, avcodec_send_frame, (AVCodecContext *avctx, const AVFrame *frame), (avctx, frame))
FORWARD(AVCODEC, int, avcodec_receive_packet, (AVCodecContext *avctx, AVPacket *avpkt), (avctx, avpkt))
FORWARD(AVCODEC, AVPacket *, av_packet_alloc, (void), ())
FORWARD_VOID(AVCODEC, av_packet_free, (AVPacket **pkt), (pkt))
FORWARD(AVCODEC, int, av_new_packet, (AVPacket *pkt, int size), (pkt, size))
FORWARD(AVCODEC, int, av_packet_ref, (AVPacket *dst, const AVPacket *src), (dst, src))
FORWARD_VOID(AVCODEC, av_packet_unref, (AVPacket *pkt), (pkt))
FORWARD(AVCODEC, int, av_packet_copy_props, (AVPacket *dst, const AVPacket *src), (dst, src))
FORWARD_VOID(AVCODEC, av_packet_rescale_ts, (AVPacket *pkt, AVRational tb_src, AVRational tb_dst), (pkt, tb_src, tb_dst))

// libavformat
FORWARD(AVFORMAT, unsigned, avformat_version, (void), ())
FORWARD(AVFORMAT, AVFormatContext *, avformat_alloc_context, (void), ())
FORWARD(AVFORMAT, int, avformat_alloc_output_context2,
        (AVFormatContext **ctx, const AVOutputFormat *oformat, const char *format_name, const char *filename),
        (ctx, oformat, format_name, filename))
FORWARD_VOID(AVFORMAT, avformat_free_context, (AVFormatContext *s), (s))
FORWARD(AVFORMAT, int, avformat_open_input, (AVFormatContext **ps, const char *url, const AVInputFormat *fmt, AVDictionary **options),
        (ps, url, fmt, options))
FORWARD(AVFORMAT, int, avformat_find_stream_info, (AVFormatContext *ic, AVDictionary **options), (ic, options))
FORWARD_VOID(AVFORMAT, avformat_close_input, (AVFormatContext **s), (s))
FORWARD(AVFORMAT, AVStream *, avformat_new_stream, (AVFormatContext *s, const AVCodec *c), (s, c))
FORWARD(AVFORMAT, int, avformat_query_codec, (const AVOutputFormat *ofmt, enum AVCodecID codec_id, int std_compliance),
        (ofmt, codec_id, std_compliance))
FORWARD(AVFORMAT, int, avformat_write_header, (AVFormatContext *s, AVDictionary **options), (s, options))
FORWARD(AVFORMAT, int, av_read_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt))
FORWARD(AVFORMAT, int, av_write_frame, (AVFormatContext *s, AVPacket *pkt), (s, pkt))
FORWARD(AVFORMAT, int, av_write_trailer, (AVFormatContext *s), (s))
FORWARD(AVFORMAT, AVIOContext *, avio_alloc_context,
        (unsigned char *buffer, int buffer_size, int write_flag, void *opaque,
         int (*read_packet)(void *opaque, uint8_t *buf, int buf_size),
         int (*write_packet)(void *opaque, uint8_t *buf, int buf_size),
         int64_t (*seek)(void *opaque, int64_t offset, int whence)),
        (buffer, buffer_size, write_flag, opaque, read_packet, write_packet, seek))
FORWARD_VOID(AVFORMAT, avio_context_free, (AVIOContext **s), (s))
FORWARD(AVFORMAT, int, avio_open, (AVIOContext **s, const char *url, int flags), (s, url, flags))
FORWARD(AVFORMAT, int, avio_open2,
        (AVIOContext **s, const char *url, int flags, const AVIOInterruptCB *int_cb, AVDictionary **options),
        (s, url, flags, int_cb, options))
FORWARD(AVFORMAT, int, avio_closep, (AVIOContext **s), (s))
FORWARD(AVFORMAT, int, avio_open_dyn_buf, (AVIOContext **s), (s))
FORWARD(AVFORMAT, int, avio_close_dyn_buf, (AVIOContext *s, uint8_t **pbuffer), (s, pbuffer))
FORWARD_VOID(AVFORMAT, avio_flush, (AVIOContext *s), (s))
FORWARD(AVFORMAT, int, avio_read, (AVIOContext *s, unsigned char *buf, int size), (s, buf, size))
FORWARD(AVFORMAT, int, avio_read_partial, (AVIOContext *s, unsigned char *buf, int size), (s, buf, size))
FORWARD(AVFORMAT, int64_t, avio_seek, (AVIOContext *s, int64_t offset, int whence), (s, offset, whence))
FORWARD(AVFORMAT, int64_t, avio_size, (AVIOContext *s), (s))
