#ifndef GITHUB_TUI_CCMARKGFM_SHIM_H
#define GITHUB_TUI_CCMARKGFM_SHIM_H

/* cmark-gfm, GitHub's Markdown parser, and its extensions (tables, strikethrough, autolinks,
   task lists): Debian libcmark-gfm-dev and libcmark-gfm-extensions-dev. */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

/* Option flags are macros Swift imports, but spell out the ones used so a header change shows here. */
static inline int tui_cmark_options(void) {
    /* No CMARK_OPT_UNSAFE: raw HTML stays literal in the tree (the renderer reduces it to text). */
    return CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES;
}

#endif
