#ifndef TUILIST_TERMINAL_RESTORE_H
#define TUILIST_TERMINAL_RESTORE_H

#include <stddef.h>

// Restoring the terminal from a signal handler or at exit, for NCursesTerminal.
//
// A signal can arrive while ncurses is in the middle of an update, so the handler must not call
// endwin() (it uses stdio and ncurses' own state; not async-signal-safe). Instead, while a
// screen is active, we keep (1) the terminal modes saved before ncurses changed them and (2) the
// escape sequences that undo what ncurses set up (stop mouse reporting, reset attributes, show
// the cursor, leave keypad mode and the alternate screen). The handler restores with
// tcsetattr() and write() only (both async-signal-safe), then calls _exit(128 + signal).
// This is a C target of its own (not the CNCurses shim header) because the state must live in
// exactly one object file and <signal.h> cannot be part of the CNCurses module.

/// Saves the terminal modes of `fd`, the descriptor restored later (call before newterm).
void tui_save_modes(int fd);

/// Builds the escape sequence that undoes ncurses' setup from the current terminfo entry (call
/// after newterm) and marks the screen active, so a signal or exit restores the terminal.
void tui_arm_restore(int mouse);

/// Arms the restore with exactly `bytes` (NUL-terminated) instead of the sequence built from
/// terminfo: for a terminal drawn without ncurses (InlineTerminal), whose way back is its own.
/// Call `tui_save_modes` first; the cursor is never put back with DECRC.
void tui_arm_restore_bytes(const char *bytes);
/// Marks the screen inactive (after endwin): signals and exit leave the terminal alone.
void tui_disarm_restore(void);

/// Async-signal-safe restore: escape sequences out, saved modes back. At most once per arming.
void tui_emergency_restore(void);

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT restore the terminal and exit with 128 + the signal
/// number (130, 143, 129, 131); an atexit handler restores a terminal still active at exit().
void tui_install_signal_handlers(void);

/// Puts SIGINT, SIGTERM, SIGHUP and SIGQUIT back to their default action.
void tui_reset_signal_handlers(void);

/// SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT and SIGFPE restore the terminal, then go on to the
/// action installed before (Swift's backtracer, or the default: a core dump), so the process
/// dies as it would have, with its backtrace readable on a terminal in its own modes again.
void tui_install_fatal_signal_handlers(void);

/// Restores the terminal, ends our children's process group and exits with `status` at once,
/// from any thread (the input reader's, on Ctrl-C while the program loop is busy).
void tui_exit_now(int status);

/// Puts back the fatal signals' actions from before `tui_install_fatal_signal_handlers`.
void tui_reset_fatal_signal_handlers(void);

/// Writes DECSC (save the cursor) to `fd`: call before the alternate screen starts,
/// so `tui_restore_cursor` (and the restore on a signal) puts the cursor back where the caller
/// left it — after a shell prompt with no line break, say.
void tui_save_cursor(int fd);

/// Saves the caller's cursor in the DECSC slot again, where the terminal's rmcup is xterm's
/// ?1049l (after `tui_arm_restore`; call before endwin): ncurses' own DECSC while drawing may
/// have taken the slot. It steps out to the caller's screen and back, whose cursor ?1049 kept.
void tui_resave_caller_cursor(int fd);

/// Writes DECRC (restore the cursor saved by `tui_save_cursor`) to `fd`, when the terminal has
/// an alternate screen (`rmcup`; after `tui_arm_restore`): without one the caller's lines are
/// drawn over, and the cursor is best left below the last frame.
void tui_restore_cursor(int fd);

/// Names a process group of our own children (0: none) that gets SIGTERM when a handled
/// signal or exit() ends this process — a command run in its own group would otherwise
/// outlive us (Ctrl-C reaches only the terminal's foreground group).
void tui_set_child_group(int group);

/// Whether the current terminfo entry reports mouse events (has `kmous`).
int tui_terminal_has_mouse(void);

/// SIGWINCH, SIGTSTP and SIGCONT write their signal number (one byte) into a non-blocking pipe
/// instead of acting, so that the program loop handles a resize or a suspend between two
/// frames. Returns the pipe's read end (the same one on every call), or -1 when no pipe could
/// be made.
int tui_install_event_signals(void);

/// Puts SIGWINCH, SIGTSTP and SIGCONT back to their default action.
void tui_reset_event_signals(void);

/// Stops the process as Ctrl-Z would (SIGTSTP's default action) and returns once it is
/// continued (`fg`); the event signal handlers are back in place then.
void tui_stop_self(void);

/// Writes the built-in terminal description (xterm-256color, compiled) into a new private folder
/// `BASE/tuilist-terminfo-XXXXXX` (0700), laid out as a terminfo database for `TERMINFO`;
/// `folder` receives its path. `base` NULL tries TMPDIR, /tmp, /dev/shm, /var/tmp and
/// XDG_RUNTIME_DIR in turn. 0 on success, -1 when none could be written.
int tui_write_builtin_terminfo(const char *base, char *folder, size_t size);

/// Removes what `tui_write_builtin_terminfo` wrote (ncurses has read the entry by then).
void tui_remove_builtin_terminfo(const char *folder);

/// Stops this process's whole process group as Ctrl-Z does in a shell (SIGTSTP to the group:
/// the shell's job — a script or git that ran us, a pipeline — stops with us, and the shell
/// takes the terminal back), and returns once continued (`fg`, SIGCONT); the event signal
/// handlers are back in place then. Call only where `tui_job_control_refusal` said nothing.
void tui_stop_job(void);

/// Why stopping the job would leave nobody to continue it, or NULL when a shell can resume it:
/// SIGTSTP was ignored when the program started (`trap '' TSTP` in the script that ran it), or
/// the process group is orphaned (no live member has a parent in another process group of the
/// same session: `setsid`, a tmux pane's own command, `ssh -t host cmd`), where a stop is never
/// undone. Linux reads /proc; where it cannot tell, NULL. A static string, not to be freed.
const char *tui_job_control_refusal(void);

#endif
