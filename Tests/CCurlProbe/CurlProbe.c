// Requests through the forwarders of Sources/CCurlLoader, linked into the test executable: these
// references bind to them (an object's definition wins over a shared library's), so every option
// kind their variadic setopt must carry — a long, a string, a function, a data pointer, a
// curl_off_t, a header list — and the getinfo answer go through them to the libcurl they opened.
#include "CCurlProbe.h"

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <string.h>

struct source {
    const char *bytes;
    size_t left;
};

static size_t read_body(char *buffer, size_t size, size_t count, void *user) {
    struct source *source = user;
    size_t n = size * count < source->left ? size * count : source->left;
    memcpy(buffer, source->bytes, n);
    source->bytes += n;
    source->left -= n;
    return n;
}

struct sink {
    char *bytes;
    size_t capacity;
    size_t length;
};

static size_t write_body(char *data, size_t size, size_t count, void *user) {
    struct sink *sink = user;
    size_t n = size * count;
    if (n > sink->capacity - sink->length) return 0;     // libcurl then fails the transfer
    memcpy(sink->bytes + sink->length, data, n);
    sink->length += n;
    return n;
}

static int perform(CURL *curl, const char *url, const char *header, long *status) {
    struct curl_slist *headers = header ? curl_slist_append(NULL, header) : NULL;
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, 10000L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    if (headers) curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    CURLcode result = curl_easy_perform(curl);
    *status = 0;
    if (result == CURLE_OK) result = curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return (int)result;
}

int pkgctl_curl_probe_put(const char *url, const char *header, const char *body, size_t length, long *status) {
    CURL *curl = curl_easy_init();
    if (!curl) return (int)CURLE_FAILED_INIT;
    struct source source = {body, length};
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_body);
    curl_easy_setopt(curl, CURLOPT_READDATA, &source);
    curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)length);
    return perform(curl, url, header, status);
}

int pkgctl_curl_probe_get(const char *url, const char *header, char *out, size_t capacity, size_t *length, long *status) {
    CURL *curl = curl_easy_init();
    if (!curl) return (int)CURLE_FAILED_INIT;
    struct sink sink = {out, capacity, 0};
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
    int result = perform(curl, url, header, status);
    *length = sink.length;
    return result;
}

const char *pkgctl_curl_probe_error(int code) { return curl_easy_strerror((CURLcode)code); }
