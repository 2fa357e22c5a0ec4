// libcurl is opened when Foundation's URLSession first calls into it, not at process start.
#ifndef PKGCTL_CCURL_LOADER_H
#define PKGCTL_CCURL_LOADER_H

// 1 once libcurl is open in this process.
int pkgctl_curl_is_loaded(void);

// Opens it now (idempotent). 0 on success; otherwise -1, with dlerror()'s text in `reason`.
int pkgctl_curl_load(char *reason, unsigned long reason_size);

#endif
