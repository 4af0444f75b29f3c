#ifndef TUILIST_CNCURSES_SHIM_H
#define TUILIST_CNCURSES_SHIM_H

// pkg-config's -D_XOPEN_SOURCE=600 is a flag SwiftPM refuses, so the feature macros live here,
// before any system header is seen.
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Function-like macros and globals that do not import into Swift, wrapped as functions.

static inline int tui_lines(void) { return LINES; }
static inline int tui_cols(void) { return COLS; }
static inline int tui_colors(void) { return COLORS; }
static inline int tui_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *tui_stdscr(void) { return stdscr; }
static inline attr_t tui_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }
static inline int tui_key_f(int n) { return KEY_F(n); }
static inline int tui_wcwidth(wchar_t c) { return wcwidth(c); }
static inline void tui_getmaxyx(WINDOW *w, int *y, int *x) {
    int yy, xx;
    getmaxyx(w, yy, xx);
    *y = yy;
    *x = xx;
}
static inline int tui_set_escdelay(int ms) { return set_escdelay(ms); }

// Attribute bits as values (they are macros built from NCURSES_BITS).
static inline attr_t tui_a_normal(void) { return A_NORMAL; }
static inline attr_t tui_a_bold(void) { return A_BOLD; }
static inline attr_t tui_a_dim(void) { return A_DIM; }
static inline attr_t tui_a_underline(void) { return A_UNDERLINE; }
static inline attr_t tui_a_reverse(void) { return A_REVERSE; }
static inline attr_t tui_a_italic(void) { return A_ITALIC; }

#endif
