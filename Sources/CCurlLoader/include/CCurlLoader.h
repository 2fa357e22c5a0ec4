// libcurl is opened when Foundation's URLSession or the HTTP sink first calls into it, not at
// process start.
#ifndef PKGCTL_CCURL_LOADER_H
#define PKGCTL_CCURL_LOADER_H

#include <stddef.h>

// 1 once libcurl is open in this process.
int pkgctl_curl_is_loaded(void);

// Opens it now (idempotent). 0 on success; otherwise -1, with dlerror()'s text in `reason`.
int pkgctl_curl_load(char *reason, unsigned long reason_size);

// HTTP requests for the HTTP sink (CurlRequest.c). A handle is a libcurl easy handle, one per
// thread that sends; NULL when libcurl cannot make one.
void *pkgctl_http_handle(void);
void pkgctl_http_handle_free(void *handle);

// Sends `method` to `url` with `body` (when `has_body`; it may be empty) and `headers` ("Name: value" each) and waits
// for the answer, following up to 5 redirects. 0 with the final `status` and its Retry-After
// (empty when none) in `retry_after`; -1 when no answer came, with why in `error`. A request
// ends within about a second once `*cancel` is non-zero.
int pkgctl_http_request(void *handle, const char *method, const char *url, int has_body, const void *body, size_t body_size,
                        const char *const *headers, size_t header_count, long timeout_ms, const int *cancel,
                        long *status, char *retry_after, size_t retry_after_size, char *error,
                        size_t error_size);

// Sets a cancel flag that requests read on other threads.
void pkgctl_http_cancel(int *flag);

#endif
