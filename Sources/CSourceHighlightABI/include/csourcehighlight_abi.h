#ifndef CSOURCEHIGHLIGHT_ABI_H
#define CSOURCEHIGHLIGHT_ABI_H

/*
 * What passes between the app and the Source-highlight plugin (libgithub-tui-highlight.so): the run
 * and status types and the plugin's file name. The plugin's functions are declared in its own header
 * (CSourceHighlightPlugin/include/sourcehighlightplugin.h); CSourceHighlight looks them up by name.
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
    TUI_HL_TIMED_OUT = 3,
    /* The plugin could not be loaded (tui_highlight_load_error says why): no runs. */
    TUI_HL_UNAVAILABLE = 4
} tui_hl_status;

/* The plugin's file name, looked for beside the executable. */
#define TUI_HL_PLUGIN_FILE "libgithub-tui-highlight.so"

#ifdef __cplusplus
}
#endif

#endif
