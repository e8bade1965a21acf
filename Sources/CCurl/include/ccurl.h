#ifndef GITHUB_TUI_CCURL_H
#define GITHUB_TUI_CCURL_H

#include <stddef.h>

// A tiny bridge to libcurl's easy interface, loaded with dlopen on the first request rather than
// linked: linking libcurl (and the ~25 libraries it pulls in: OpenSSL, GnuTLS, Kerberos, LDAP…)
// costs every launch ~5 ms before main, which is more than our whole first-frame budget.
// curl's headers are not needed to build: the few option numbers used are part of its stable ABI.

/// A growable byte buffer filled by the bridge; release with `tui_buffer_free`.
typedef struct {
    char *data;
    size_t length;
    size_t capacity;
} tui_buffer;

/// Loads libcurl once (thread-safe). Returns 1 when it is usable; otherwise 0 and the reason in
/// `tui_curl_load_error()`.
int tui_curl_load(void);
const char *tui_curl_load_error(void);

/// One HTTP exchange in progress on the shared network thread (one libcurl multi handle for the
/// app's life: kept-alive connections, TLS session reuse, DNS cache, HTTP/2 multiplexing).
typedef struct tui_transfer tui_transfer;

/// Called once per transfer, on the network thread: `code` 0 with the status, raw header lines and
/// body; -2 when cancelled; -3 when the body passed `max_body`; else curl's error code and a message.
/// `new_connections`: connections libcurl had to open for it (0 when it reused one). The buffers are
/// valid only during the call.
typedef void (*tui_transfer_done)(void *context, int code, long status, const char *headers, size_t headers_length,
                                  const char *body, size_t body_length, const char *message, long new_connections);

/// Starts a transfer: `headers` are "Name: value" lines; the body is sent when not NULL; redirects are
/// not followed. Timeouts: `connect_timeout_ms` to connect, `idle_timeout_s` without a byte (at least
/// 1 s), `total_timeout_ms` in all. `max_body` bytes at most (0: no limit). `ca_file`/`ca_path`
/// replace the trusted CAs when not NULL. Everything is copied. Returns NULL (and the reason in
/// `error_out`) when it cannot start; else the caller owns one reference (`tui_transfer_release`).
tui_transfer *tui_transfer_start(const char *method, const char *url, const char *const *headers, size_t header_count,
                                 const void *body, size_t body_length, long connect_timeout_ms, long idle_timeout_s,
                                 long total_timeout_ms, size_t max_body, const char *ca_file, const char *ca_path,
                                 tui_transfer_done done, void *context, char *error_out, size_t error_capacity);

/// Removes the transfer from the multi handle; `done` runs with -2 unless it already ran. Safe at any time.
void tui_transfer_cancel(tui_transfer *transfer);

/// Drops the caller's reference.
void tui_transfer_release(tui_transfer *transfer);

void tui_buffer_free(tui_buffer *buffer);

#endif
