#define _GNU_SOURCE  // pthread_setname_np
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
    OPT_PRIVATE = 10103, OPT_HTTP_VERSION = 84, OPT_PIPEWAIT = 237, OPT_CAINFO = 10065, OPT_CAPATH = 10097,
    INFO_RESPONSE_CODE = 0x200002, INFO_PRIVATE = 0x100015, INFO_NUM_CONNECTS = 0x20001A,
    HTTP_VERSION_2TLS = 4,
    MOPT_PIPELINING = 3, MOPT_MAX_HOST_CONNECTIONS = 7, PIPE_MULTIPLEX = 2,
    MSG_DONE = 1,
    E_WRITE_ERROR = 23,
    GLOBAL_DEFAULT = 3,
    PROTO_HTTP = 1, PROTO_HTTPS = 2,
    ERROR_SIZE = 256,
    IDLE_WAIT_MS = 24 * 60 * 60 * 1000,  // the network thread's wait with nothing in flight: a day
};

typedef void CURL;
typedef void CURLM;
typedef struct {
    int msg;
    CURL *easy_handle;
    union { void *whatever; int result; } data;
} CURLMsg;
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
    CURLM *(*multi_init)(void);
    int (*multi_setopt)(CURLM *, int, ...);
    int (*multi_add_handle)(CURLM *, CURL *);
    int (*multi_remove_handle)(CURLM *, CURL *);
    int (*multi_perform)(CURLM *, int *);
    int (*multi_poll)(CURLM *, void *, unsigned int, int, int *);
    int (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256] = "";

static void load(void) {
    static const char *const names[] = { "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so" };
    void *handle = NULL;
    const char *name = names[0];
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (handle != NULL) {
            name = names[i];
        } else if (i == 0) {
            // The first name's failure is the one to report ("libcurl.so.4: cannot open shared object file").
            const char *reason = dlerror();
            snprintf(load_error, sizeof load_error, "%s", reason ? reason : "libcurl.so.4: dlopen failed");
        }
    }
    if (handle == NULL) return;
