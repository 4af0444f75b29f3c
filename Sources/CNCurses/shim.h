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
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Function-like macros and globals that do not import into Swift, wrapped as functions.

static inline int tui_lines(void) { return LINES; }
static inline int tui_cols(void) { return COLS; }
static inline int tui_colors(void) { return COLORS; }
static inline int tui_color_pairs(void) { return COLOR_PAIRS; }
static inline WINDOW *tui_stdscr(void) { return stdscr; }
static inline WINDOW *tui_curscr(void) { return curscr; }
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

// MARK: - Screens, cells, keys and mouse (used by NCursesTerminal.swift only)

/// `newterm` on duplicates of the given descriptors (so closing the screen's FILEs leaves the
/// caller's descriptors open). NULL on an unknown or unusable terminal type; unlike `initscr`
/// it never exits the process. `*out_file`/`*in_file` receive the FILEs to close after `delscreen`.
static inline SCREEN *tui_newterm(const char *type, int outfd, int infd, FILE **out_file, FILE **in_file) {
    int o = dup(outfd), i = dup(infd);
    FILE *of = o >= 0 ? fdopen(o, "w") : NULL;
    FILE *inf = i >= 0 ? fdopen(i, "r") : NULL;
    if (!of || !inf) {
        if (of) fclose(of); else if (o >= 0) close(o);
        if (inf) fclose(inf); else if (i >= 0) close(i);
        return NULL;
    }
    SCREEN *screen = newterm(type, of, inf);
    if (!screen) { fclose(of); fclose(inf); return NULL; }
    *out_file = of;
    *in_file = inf;
    return screen;
}

/// True when the current terminal wraps at its right margin only on the next character
/// (terminfo `xenl`, as xterm, tmux and the Linux console do) or never wraps by itself (no `am`):
/// then ncurses' idea of the cursor after it writes a last column is the terminal's.
static inline int tui_wraps_lazily(void) {
    return tigetflag("xenl") > 0 || tigetflag("am") <= 0;
}

/// True when the current terminal erases in the current background colour (terminfo `bce`).
static inline int tui_erases_in_background_colour(void) {
    return tigetflag("bce") > 0;
}

/// For a terminal that draws without ncurses' screen (the inline one): looks `name` up in
/// terminfo and says whether it erases in the current background colour (`bce`, bit 1), has
/// 256 colours or more (bit 2) and erases characters (`ech`, bit 4); 0 when it is not found.
/// The current terminal, if any, stays.
static inline int tui_describe_terminal(const char *name, int fd) {
    int error = 0, found = 0;
    TERMINAL *previous = cur_term;
    if (setupterm((char *)name, fd, &error) == OK) {
        char *ech = tigetstr("ech");
        found = (tigetflag("bce") > 0 ? 1 : 0) | (tigetnum("colors") >= 256 ? 2 : 0)
            | (ech != NULL && ech != (char *)-1 ? 4 : 0);
        TERMINAL *looked_up = set_curterm(previous);
        del_curterm(looked_up);
    }
    return found;
}

/// True when the current terminal can move the cursor to any cell (terminfo `cup`).
static inline int tui_has_cursor_addressing(void) {
    char *value = tigetstr("cup");
    return value != NULL && value != (char *)-1;
}

/// Closes a FILE returned by tui_newterm.
static inline void tui_fclose(FILE *file) { if (file) fclose(file); }

/// True when LC_CTYPE's codeset is UTF-8.
static inline int tui_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// Fills a cchar_t from a NUL-terminated wide string (one spacing character, then up to four
/// non-spacing ones), attributes and an extended colour pair number.
static inline int tui_setcchar(cchar_t *cell, const wchar_t *text, attr_t attrs, int pair) {
    return setcchar(cell, text, attrs, (short)(pair < 32768 ? pair : 0), &pair);
}

/// The key code ncurses assigned to a terminfo key capability such as "kUP" (xterm Shift+Up),
/// or 0 when the terminal does not define it.
static inline int tui_key_code_for_capability(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return 0;
    int code = key_defined(value);
    return code > 0 ? code : 0;
}

static inline mmask_t tui_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }

/// Decodes a mouse event's button state: *button 1..5 (4, 5: wheel up, down), 0 for motion;
/// *kind 0 press, 1 release, 2 motion. Returns 0 for states we do not report.
static inline int tui_decode_mouse(mmask_t state, int *button, int *kind) {
    const mmask_t pressed[5] = {BUTTON1_PRESSED, BUTTON2_PRESSED, BUTTON3_PRESSED, BUTTON4_PRESSED, BUTTON5_PRESSED};
    const mmask_t released[5] = {BUTTON1_RELEASED, BUTTON2_RELEASED, BUTTON3_RELEASED, BUTTON4_RELEASED, BUTTON5_RELEASED};
    const mmask_t clicked[5] = {BUTTON1_CLICKED, BUTTON2_CLICKED, BUTTON3_CLICKED, BUTTON4_CLICKED, BUTTON5_CLICKED};
    for (int b = 0; b < 5; b++) {
        if (state & (pressed[b] | clicked[b])) { *button = b + 1; *kind = 0; return 1; }
        if (state & released[b]) { *button = b + 1; *kind = 1; return 1; }
    }
    if (state & REPORT_MOUSE_POSITION) { *button = 0; *kind = 2; return 1; }
    return 0;
}

#endif
