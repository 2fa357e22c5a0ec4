// FFmpeg's libraries are opened when pkgctl first calls into them, not at process start.
#ifndef PKGCTL_CFFMPEG_LOADER_H
#define PKGCTL_CFFMPEG_LOADER_H

// 1 once libavformat, libavcodec and libavutil are open in this process.
int pkgctl_ffmpeg_is_loaded(void);

// Opens them now (idempotent). 0 on success; otherwise -1, with dlerror()'s text in `reason`.
int pkgctl_ffmpeg_load(char *reason, unsigned long reason_size);

#endif
