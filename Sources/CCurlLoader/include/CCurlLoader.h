// libcurl, opened at pkgctl's first HTTP request rather than at process start, and the one
// blocking request through which pkgctl sends every HTTP request of its own.
#ifndef PKGCTL_CCURL_LOADER_H
#define PKGCTL_CCURL_LOADER_H

#include <stddef.h>

// 1 once libcurl is open in this process.
int pkgctl_curl_is_loaded(void);

// Opens it now (idempotent). 0 on success; otherwise -1, with dlerror()'s text in `reason`.
int pkgctl_curl_load(char *reason, unsigned long reason_size);

// Blocking HTTP requests (CurlRequest.c). A handle is a libcurl easy handle, used by one thread
// at a time; NULL when libcurl cannot make one.
void *pkgctl_http_handle(void);
void pkgctl_http_handle_free(void *handle);

// What came back: the final status (0 when none), the body kept, and the final answer's header
// lines ("Name: value\r\n" each, NUL-terminated; NULL when none came).
struct pkgctl_http_reply {
    long status;
    unsigned char *body;
    size_t body_size;
    // Body bytes received, or the length announced when that alone passed the limit.
    unsigned long long received;
    // 1 when the transfer was stopped because the body passed `keep_body`.
    int over_limit;
    char *headers;
    size_t headers_size;
    char error[512];
};

// Sends `method` to `url` with `body` (when `has_body`; it may be empty) and `headers` ("Name:
// value" each), follows up to 5 redirects for GET and HEAD (http and https only; https to https
// only) and none for other methods, and keeps up to `keep_body`
// bytes of the answer's body (0: none; more stops the transfer with `over_limit`). 0 when an
// answer came (or the body passed the limit), -1 with why in `reply->error` when none did. A
// request ends within about a second once `*cancel` (may be NULL) is non-zero.
// `pkgctl_http_reply_free` frees what the reply holds, whatever was returned.
int pkgctl_http_request(void *handle, const char *method, const char *url, int has_body, const void *body,
                        size_t body_size, const char *const *headers, size_t header_count, long timeout_ms,
                        const int *cancel, size_t keep_body, struct pkgctl_http_reply *reply);
void pkgctl_http_reply_free(struct pkgctl_http_reply *reply);

// Sets a cancel flag that requests read on other threads.
void pkgctl_http_cancel(int *flag);
// Whether such a flag is set (an atomic read: another thread sets it).
int pkgctl_http_cancelled(const int *flag);

#endif
