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

/// A cancellation flag shared by the caller and the transfer (atomic inside).
typedef struct tui_cancel_token tui_cancel_token;

tui_cancel_token *tui_cancel_new(void);
void tui_cancel_set(tui_cancel_token *token);
void tui_cancel_free(tui_cancel_token *token);

/// Loads libcurl once (thread-safe). Returns 1 when it is usable; otherwise 0 and the reason in
/// `tui_curl_load_error()`.
int tui_curl_load(void);
const char *tui_curl_load_error(void);

/// One HTTP exchange, blocking the calling thread. `headers` are "Name: value" lines. The request
/// body is sent when `body` is not NULL. Redirects are not followed (the caller decides).
/// Timeouts: `connect_timeout_ms` to connect, `idle_timeout_s` without a byte (at least 1 s), and
/// `total_timeout_ms` for the whole exchange.
/// Returns 0 on success (status in `*status`, raw header lines in `header_out`, body in `body_out`),
/// -1 when libcurl cannot be loaded, -2 when cancelled, or curl's error code with a message in
/// `error_out`.
int tui_curl_perform(const char *method, const char *url, const char *const *headers, size_t header_count,
                     const void *body, size_t body_length, long connect_timeout_ms, long idle_timeout_s,
                     long total_timeout_ms, tui_cancel_token *cancel, long *status, tui_buffer *header_out,
                     tui_buffer *body_out, char *error_out, size_t error_capacity);

void tui_buffer_free(tui_buffer *buffer);

#endif