#define LOAD(field, symbol)                                                                         \
    *(void **)(&api.field) = dlsym(handle, symbol);                                                 \
    if (api.field == NULL) {                                                                        \
        snprintf(load_error, sizeof load_error, "%s has no %s", name, symbol);                      \
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
    LOAD(multi_init, "curl_multi_init")
    LOAD(multi_setopt, "curl_multi_setopt")
    LOAD(multi_add_handle, "curl_multi_add_handle")
    LOAD(multi_remove_handle, "curl_multi_remove_handle")
    LOAD(multi_perform, "curl_multi_perform")
    LOAD(multi_poll, "curl_multi_poll")
    LOAD(multi_wakeup, "curl_multi_wakeup")
    LOAD(multi_info_read, "curl_multi_info_read")
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

void tui_buffer_free(tui_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = buffer->capacity = 0;
}

// ---------------------------------------------------------------------------------------------
// Transfers on one multi handle, driven by one network thread

struct tui_transfer {
    CURL *easy;
    struct curl_slist *headers;
    char *url;
    void *body;
    tui_buffer header_buffer;
    tui_buffer body_buffer;
    size_t max_body;
    int too_large;
    char error[ERROR_SIZE];
    tui_transfer_done done;
    void *context;
    atomic_int finished;
    atomic_int cancelled;
    atomic_int references;
    int in_multi;
    tui_transfer *next_pending;  // in the add or cancel queue (under the driver's mutex)
};

static struct {
    pthread_once_t once;
    int started;
    CURLM *multi;
    pthread_mutex_t mutex;
    tui_transfer **adds;
    size_t add_count, add_capacity;
    tui_transfer **cancels;
    size_t cancel_count, cancel_capacity;
} driver = { .once = PTHREAD_ONCE_INIT, .mutex = PTHREAD_MUTEX_INITIALIZER };

static void transfer_release(tui_transfer *transfer) {
    if (atomic_fetch_sub(&transfer->references, 1) != 1) return;
    if (transfer->easy) api.easy_cleanup(transfer->easy);
    if (transfer->headers) api.slist_free_all(transfer->headers);
    free(transfer->url);
    free(transfer->body);
    tui_buffer_free(&transfer->header_buffer);
    tui_buffer_free(&transfer->body_buffer);
    free(transfer);
}

void tui_transfer_release(tui_transfer *transfer) {
    if (transfer) transfer_release(transfer);
}

static size_t on_body(char *bytes, size_t size, size_t count, void *context) {
    tui_transfer *transfer = context;
    size_t total = size * count;
    if (transfer->max_body > 0 && transfer->body_buffer.length + total > transfer->max_body) {
        transfer->too_large = 1;
        return 0;  // aborts the transfer (CURLE_WRITE_ERROR): nothing half-read is kept
    }
    return append(&transfer->body_buffer, bytes, total) ? total : 0;
}

static size_t on_header(char *bytes, size_t size, size_t count, void *context) {
    tui_transfer *transfer = context;
    size_t total = size * count;
    if (transfer->header_buffer.length + total > (1u << 20)) return 0;  // 1 MiB of headers: a hostile server
    return append(&transfer->header_buffer, bytes, total) ? total : 0;
}

/// Calls `done` once (on the network thread) and drops the driver's reference.
static void finish(tui_transfer *transfer, int code) {
    if (atomic_exchange(&transfer->finished, 1)) return;
    long status = 0;
    const char *message = "";
    if (atomic_load(&transfer->cancelled)) {
        code = -2;
        message = "cancelled";
    } else if (code == 0) {
        api.easy_getinfo(transfer->easy, INFO_RESPONSE_CODE, &status);
    } else if (code == E_WRITE_ERROR && transfer->too_large) {
        code = -3;
        message = "the answer is larger than allowed";
    } else {
        message = transfer->error[0] ? transfer->error : api.easy_strerror(code);
    }
    long connects = 0;
    if (transfer->easy) api.easy_getinfo(transfer->easy, INFO_NUM_CONNECTS, &connects);
    transfer->done(transfer->context, code, status, transfer->header_buffer.data, transfer->header_buffer.length,
                   transfer->body_buffer.data, transfer->body_buffer.length, message, connects > 0 ? connects : 0);
    transfer_release(transfer);
}

static int push(tui_transfer ***list, size_t *count, size_t *capacity, tui_transfer *transfer) {
    if (*count == *capacity) {
        size_t grown = *capacity ? *capacity * 2 : 16;
        tui_transfer **bigger = realloc(*list, grown * sizeof *bigger);
        if (bigger == NULL) return 0;
        *list = bigger;
        *capacity = grown;
    }
    (*list)[(*count)++] = transfer;
    return 1;
}

static void *network_thread(void *unused) {
    (void)unused;
    tui_transfer **adds = NULL, **cancels = NULL;
    for (;;) {
        pthread_mutex_lock(&driver.mutex);
        size_t add_count = driver.add_count, cancel_count = driver.cancel_count;
        adds = realloc(adds, (add_count ? add_count : 1) * sizeof *adds);
        cancels = realloc(cancels, (cancel_count ? cancel_count : 1) * sizeof *cancels);
        if (add_count) memcpy(adds, driver.adds, add_count * sizeof *adds);
        if (cancel_count) memcpy(cancels, driver.cancels, cancel_count * sizeof *cancels);
        driver.add_count = driver.cancel_count = 0;
        pthread_mutex_unlock(&driver.mutex);

        for (size_t i = 0; i < add_count; i++) {
            tui_transfer *transfer = adds[i];
            if (atomic_load(&transfer->cancelled)) { finish(transfer, -2); continue; }
            int added = api.multi_add_handle(driver.multi, transfer->easy);
            if (added != 0) { snprintf(transfer->error, ERROR_SIZE, "curl_multi_add_handle failed (%d)", added); finish(transfer, added); continue; }
            transfer->in_multi = 1;
        }
        for (size_t i = 0; i < cancel_count; i++) {
            tui_transfer *transfer = cancels[i];
            if (transfer->in_multi) {
                api.multi_remove_handle(driver.multi, transfer->easy);
                transfer->in_multi = 0;
                finish(transfer, -2);
            }
            transfer_release(transfer);  // the cancel queue's reference
        }

        int running = 0;
        api.multi_perform(driver.multi, &running);
        int left = 0;
        CURLMsg *message;
        while ((message = api.multi_info_read(driver.multi, &left)) != NULL) {
            if (message->msg != MSG_DONE) continue;
            tui_transfer *transfer = NULL;
            api.easy_getinfo(message->easy_handle, INFO_PRIVATE, (char **)&transfer);
            int result = message->data.result;
            api.multi_remove_handle(driver.multi, message->easy_handle);
            if (transfer) {
                transfer->in_multi = 0;
                finish(transfer, result);
            }
        }
        // Nothing in flight: sleep until a transfer is added or cancelled (curl_multi_wakeup), not in
        // one-second naps (an idle app wakes for nothing). libcurl shortens either wait to its own
        // next timer, so a connection's timeouts still fire.
        api.multi_poll(driver.multi, NULL, 0, running > 0 ? 1000 : IDLE_WAIT_MS, NULL);
    }
    return NULL;
}

static void start_driver(void) {
    if (!tui_curl_load()) return;
    driver.multi = api.multi_init();
    if (driver.multi == NULL) return;
    // HTTP/2 streams share one connection; HTTP/1.1 keeps at most 4 alive to one host.
    api.multi_setopt(driver.multi, MOPT_PIPELINING, (long)PIPE_MULTIPLEX);
    api.multi_setopt(driver.multi, MOPT_MAX_HOST_CONNECTIONS, 4L);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 512 * 1024);
    pthread_t thread;
    if (pthread_create(&thread, &attributes, network_thread, NULL) == 0) {
        pthread_setname_np(thread, "github-tui-net");  // in top -H, /proc/PID/task/*/comm and the idle test
        pthread_detach(thread);
        driver.started = 1;
    }
    pthread_attr_destroy(&attributes);
}

