#ifndef GITHUB_TUI_CNCURSESW_SHIM_H
#define GITHUB_TUI_CNCURSESW_SHIM_H

/* Wide-character ncurses: SwiftPM drops the flags pkg-config would add, so set them here. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>

/* Swift cannot import function-like macros or use C globals in Swift 6 mode: wrap them. */

static inline WINDOW *tui_stdscr(void) { return stdscr; }
/* Starts curses on the process's own stdin/stdout; NULL (not exit) when TERM is unusable. */
static inline SCREEN *tui_newterm(void) { return newterm(NULL, stdout, stdin); }
static inline int tui_color_pairs(void) { return COLOR_PAIRS; }
static inline int tui_lines(void) { return LINES; }
static inline int tui_cols(void) { return COLS; }

static inline attr_t tui_attr_normal(void) { return A_NORMAL; }
static inline attr_t tui_attr_reverse(void) { return A_REVERSE; }
static inline attr_t tui_attr_bold(void) { return A_BOLD; }
static inline attr_t tui_attr_dim(void) { return A_DIM; }
static inline attr_t tui_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tui_attr_italic(void) { return A_ITALIC; }

static inline int tui_key_code_yes(void) { return KEY_CODE_YES; }
static inline int tui_key_f(int n) { return KEY_F(n); }

static inline mmask_t tui_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }
static inline mmask_t tui_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }
static inline mmask_t tui_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tui_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tui_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tui_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t tui_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tui_button5_pressed(void) { return BUTTON5_PRESSED; }

/* Builds a complex character from up to 5 wide characters (the first spacing, the rest combining). */
static inline int tui_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, short pair) {
    return setcchar(cell, text, attrs, pair, NULL);
}

#endif
