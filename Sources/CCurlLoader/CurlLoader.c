// libcurl on demand, for the HTTP requests pkgctl sends itself (CurlRequest.c: uploads to an
// origin, validate's and timeline's fetches, a batch's probes). Linked as a shared library, libcurl
// and the thirty libraries it needs (OpenSSL, GnuTLS, Kerberos, LDAP, SSH, …) were loaded and their
// symbols resolved at every start, 5.3 ms of CPU per process on the development machine (perf stat
// of a C program that only links libcurl: 5.86 ms task-clock, against 0.53 ms without it) — about
// 4 % of a `pkgctl vod` run and half of a `pkgctl validate` — when the static Foundation's
// URLSession still linked it.
//
// Each libcurl function CurlRequest.c calls is defined here as a forwarder with the header's own
// signature: the first call opens libcurl with dlopen and binds the function with dlsym, as
// CFFmpegLoader does for FFmpeg. `--as-needed` (Package.swift) leaves libcurl out of the
// executable's needed libraries. The forwarders are hidden, so the executable (linked with
// -export-dynamic) never offers them to libcurl itself.
//
// A machine without libcurl ends the process at the first HTTP request with one line naming
// what is missing (exit 1); `pkgctl_curl_load` lets Swift ask first.
#include "CCurlLoader.h"

// The forwarders are functions, not curl.h's type-checking macros.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define PKGCTL_HIDDEN __attribute__((visibility("hidden")))

static const char library_name[] = "libcurl.so.4";
static void *handle;
static int loaded;                          // read with acquire, written with release
static char failure[512];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static int load_locked(void) {
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return 0;
    if (failure[0]) return -1;
    handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "%s", why ? why : library_name);
        return -1;
    }
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
    return 0;
}

int pkgctl_curl_is_loaded(void) { return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE); }

int pkgctl_curl_load(char *reason, unsigned long reason_size) {
    pthread_mutex_lock(&lock);
    int result = load_locked();
    if (result != 0 && reason && reason_size > 0) snprintf(reason, reason_size, "%s", failure);
    pthread_mutex_unlock(&lock);
    return result;
}

// The address of `name` in libcurl, opening it first if no call has yet; a machine without
// libcurl, or a libcurl without the function, ends the process.
static void *bind_symbol(void **slot, const char *name) {
    void *address = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (address) return address;
    char reason[512];
    if (pkgctl_curl_load(reason, sizeof reason) != 0) {
        fprintf(stderr, "pkgctl: cannot load %s for HTTP (%s); install libcurl4\n", library_name, reason);
        exit(1);
    }
    address = dlsym(handle, name);
    if (!address) {
        fprintf(stderr, "pkgctl: %s has no function %s (pkgctl was built against libcurl %s headers)\n",
                library_name, name, LIBCURL_VERSION);
        exit(1);
    }
    __atomic_store_n(slot, address, __ATOMIC_RELEASE);
    return address;
}

#define TARGET(name) \
    static void *slot_##name; \
    static inline __typeof__(&name) target_##name(void) { return (__typeof__(&name))bind_symbol(&slot_##name, #name); }
#define FORWARD(result, name, params, args) \
    TARGET(name) \
    PKGCTL_HIDDEN result name params { return target_##name() args; }
#define FORWARD_VOID(name, params, args) \
    TARGET(name) \
    PKGCTL_HIDDEN void name params { target_##name() args; }

FORWARD(CURLcode, curl_global_init, (long flags), (flags))
FORWARD(struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *string), (list, string))
FORWARD_VOID(curl_slist_free_all, (struct curl_slist *list), (list))

FORWARD(CURL *, curl_easy_init, (void), ())
FORWARD_VOID(curl_easy_cleanup, (CURL *curl), (curl))
FORWARD(const char *, curl_easy_strerror, (CURLcode code), (code))
FORWARD(CURLcode, curl_easy_perform, (CURL *curl), (curl))
FORWARD_VOID(curl_easy_reset, (CURL *curl), (curl))

// The variadic two take exactly one argument after the option, whose type the option's number
// says (curl.h's CURLOPTTYPE_* ranges, which the multi options share): it is read as that type
// and passed on as that type, as libcurl's own setopt reads it.
typedef void (*curl_function)(void);

#define PASS_ONE_ARGUMENT(result, function, handle, option, arguments) \
    do { \
        if ((option) < CURLOPTTYPE_OBJECTPOINT) { \
            result = function(handle, option, va_arg(arguments, long)); \
        } else if ((option) < CURLOPTTYPE_FUNCTIONPOINT) { \
            result = function(handle, option, va_arg(arguments, void *)); \
        } else if ((option) < CURLOPTTYPE_OFF_T) { \
            result = function(handle, option, va_arg(arguments, curl_function)); \
        } else if ((option) < CURLOPTTYPE_BLOB) { \
            result = function(handle, option, va_arg(arguments, curl_off_t)); \
        } else { \
            result = function(handle, option, va_arg(arguments, struct curl_blob *)); \
        } \
    } while (0)

// A setopt forwarder: `name(handle, option, argument)` with the argument passed on as its type.
#define FORWARD_SETOPT(result_type, name, handle_type, option_type) \
    TARGET(name) \
    PKGCTL_HIDDEN result_type name(handle_type *handle, option_type option, ...) { \
        va_list arguments; \
        va_start(arguments, option); \
        __typeof__(&name) forward = target_##name(); \
        result_type result; \
        PASS_ONE_ARGUMENT(result, forward, handle, option, arguments); \
        va_end(arguments); \
        return result; \
    }

FORWARD_SETOPT(CURLcode, curl_easy_setopt, CURL, CURLoption)

// Every CURLINFO takes a pointer to where the answer goes.
TARGET(curl_easy_getinfo)
PKGCTL_HIDDEN CURLcode curl_easy_getinfo(CURL *curl, CURLINFO info, ...) {
    va_list arguments;
    va_start(arguments, info);
    void *answer = va_arg(arguments, void *);
    va_end(arguments);
    return target_curl_easy_getinfo()(curl, info, answer);
}
