#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Option and info numbers from curl.h (stable since libcurl 7.x; checked against 7.88).
enum {
    OPT_WRITEDATA = 10001, OPT_URL = 10002, OPT_ERRORBUFFER = 10010, OPT_WRITEFUNCTION = 20011,
    OPT_POSTFIELDS = 10015, OPT_LOW_SPEED_LIMIT = 19, OPT_LOW_SPEED_TIME = 20, OPT_HTTPHEADER = 10023,
    OPT_HEADERDATA = 10029, OPT_CUSTOMREQUEST = 10036, OPT_NOPROGRESS = 43, OPT_FOLLOWLOCATION = 52,
    OPT_HTTPGET = 80, OPT_NOSIGNAL = 99, OPT_HEADERFUNCTION = 20079, OPT_ACCEPT_ENCODING = 10102,
    OPT_TIMEOUT_MS = 155, OPT_CONNECTTIMEOUT_MS = 156, OPT_PROTOCOLS = 181, OPT_XFERINFOFUNCTION = 20219,
    OPT_XFERINFODATA = 10057, OPT_POSTFIELDSIZE_LARGE = 30120,
    INFO_RESPONSE_CODE = 0x200002,
    GLOBAL_DEFAULT = 3,
    PROTO_HTTP = 1, PROTO_HTTPS = 2,
    E_ABORTED_BY_CALLBACK = 42,
    ERROR_SIZE = 256,
};

typedef void CURL;
struct curl_slist;
typedef int64_t curl_off_t;

static struct {
    int (*global_init)(long);
    CURL *(*easy_init)(void);
    int (*easy_setopt)(CURL *, int, ...);
    int (*easy_perform)(CURL *);
    int (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(int);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256] = "";

static void load(void) {
    static const char *const names[] = { "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so" };
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "libcurl is not installed (%s)", reason ? reason : "dlopen failed");
        return;
    }
#define LOAD(field, symbol)                                                                         \
    *(void **)(&api.field) = dlsym(handle, symbol);                                                 \
    if (api.field == NULL) {                                                                        \
        snprintf(load_error, sizeof load_error, "libcurl has no %s", symbol);                       \
        return;                                                                                     \
    }
    LOAD(global_init, "curl_global_init")
    LOAD(easy_init, "curl_easy_init")
    LOAD(easy_setopt, "curl_easy_setopt")
    LOAD(easy_perform, "curl_easy_perform")
    LOAD(easy_getinfo, "curl_easy_getinfo")
    LOAD(easy_cleanup, "curl_easy_cleanup")
    LOAD(easy_strerror, "curl_easy_strerror")
    LOAD(slist_append, "curl_slist_append")
    LOAD(slist_free_all, "curl_slist_free_all")
#undef LOAD
    if (api.global_init(GLOBAL_DEFAULT) != 0) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed");
        return;
    }
    loaded = 1;
}

int tui_curl_load(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *tui_curl_load_error(void) {
    tui_curl_load();
    return load_error;
}

struct tui_cancel_token {
    atomic_int cancelled;
};

tui_cancel_token *tui_cancel_new(void) {
    tui_cancel_token *token = malloc(sizeof *token);
    if (token) atomic_init(&token->cancelled, 0);
    return token;
}

void tui_cancel_set(tui_cancel_token *token) {
    if (token) atomic_store(&token->cancelled, 1);
}

void tui_cancel_free(tui_cancel_token *token) { free(token); }

static int append(tui_buffer *buffer, const char *bytes, size_t count) {
    if (buffer->length + count > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + count) capacity *= 2;
        char *grown = realloc(buffer->data, capacity);
        if (grown == NULL) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, count);
    buffer->length += count;
    return 1;
}

static size_t on_data(char *bytes, size_t size, size_t count, void *context) {
    size_t total = size * count;
    return append(context, bytes, total) ? total : 0;
}

static int on_progress(void *context, curl_off_t a, curl_off_t b, curl_off_t c, curl_off_t d) {
    (void)a; (void)b; (void)c; (void)d;
    tui_cancel_token *token = context;
    return token && atomic_load(&token->cancelled) ? 1 : 0;
}

void tui_buffer_free(tui_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = buffer->capacity = 0;
}

int tui_curl_perform(const char *method, const char *url, const char *const *headers, size_t header_count,
                     const void *body, size_t body_length, long connect_timeout_ms, long idle_timeout_s,
                     long total_timeout_ms, tui_cancel_token *cancel, long *status, tui_buffer *header_out,
                     tui_buffer *body_out, char *error_out, size_t error_capacity) {
    if (!tui_curl_load()) {
        snprintf(error_out, error_capacity, "%s", load_error);
        return -1;
    }
    CURL *curl = api.easy_init();
    if (curl == NULL) {
        snprintf(error_out, error_capacity, "curl_easy_init failed");
        return -1;
    }
    char curl_error[ERROR_SIZE] = "";
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = api.slist_append(list, headers[i]);
    // No "Expect: 100-continue" on larger POST bodies (it would wait for the server's go-ahead).
    list = api.slist_append(list, "Expect:");

    api.easy_setopt(curl, OPT_URL, url);
    api.easy_setopt(curl, OPT_NOSIGNAL, 1L);
    api.easy_setopt(curl, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    api.easy_setopt(curl, OPT_FOLLOWLOCATION, 0L);
    api.easy_setopt(curl, OPT_ACCEPT_ENCODING, "");
    api.easy_setopt(curl, OPT_HTTPHEADER, list);
    api.easy_setopt(curl, OPT_ERRORBUFFER, curl_error);
    api.easy_setopt(curl, OPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    api.easy_setopt(curl, OPT_LOW_SPEED_LIMIT, 1L);
    api.easy_setopt(curl, OPT_LOW_SPEED_TIME, idle_timeout_s < 1 ? 1L : idle_timeout_s);
    api.easy_setopt(curl, OPT_TIMEOUT_MS, total_timeout_ms);
    api.easy_setopt(curl, OPT_WRITEFUNCTION, on_data);
    api.easy_setopt(curl, OPT_WRITEDATA, body_out);
    api.easy_setopt(curl, OPT_HEADERFUNCTION, on_data);
    api.easy_setopt(curl, OPT_HEADERDATA, header_out);
    api.easy_setopt(curl, OPT_NOPROGRESS, 0L);
    api.easy_setopt(curl, OPT_XFERINFOFUNCTION, on_progress);
    api.easy_setopt(curl, OPT_XFERINFODATA, cancel);
    if (body != NULL) {
        api.easy_setopt(curl, OPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        api.easy_setopt(curl, OPT_POSTFIELDS, body);
    } else {
        api.easy_setopt(curl, OPT_HTTPGET, 1L);
    }
    if (strcmp(method, body != NULL ? "POST" : "GET") != 0) api.easy_setopt(curl, OPT_CUSTOMREQUEST, method);

    int code = api.easy_perform(curl);
    if (code == 0) {
        api.easy_getinfo(curl, INFO_RESPONSE_CODE, status);
    } else if (code == E_ABORTED_BY_CALLBACK && cancel && atomic_load(&cancel->cancelled)) {
        code = -2;
        snprintf(error_out, error_capacity, "cancelled");
    } else {
        snprintf(error_out, error_capacity, "%s", curl_error[0] ? curl_error : api.easy_strerror(code));
    }
    api.easy_cleanup(curl);
    api.slist_free_all(list);
    return code;
}
