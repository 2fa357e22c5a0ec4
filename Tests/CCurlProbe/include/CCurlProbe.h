// Test support: libcurl requests made through CCurlLoader's forwarders (see CurlProbe.c).
#ifndef PKGCTL_CCURL_PROBE_H
#define PKGCTL_CCURL_PROBE_H

#include <stddef.h>

// PUTs `length` bytes of `body` to `url` with `header` (NULL: none); the answer's status in
// `status`. Returns libcurl's result code (0: the exchange completed, whatever its status).
int pkgctl_curl_probe_put(const char *url, const char *header, const char *body, size_t length, long *status);

// GETs `url` with `header` into `out` (at most `capacity` bytes, the count in `length`).
int pkgctl_curl_probe_get(const char *url, const char *header, char *out, size_t capacity, size_t *length, long *status);

// libcurl's text for a result code.
const char *pkgctl_curl_probe_error(int code);

#endif
