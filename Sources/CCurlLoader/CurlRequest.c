// One blocking HTTP request through libcurl's easy interface: the HTTP sink's uploads and the
// read side's fetches (validate, timeline, a batch's probes). Foundation's URLSession
// (swift-corelibs-foundation) drives libcurl's multi interface from dispatch sources and, while a
// request waits for its answer, keeps the CPU busy: a vod run of the sample whose uploads each
// waited 0.5 s for an origin took 19.1 s of wall and 15.5 s of CPU. curl_easy_perform waits in poll(2)
// instead. A caller that sends again keeps its handle, and so its connection.
#include "CCurlLoader.h"

#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// The answer's header lines beyond this are not kept (no header pkgctl reads comes that late).
#define HEADER_ROOM 65536

struct upload {
    const unsigned char *bytes;
    size_t size;
    size_t sent;
};

struct download {
    CURL *curl;
    struct pkgctl_http_reply *reply;
    size_t keep;                // body bytes kept at most; 0: none kept
    size_t capacity;
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

// Keeps up to `keep` bytes; past that, or when the announced length is already past it, stops
// the transfer (a wrong count aborts it) and says so.
static size_t write_body(char *data, size_t size, size_t count, void *context) {
    struct download *d = context;
    struct pkgctl_http_reply *reply = d->reply;
    size_t n = size * count;
    if (d->keep == 0) return n;
    if (reply->received == 0) {
        curl_off_t announced = -1;
        if (curl_easy_getinfo(d->curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced) == CURLE_OK && announced > (curl_off_t)d->keep) {
            reply->over_limit = 1;
            reply->received = (unsigned long long)announced;
            return 0;
        }
    }
    reply->received += n;
    if (reply->received > d->keep) {
        reply->over_limit = 1;
        return 0;
    }
    if (reply->body_size + n > d->capacity) {
        size_t capacity = d->capacity ? d->capacity : 16384;
        while (capacity < reply->body_size + n) capacity *= 2;
        unsigned char *grown = realloc(reply->body, capacity);
        if (!grown) return 0;
        reply->body = grown;
        d->capacity = capacity;
    }
    memcpy(reply->body + reply->body_size, data, n);
    reply->body_size += n;
    return n;
}

// Keeps the final answer's header lines: a new status line (after a redirect) starts over.
static size_t read_header(char *line, size_t size, size_t count, void *context) {
    struct pkgctl_http_reply *reply = context;
    size_t length = size * count;
    if (!reply->headers) {
        reply->headers = malloc(HEADER_ROOM);
        if (!reply->headers) return length;
        reply->headers[0] = 0;
    }
    if (length >= 5 && strncmp(line, "HTTP/", 5) == 0) {
        reply->headers_size = 0;
        reply->headers[0] = 0;
        return length;
    }
    if (reply->headers_size + length < HEADER_ROOM) {
        memcpy(reply->headers + reply->headers_size, line, length);
        reply->headers_size += length;
        reply->headers[reply->headers_size] = 0;
    }
    return length;
}

// libcurl calls this about once a second and more often while data moves; non-zero aborts.
static int check_cancel(void *context, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a; (void)b; (void)c; (void)d;
    return context && __atomic_load_n((const int *)context, __ATOMIC_ACQUIRE) ? 1 : 0;
}

// curl_easy_init would run curl_global_init itself, which is not safe on two threads at once
// (parallel uploads make their handles at the same moment).
static pthread_once_t global_once = PTHREAD_ONCE_INIT;
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

// Only http and https, for the request and any redirect it follows; redirects from https stay
// on https (no body or header of a TLS request goes out in cleartext). libcurl is opened at run
// time, so it may be older than these headers: before 7.85 only the bitmask options exist, and
// the string ones fail with CURLE_UNKNOWN_OPTION, which would leave every protocol allowed.
static void limit_protocols(CURL *curl, int from_https) {
    if (curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https") == CURLE_OK
        && curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, from_https ? "https" : "http,https") == CURLE_OK) {
        return;
    }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS, (long)(from_https ? CURLPROTO_HTTPS : CURLPROTO_HTTP | CURLPROTO_HTTPS));
#pragma GCC diagnostic pop
}

void *pkgctl_http_handle(void) {
    pthread_once(&global_once, global_init);
    return curl_easy_init();
}

void pkgctl_http_handle_free(void *handle) {
    if (handle) curl_easy_cleanup(handle);
}

void pkgctl_http_cancel(int *flag) { __atomic_store_n(flag, 1, __ATOMIC_RELEASE); }

int pkgctl_http_cancelled(const int *flag) { return __atomic_load_n(flag, __ATOMIC_ACQUIRE) != 0; }

void pkgctl_http_reply_free(struct pkgctl_http_reply *reply) {
    free(reply->body);
    free(reply->headers);
    reply->body = NULL;
    reply->headers = NULL;
}

int pkgctl_http_request(void *handle, const char *method, const char *url, int has_body, const void *body, size_t body_size,
                        const char *const *headers, size_t header_count, long timeout_ms, const int *cancel,
                        size_t keep_body, struct pkgctl_http_reply *reply) {
    CURL *curl = handle;
    struct upload upload = { body, body_size, 0 };
    struct download download = { curl, reply, keep_body, 0 };
    char message[CURL_ERROR_SIZE] = "";
    memset(reply, 0, sizeof *reply);
    // "Expect:" with no value: no 100-continue round trip before each body.
    struct curl_slist *list = curl_slist_append(NULL, "Expect:");
    for (size_t i = 0; list && i < header_count; i++) {
        struct curl_slist *next = curl_slist_append(list, headers[i]);
        if (!next) curl_slist_free_all(list);        // append leaves the list as it was on failure
        list = next;
    }
    if (!list) {
        snprintf(reply->error, sizeof reply->error, "out of memory for the request's headers");
        return -1;
    }
    curl_easy_reset(curl);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    limit_protocols(curl, strncasecmp(url, "https:", 6) == 0);
    // Reads follow redirects; uploads and deletes do not: libcurl would send the body and every
    // header the caller set (an origin's token among them) to whatever host the answer names.
    int reads = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, reads ? 1L : 0L);
    curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    if (strcmp(method, "HEAD") == 0) {
        curl_easy_setopt(curl, CURLOPT_NOBODY, 1L);         // a custom HEAD would wait for a body
    } else if (strcmp(method, "GET") != 0) {
        curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    }
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
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &download);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, read_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, reply);
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
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &reply->status);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, NULL);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, NULL);
    curl_slist_free_all(list);
    if (code != CURLE_OK && !reply->over_limit) {
        snprintf(reply->error, sizeof reply->error, "%s", message[0] ? message : curl_easy_strerror(code));
        return -1;
    }
    return 0;
}
