#ifndef SOURCEHIGHLIGHTPLUGIN_H
#define SOURCEHIGHLIGHTPLUGIN_H

/* The plugin libgithub-tui-highlight.so: GNU Source-highlight behind three C functions. */

#include "csourcehighlight_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The plugin's functions, with the meaning of tui_highlight, tui_highlight_free and
   tui_highlight_has_language (CSourceHighlight/include/csourcehighlight.h). */
int tui_shl_highlight(const char *lang_file, const char *text, size_t length, size_t max_line_bytes, size_t max_lines,
                      double max_milliseconds, tui_hl_run **runs, size_t *count, size_t *lines_done);
void tui_shl_free(tui_hl_run *runs);
int tui_shl_has_language(const char *lang_file);

#ifdef __cplusplus
}
#endif

#endif
