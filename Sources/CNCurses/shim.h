// What Swift cannot import from ncursesw: macros, and globals Swift 6 refuses as unsafe.
// Every function here is a thin inline wrapper, called by the ncurses backend (and, for the
// terminal check, by `roster ui` before curses starts).
#ifndef ROSTER_CNCURSES_SHIM_H
#define ROSTER_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *roster_stdscr(void) { return stdscr; }

static inline int roster_lines(void) { return LINES; }
static inline int roster_cols(void) { return COLS; }

/* How many colours the terminal has (after start_color). */
static inline int roster_colors(void) {
    return COLORS;
}

static inline int roster_width(WINDOW *window) {
    int rows, columns;
    getmaxyx(window, rows, columns);
    (void)rows;
    return columns;
}

static inline int roster_height(WINDOW *window) {
    int rows, columns;
    getmaxyx(window, rows, columns);
    (void)columns;
    return rows;
}

static inline attr_t roster_a_normal(void) { return A_NORMAL; }
static inline attr_t roster_a_bold(void) { return A_BOLD; }
static inline attr_t roster_a_reverse(void) { return A_REVERSE; }
static inline attr_t roster_a_dim(void) { return A_DIM; }
static inline attr_t roster_color_pair(short pair) { return COLOR_PAIR(pair); }

static inline int roster_key_f(int n) { return KEY_F(n); }
static inline int roster_err(void) { return ERR; }
static inline int roster_ok(void) { return OK; }
static inline int roster_key_code_yes(void) { return KEY_CODE_YES; }

/// Draws one cell's text (a base character and any combining marks) at the cursor.
static inline int roster_add_cell(WINDOW *window, int row, int column, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(window, row, column, &cell);
}

/// Home, End and F1 as terminals send them whatever TERM says: tmux and screen send Home and End
/// as `\e[1~` and `\e[4~`, rxvt as `\e[7~` and `\e[8~`, xterm in normal cursor mode as `\e[H`
/// and `\e[F`, the Linux console F1 as `\e[[A`. A sequence the terminal description already
/// binds keeps its meaning.
static inline void roster_define_common_keys(void) {
    static const struct { const char *sequence; int code; } keys[] = {
        {"\033[1~", KEY_HOME}, {"\033[4~", KEY_END}, {"\033[7~", KEY_HOME}, {"\033[8~", KEY_END},
        {"\033[H", KEY_HOME}, {"\033[F", KEY_END}, {"\033OH", KEY_HOME}, {"\033OF", KEY_END},
        {"\033[11~", KEY_F(1)}, {"\033[[A", KEY_F(1)}, {"\033OP", KEY_F(1)},
    };
    for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (key_defined(keys[i].sequence) == 0) define_key(keys[i].sequence, keys[i].code);
    }
}

/// Sets ESCDELAY so a lone Esc answers at once.
static inline void roster_set_escdelay(int milliseconds) { set_escdelay(milliseconds); }

/// Turns xterm's bracketed paste (mode 2004) on or off: while on, the terminal wraps pasted text
/// in ESC[200~ ... ESC[201~, so a paste can be told from typing. Curses has no call for it. It is
/// written with write(2), which is async-signal-safe, so the crash handler can turn it off too;
/// the terminal's other modes do not depend on its order against curses' own output.
static inline void roster_set_bracketed_paste(int on) {
    static const char enable[] = "\033[?2004h";
    static const char disable[] = "\033[?2004l";
    ssize_t written = write(STDOUT_FILENO, on ? enable : disable, sizeof enable - 1);
    (void)written;
}

/// The mouse events Roster asks for: the left button (press, release, click, double click) and
/// the wheel (buttons 4 and 5). Pointer motion is not asked for: it would flood the input.
static inline mmask_t roster_mouse_events(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
static inline mmask_t roster_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t roster_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t roster_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t roster_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t roster_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t roster_wheel_down(void) { return BUTTON5_PRESSED; }

/// Turns mouse reporting on (the events above) or off; true when the terminal can report.
static inline int roster_set_mouse(int on, int double_click_milliseconds) {
    mouseinterval(double_click_milliseconds);
    return mousemask(on ? roster_mouse_events() : 0, NULL) != 0;
}

/// The mouse event behind a KEY_MOUSE; 0 when there was none to read.
static inline int roster_get_mouse(mmask_t *state, int *column, int *row) {
    MEVENT event;
    if (getmouse(&event) != OK) return 0;
    *state = event.bstate;
    *column = event.x;
    *row = event.y;
    return 1;
}

// From <term.h>, declared here because that header also defines a macro for every capability
// name (`columns`, `lines`, …), which would clash with the names above.
int setupterm(const char *term, int fd, int *status);
struct term *set_curterm(struct term *terminal);
int del_curterm(struct term *terminal);

/// Whether the terminal TERM names can move the cursor (terminfo's `cup`), which a full-screen
/// program needs: 1 when it can, 0 when it cannot (`dumb`), -1 when TERM is unset or unknown
/// here. Only the terminfo entry is read: nothing is sent to the terminal and curses is not
/// started, so a refusal leaves the line as it was.
static inline int roster_terminal_can_address_cursor(void) {
    const char *name = getenv("TERM");
    if (name == NULL || name[0] == '\0') return -1;
    int status = 0;
    if (setupterm(name, STDOUT_FILENO, &status) != OK) return -1;
    const char *cup = tigetstr("cup");
    int can = cup != NULL && cup != (const char *)-1;
    del_curterm(set_curterm(NULL));
    return can;
}

/// Opens curses on the process's terminal; NULL when TERM names a terminal curses does not know
/// (initscr would exit the process instead).
static inline SCREEN *roster_newterm(void) { return newterm(NULL, stdout, stdin); }

#endif
