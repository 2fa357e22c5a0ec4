// One blocking HTTP request through libcurl's easy interface, for the HTTP sink's worker
// threads. Foundation's URLSession (swift-corelibs-foundation) drives libcurl's multi interface
// from dispatch sources and, while a request waits for its answer, keeps the CPU busy: a vod
// run whose 40 uploads each waited 0.5 s for an origin took 19.1 s of wall and 15.5 s of CPU.
// curl_easy_perform waits in poll(2) instead. Each worker thread keeps its own handle, so its
// connection stays open from one request to the next.
#include "CCurlLoader.h"

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

#include <stdio.h>
#include <string.h>
#include <strings.h>

struct upload {
    const unsigned char *bytes;
    size_t size;
    size_t sent;
};

struct answer {
    char *retry_after;
    size_t retry_after_size;
};

static size_t read_body(char *buffer, size_t size, size_t count, void *context) {
    struct upload *body = context;
    size_t room = size * count, left = body->size - body->sent;
    size_t n = left < room ? left : room;
    if (n) memcpy(buffer, body->bytes + body->sent, n);
    body->sent += n;
    return n;
}

// A redirect sends the body again from its start.
static int seek_body(void *context, curl_off_t offset, int origin) {
    struct upload *body = context;
    if (origin != SEEK_SET || offset < 0 || (size_t)offset > body->size) return CURL_SEEKFUNC_CANTSEEK;
    body->sent = (size_t)offset;
    return CURL_SEEKFUNC_OK;
}

static size_t discard_body(char *data, size_t size, size_t count, void *context) {
    (void)data; (void)context;
    return size * count;
}

// Keeps the last response's Retry-After; a new status line (after a redirect) clears it.
static size_t read_header(char *line, size_t size, size_t count, void *context) {
    struct answer *answer = context;
    size_t length = size * count;
    static const char field[] = "retry-after:";
    if (length >= 5 && strncmp(line, "HTTP/", 5) == 0) {
        answer->retry_after[0] = 0;
    } else if (length > sizeof field - 1 && strncasecmp(line, field, sizeof field - 1) == 0) {
        size_t start = sizeof field - 1, end = length;
        while (start < end && (line[start] == ' ' || line[start] == '\t')) start++;
        while (end > start && (line[end - 1] == '\r' || line[end - 1] == '\n' || line[end - 1] == ' ')) end--;
        size_t n = end - start < answer->retry_after_size - 1 ? end - start : answer->retry_after_size - 1;
        memcpy(answer->retry_after, line + start, n);
        answer->retry_after[n] = 0;
    }
    return length;
}

// libcurl calls this about once a second and more often while data moves; non-zero aborts.
static int check_cancel(void *context, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a; (void)b; (void)c; (void)d;
    return __atomic_load_n((const int *)context, __ATOMIC_ACQUIRE) ? 1 : 0;
}

void *pkgctl_http_handle(void) { return curl_easy_init(); }

void pkgctl_http_cancel(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }

void pkgctl_http_handle_free(void *handle) {
    if (handle) curl_easy_cleanup(handle);
}

int pkgctl_http_request(void *handle, const char *method, const char *url, int has_body, const void *body, size_t body_size,
                        const char *const *headers, size_t header_count, long timeout_ms, const int *cancel,
                        long *status, char *retry_after, size_t retry_after_size, char *error, size_t error_size) {
    CURL *curl = handle;
    struct upload upload = { body, body_size, 0 };
    struct answer answer = { retry_after, retry_after_size };
    char message[CURL_ERROR_SIZE] = "";
    // "Expect:" with no value: no 100-continue round trip before each body.
    struct curl_slist *list = curl_slist_append(NULL, "Expect:");
    *status = 0;
    if (retry_after_size) retry_after[0] = 0;
    for (size_t i = 0; list && i < header_count; i++) {
        struct curl_slist *next = curl_slist_append(list, headers[i]);
        if (!next) {
            curl_slist_free_all(list);
            list = NULL;
            break;
        }
        list = next;
    }
    if (!list) {
        snprintf(error, error_size, "out of memory for the request's headers");
        return -1;
    }
    curl_easy_reset(curl);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    if (has_body) {
        // UPLOAD makes it a PUT with this body; the custom method name keeps any other verb.
        curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
        curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_body);
        curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
        curl_easy_setopt(curl, CURLOPT_SEEKFUNCTION, seek_body);
        curl_easy_setopt(curl, CURLOPT_SEEKDATA, &upload);
        curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)body_size);
    }
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, discard_body);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, read_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &answer);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, message);
    // As URLSession was set up: the timeout bounds connecting and any stall; the whole request
    // may take twice as long.
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms * 2);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, (timeout_ms + 999) / 1000);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, check_cancel);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, (void *)cancel);
    CURLcode code = curl_easy_perform(curl);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, NULL);
    curl_slist_free_all(list);
    if (code != CURLE_OK) {
        snprintf(error, error_size, "%s", message[0] ? message : curl_easy_strerror(code));
        return -1;
    }
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, status);
    return 0;
}