tui_transfer *tui_transfer_start(const char *method, const char *url, const char *const *headers, size_t header_count,
                                 const void *body, size_t body_length, long connect_timeout_ms, long idle_timeout_s,
                                 long total_timeout_ms, size_t max_body, const char *ca_file, const char *ca_path,
                                 tui_transfer_done done, void *context, char *error_out, size_t error_capacity) {
    if (!tui_curl_load()) {
        snprintf(error_out, error_capacity, "%s", load_error);
        return NULL;
    }
    pthread_once(&driver.once, start_driver);
    if (!driver.started) {
        snprintf(error_out, error_capacity, "the network thread could not start");
        return NULL;
    }
    tui_transfer *transfer = calloc(1, sizeof *transfer);
    if (transfer == NULL) { snprintf(error_out, error_capacity, "out of memory"); return NULL; }
    transfer->easy = api.easy_init();
    transfer->url = strdup(url);
    if (transfer->easy == NULL || transfer->url == NULL) {
        snprintf(error_out, error_capacity, "curl_easy_init failed");
        atomic_init(&transfer->references, 1);
        transfer_release(transfer);
        return NULL;
    }
    // One reference for the driver (dropped when `done` has run), one for the caller (tui_transfer_release).
    atomic_init(&transfer->references, 2);
    atomic_init(&transfer->finished, 0);
    atomic_init(&transfer->cancelled, 0);
    transfer->done = done;
    transfer->context = context;
    transfer->max_body = max_body;
    for (size_t i = 0; i < header_count; i++) transfer->headers = api.slist_append(transfer->headers, headers[i]);
    // No "Expect: 100-continue" on larger POST bodies (it would wait for the server's go-ahead).
    transfer->headers = api.slist_append(transfer->headers, "Expect:");

    CURL *curl = transfer->easy;
    api.easy_setopt(curl, OPT_URL, transfer->url);
    api.easy_setopt(curl, OPT_PRIVATE, transfer);
    api.easy_setopt(curl, OPT_NOSIGNAL, 1L);
    api.easy_setopt(curl, OPT_PROTOCOLS, (long)(PROTO_HTTP | PROTO_HTTPS));
    api.easy_setopt(curl, OPT_FOLLOWLOCATION, 0L);
    api.easy_setopt(curl, OPT_ACCEPT_ENCODING, "");
    api.easy_setopt(curl, OPT_HTTP_VERSION, (long)HTTP_VERSION_2TLS);
    api.easy_setopt(curl, OPT_PIPEWAIT, 1L);  // wait for a multiplexed connection rather than open another
    api.easy_setopt(curl, OPT_HTTPHEADER, transfer->headers);
    api.easy_setopt(curl, OPT_ERRORBUFFER, transfer->error);
    api.easy_setopt(curl, OPT_CONNECTTIMEOUT_MS, connect_timeout_ms);
    api.easy_setopt(curl, OPT_LOW_SPEED_LIMIT, 1L);
    api.easy_setopt(curl, OPT_LOW_SPEED_TIME, idle_timeout_s < 1 ? 1L : idle_timeout_s);
    api.easy_setopt(curl, OPT_TIMEOUT_MS, total_timeout_ms);
    api.easy_setopt(curl, OPT_WRITEFUNCTION, on_body);
    api.easy_setopt(curl, OPT_WRITEDATA, transfer);
    api.easy_setopt(curl, OPT_HEADERFUNCTION, on_header);
    api.easy_setopt(curl, OPT_HEADERDATA, transfer);
    if (ca_file) api.easy_setopt(curl, OPT_CAINFO, ca_file);
    if (ca_path) api.easy_setopt(curl, OPT_CAPATH, ca_path);
    if (body != NULL) {
        transfer->body = malloc(body_length ? body_length : 1);
        if (transfer->body && body_length) memcpy(transfer->body, body, body_length);
        api.easy_setopt(curl, OPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        api.easy_setopt(curl, OPT_POSTFIELDS, transfer->body);
    } else {
        api.easy_setopt(curl, OPT_HTTPGET, 1L);
    }
    if (strcmp(method, body != NULL ? "POST" : "GET") != 0) api.easy_setopt(curl, OPT_CUSTOMREQUEST, method);

    pthread_mutex_lock(&driver.mutex);
    int queued = push(&driver.adds, &driver.add_count, &driver.add_capacity, transfer);
    pthread_mutex_unlock(&driver.mutex);
    if (!queued) {
        snprintf(error_out, error_capacity, "out of memory");
        transfer_release(transfer);
        transfer_release(transfer);
        return NULL;
    }
    api.multi_wakeup(driver.multi);
    return transfer;
}

void tui_transfer_cancel(tui_transfer *transfer) {
    if (transfer == NULL || atomic_exchange(&transfer->cancelled, 1)) return;
    atomic_fetch_add(&transfer->references, 1);  // the cancel queue's
    pthread_mutex_lock(&driver.mutex);
    int queued = push(&driver.cancels, &driver.cancel_count, &driver.cancel_capacity, transfer);
    pthread_mutex_unlock(&driver.mutex);
    if (!queued) { transfer_release(transfer); return; }
    api.multi_wakeup(driver.multi);
}

