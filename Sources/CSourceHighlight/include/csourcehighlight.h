#ifndef CSOURCEHIGHLIGHT_H
#define CSOURCEHIGHLIGHT_H

/*
 * GNU Source-highlight (libsource-highlight, C++) behind a small C interface: text and a language
 * definition file in, style runs out. Swift maps the runs' kinds to terminal styles.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a run is, from Source-highlight's element names (keyword, type, string, comment, …). */
typedef enum {
    TUI_HL_KEYWORD = 1,
    TUI_HL_TYPE = 2,
    TUI_HL_STRING = 3,
    TUI_HL_COMMENT = 4,
    TUI_HL_NUMBER = 5,
    TUI_HL_PREPROCESSOR = 6,
    TUI_HL_FUNCTION = 7,
    TUI_HL_SYMBOL = 8,
    TUI_HL_VARIABLE = 9,
    TUI_HL_SPECIAL = 10,
    TUI_HL_OTHER = 11
} tui_hl_kind;

/* One styled run: `length` bytes from byte `start` of line `line` (lines split at '\n'). */
typedef struct {
    uint32_t line;
    uint32_t start;
    uint32_t length;
    uint8_t kind;
} tui_hl_run;

/* The outcome of tui_highlight. */
typedef enum {
    TUI_HL_OK = 0,
    /* The language definition could not be read (no such file, or it does not parse). */
    TUI_HL_NO_LANGUAGE = 1,
    /* Source-highlight failed (an exception); runs found before it are kept. */
    TUI_HL_FAILED = 2,
    /* The time budget ran out; lines after `lines_done` have no runs. */
    TUI_HL_TIMED_OUT = 3
} tui_hl_status;

/*
 * Highlights `length` bytes of `text` with the language definition `lang_file` (e.g. "ruby.lang",
 * a plain file name: anything with '/' is refused) from Source-highlight's data folder. Only the
 * first `max_line_bytes` bytes of a line are highlighted; at most `max_lines` lines; highlighting
 * stops after `max_milliseconds`. `*runs` (free with tui_highlight_free) gets `*count` runs in order.
 * Thread-safe (one highlight at a time).
 */
int tui_highlight(const char *lang_file, const char *text, size_t length, size_t max_line_bytes, size_t max_lines,
                  double max_milliseconds, tui_hl_run **runs, size_t *count, size_t *lines_done);

void tui_highlight_free(tui_hl_run *runs);

/* Whether Source-highlight's data folder has `lang_file`. */
int tui_highlight_has_language(const char *lang_file);

#ifdef __cplusplus
}
#endif

#endif
