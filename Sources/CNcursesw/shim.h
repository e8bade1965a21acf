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
#include <ncursesw/term.h>

/* Swift cannot import function-like macros or use C globals in Swift 6 mode: wrap them. */

static inline WINDOW *tui_stdscr(void) { return stdscr; }
/* Starts curses on the process's own stdin/stdout; NULL (not exit) when TERM is unusable. */
static inline SCREEN *tui_newterm(void) { return newterm(NULL, stdout, stdin); }
static inline int tui_colors(void) { return COLORS; }
static inline int tui_lines(void) { return LINES; }
static inline int tui_cols(void) { return COLS; }

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

/* Whether terminfo entry `name` (NULL: $TERM) offers what curses needs, read without starting curses:
   0 usable; bit 1 no such entry; bit 2 no cursor addressing (`cup`); bit 4 no way to clear (`clear`). */
static inline int tui_check_terminal(const char *name) {
    int status = 0;
    TERMINAL *saved = cur_term;
    if (setupterm((char *)name, 1, &status) != OK) { set_curterm(saved); return 1; }
    int missing = 0;
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1) missing |= 2;
    char *clear = tigetstr("clear");
    if (clear == NULL || clear == (char *)-1) missing |= 4;
    TERMINAL *checked = set_curterm(saved);
    if (checked != NULL && checked != saved) del_curterm(checked);
    return missing;
}

/* Terminfo string capability `name` of the current terminal, or NULL when absent. */
static inline const char *tui_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}

/* Terminfo boolean capability `name` of the current terminal (0 when absent). */
static inline int tui_flag_capability(const char *name) { return tigetflag(name) > 0; }

/* A parameterized capability with one or two numbers filled in (tiparm is variadic: Swift cannot
   call it). NULL when the result is empty. */
static inline const char *tui_tiparm1(const char *capability, int a) { return tiparm(capability, a); }
static inline const char *tui_tiparm2(const char *capability, int a, int b) { return tiparm(capability, a, b); }

/* Whether the current terminal declares direct colour: terminfo's `RGB`, as a flag, number or string. */
static inline int tui_has_rgb_capability(void) {
    if (tigetflag("RGB") > 0) return 1;
    if (tigetnum("RGB") > 0) return 1;
    char *value = tigetstr("RGB");
    return value != NULL && value != (char *)-1;
}

#endif
