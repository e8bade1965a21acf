#ifndef CSOURCEHIGHLIGHT_H
#define CSOURCEHIGHLIGHT_H

/*
 * GNU Source-highlight (libsource-highlight, C++) behind a small C interface: text and a language
 * definition file in, style runs out. Swift maps the runs' kinds to terminal styles.
 *
 * Source-highlight is not linked into the app: it pulls in Boost.Regex and ICU (about 30 MB of
 * libraries and their relocations), which cost every launch ~5 ms and ~6 MB before the first paint
 * although most sessions never open a file. The C++ side is the plugin libgithub-tui-highlight.so
 * (target CSourceHighlightPlugin, built beside the binary); these functions load it with dlopen on
 * first use, like CCurl loads libcurl.
 */

#include "csourcehighlight_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

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

/* Whether Source-highlight's data folder has `lang_file` (0 when the plugin cannot be loaded). */
int tui_highlight_has_language(const char *lang_file);

/*
 * Loads the plugin once (thread-safe): 1 when it is usable, else 0 and the reason in
 * tui_highlight_load_error(). It is looked for beside the running executable (through symlinks).
 */
int tui_highlight_load(void);
const char *tui_highlight_load_error(void);

/* Whether the plugin is loaded now (without loading it). */
int tui_highlight_is_loaded(void);

#ifdef __cplusplus
}
#endif

#endif
