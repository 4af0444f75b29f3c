#define _XOPEN_SOURCE 700
#include "terminal_restore.h"

#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <fcntl.h>
#include <errno.h>
#include <unistd.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

// From ncurses (linked through the CNCurses module); declared here to keep curses.h out.
extern char *tigetstr(const char *);

static struct termios saved_modes;
static int saved_modes_valid = 0;
static int restore_fd = -1;
static char restore_bytes[1024];
static size_t restore_length = 0;
static int has_alternate_screen = 0;
// Whether rmcup puts the cursor back where smcup found it (xterm's ?1049l).
static int rmcup_restores_cursor = 0;
// Atomic, not volatile sig_atomic_t: the handler runs on whichever thread the signal lands on
// (often the input reader's) while the main thread may be disarming; lock-free atomics are
// async-signal-safe, and the exchange lets exactly one of them restore (ThreadSanitizer
// reported the race from the end-to-end tests' SIGTERM/SIGQUIT runs).
static atomic_int screen_active = 0;

void tui_save_modes(int fd) {
    restore_fd = fd;
    saved_modes_valid = tcgetattr(fd, &saved_modes) == 0;
}

static void append_bytes(const char *value) {
    if (value == NULL || value == (char *)-1) return;
    size_t n = strlen(value);
    if (restore_length + n >= sizeof restore_bytes) return;
    memcpy(restore_bytes + restore_length, value, n);
    restore_length += n;
}

void tui_arm_restore(int mouse) {
    restore_length = 0;
    if (mouse) append_bytes("\033[?1006l\033[?1003l\033[?1002l\033[?1000l");
    append_bytes("\033[?2004l");  // bracketed paste off
    append_bytes("\033[?2026l");  // synchronized output off (a frame may have been cut short)
    append_bytes("\033[?7h");     // autowrap on (off while clusters are written over stand-ins)
    append_bytes(tigetstr("sgr0"));
    append_bytes(tigetstr("cnorm"));
    append_bytes(tigetstr("rmkx"));
    append_bytes(tigetstr("rmcup"));
    // DECRC: the cursor where the caller left it (tui_save_cursor) — only when the terminal has
    // an alternate screen, so the caller's lines are still there to return to.
    // Where rmcup is xterm's ?1049l, which puts the cursor back itself, no DECRC here: ncurses
    // saves and restores the cursor around scroll regions while it draws (idlok), in the same
    // DECSC slot, so the slot may hold one of ncurses' positions by now (tmux, a list scrolled
    // line by line: the cursor left mid-screen, 2026-11-27). tui_restore_cursor saves the
    // caller's cursor again first (tui_resave_caller_cursor).
    const char *rmcup = tigetstr("rmcup");
    has_alternate_screen = rmcup != NULL && rmcup != (char *)-1 && rmcup[0] != 0;
    rmcup_restores_cursor = has_alternate_screen && strstr(rmcup, "?1049l") != NULL;
    if (has_alternate_screen && !rmcup_restores_cursor) append_bytes("\0338");
    atomic_store(&screen_active, 1);
}

void tui_arm_restore_bytes(const char *bytes) {
    atomic_store(&screen_active, 0);
    restore_length = 0;
    append_bytes(bytes);
    has_alternate_screen = 0;
    atomic_store(&screen_active, 1);
}

static void write_all(int fd, const char *bytes, size_t length) {
    size_t done = 0;
    while (done < length) {
        ssize_t n = write(fd, bytes + done, length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
}

// DECSC and DECRC, not terminfo's `sc`/`rc`: the cursor must be saved before newterm (which
// may send `smcup` at once) has loaded terminfo, and every VT100-compatible terminal has them.
void tui_save_cursor(int fd) { write_all(fd, "\0337", 2); }

void tui_resave_caller_cursor(int fd) {
    // Out to the caller's screen (?1049l: its cursor back), DECSC there, and in again (?1049h
    // saves the same cursor again and clears the alternate screen, which endwin then leaves).
    if (rmcup_restores_cursor) write_all(fd, "\033[?1049l\0337\033[?1049h", 18);
}

void tui_restore_cursor(int fd) {
    if (has_alternate_screen) write_all(fd, "\0338", 2);
}

int tui_terminal_has_mouse(void) {
    const char *value = tigetstr("kmous");
    return value != NULL && value != (char *)-1 && value[0] != 0;
}

void tui_disarm_restore(void) { atomic_store(&screen_active, 0); }

void tui_emergency_restore(void) {
    if (!atomic_exchange(&screen_active, 0)) return;
    if (restore_fd < 0) return;
    size_t done = 0;
    while (done < restore_length) {
        ssize_t n = write(restore_fd, restore_bytes + done, restore_length - done);
        if (n <= 0) break;
        done += (size_t)n;
    }
    if (saved_modes_valid) tcsetattr(restore_fd, TCSADRAIN, &saved_modes);
}

static atomic_int child_group = 0;

void tui_set_child_group(int group) { atomic_store(&child_group, group); }

static void end_child_group(void) {
    int group = atomic_exchange(&child_group, 0);
    if (group > 0) kill(-group, SIGTERM);
}

static void signal_handler(int signal_number) {
    tui_emergency_restore();
    end_child_group();
    _exit(128 + signal_number);
}

// MARK: - Fatal signals: restore, then die as the process would have

// A trap in Swift code (a failed precondition, a force-unwrap of nil, an index out of range)
// is SIGILL on x86_64 and SIGTRAP on arm64; a bad pointer SIGSEGV or SIGBUS; abort() SIGABRT.
// The handler restores the terminal, ends our children's process group, puts back the action
// that was installed before ours (Swift's backtracer, a crash reporter, or the default) and
// raises the signal again: it is blocked while the handler runs, so it is delivered to that
// action as soon as the handler returns, and the process dies as it would have (the same exit
// status, a core dump, the backtrace printed on a terminal that is in its own modes again).
static const int fatal_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous_fatal[FATAL_COUNT];
static int fatal_installed = 0;

static void fatal_handler(int signal_number, siginfo_t *info, void *context) {
    (void)info;
    (void)context;
    int saved = errno;
    tui_emergency_restore();
    end_child_group();
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal_signals[i] == signal_number) sigaction(signal_number, &previous_fatal[i], NULL);
    }
    raise(signal_number);
    errno = saved;
}

void tui_install_fatal_signal_handlers(void) {
    if (fatal_installed) return;
    fatal_installed = 1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = fatal_handler;
    // SA_ONSTACK: a stack overflow is a SIGSEGV with no stack left; the alternate signal stack
    // (Swift's runtime sets one up for its backtracer) is where the handler can still run.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        sigaction(fatal_signals[i], &action, &previous_fatal[i]);
    }
}

void tui_reset_fatal_signal_handlers(void) {
    if (!fatal_installed) return;
    fatal_installed = 0;
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        sigaction(fatal_signals[i], &previous_fatal[i], NULL);
    }
}

void tui_exit_now(int status) {
    tui_emergency_restore();
    end_child_group();
    _exit(status);
}

static void exit_handler(void) {
    tui_emergency_restore();
    end_child_group();
}

static const int handled_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

void tui_install_signal_handlers(void) {
    static int exit_handler_installed = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = signal_handler;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        sigaction(handled_signals[i], &action, NULL);
    }
    if (!exit_handler_installed) {
        exit_handler_installed = 1;
        atexit(exit_handler);
    }
}

void tui_reset_signal_handlers(void) {
    for (size_t i = 0; i < sizeof handled_signals / sizeof handled_signals[0]; i++) {
        signal(handled_signals[i], SIG_DFL);
    }
}

// MARK: - Resize and suspend through a pipe

static int event_pipe[2] = {-1, -1};
static const int event_signals[] = {SIGWINCH, SIGTSTP, SIGCONT};

// Whether SIGTSTP was ignored when the program started (`trap '' TSTP` in the script that ran
// us, a service manager): read by a constructor before main, before any handler is installed.
static int initial_tstp_ignored = 0;

__attribute__((constructor)) static void note_initial_tstp(void) {
    struct sigaction current;
    if (sigaction(SIGTSTP, NULL, &current) == 0) initial_tstp_ignored = current.sa_handler == SIG_IGN;
}

// How many times SIGCONT has arrived: `tui_stop_job` waits for it to change (the job stopped
// and was continued), since SIGTSTP sent to the group may stop us from another thread.
static volatile sig_atomic_t continued_count = 0;

static void event_signal_handler(int signal_number) {
    int saved = errno;
    if (signal_number == SIGCONT) continued_count++;
    unsigned char byte = (unsigned char)signal_number;
    if (event_pipe[1] >= 0) (void)write(event_pipe[1], &byte, 1);
    errno = saved;
}

int tui_install_event_signals(void) {
    if (event_pipe[0] < 0) {
        if (pipe(event_pipe) != 0) {
            event_pipe[0] = event_pipe[1] = -1;
            return -1;
        }
        for (int i = 0; i < 2; i++) {
            fcntl(event_pipe[i], F_SETFL, fcntl(event_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(event_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = event_signal_handler;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof event_signals / sizeof event_signals[0]; i++) {
        // SIGTSTP ignored when the program started stays ignored: whoever started us said so.
        if (event_signals[i] == SIGTSTP && initial_tstp_ignored) continue;
        sigaction(event_signals[i], &action, NULL);
    }
    return event_pipe[0];
}

void tui_reset_event_signals(void) {
    for (size_t i = 0; i < sizeof event_signals / sizeof event_signals[0]; i++) {
        signal(event_signals[i], event_signals[i] == SIGTSTP && initial_tstp_ignored ? SIG_IGN : SIG_DFL);
    }
}

void tui_stop_self(void) {
    signal(SIGTSTP, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGTSTP);
    // Continued.
    tui_install_event_signals();
}

// MARK: - Job control

// A process's parent, process group and session from /proc/PID/stat (the fields after the
// command name, which may itself hold spaces and parentheses: read from the last ')').
static int read_process(pid_t pid, char *state_out, pid_t *parent, pid_t *group, pid_t *session) {
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    ssize_t n = read(fd, text, sizeof text - 1);
    close(fd);
    if (n <= 0) return 0;
    text[n] = 0;
    char *end = strrchr(text, ')');
    if (!end) return 0;
    char state;
    int p, g, s;
    if (sscanf(end + 1, " %c %d %d %d", &state, &p, &g, &s) != 4) return 0;
    *state_out = state;
    *parent = p;
    *group = g;
    *session = s;
    return 1;
}

// Whether `pid`, a live member of our process group, ties the group to a shell: its parent is in
// another group of our session (POSIX's test for a group that is not orphaned). A parent whose
// /proc entry cannot be read (hidepid, another user's) counts as a tie: when unsure, stop, as
// the kernel decides (it drops the stop for a group that really is orphaned).
static int ties_group(pid_t parent, pid_t group, pid_t session) {
    char state;
    pid_t grandparent, parent_group, parent_session;
    if (parent <= 0) return 0;
    if (!read_process(parent, &state, &grandparent, &parent_group, &parent_session)) return 1;
    return parent_group != group && parent_session == session;
}

const char *tui_job_control_refusal(void) {
    if (initial_tstp_ignored) return "Ctrl-Z does nothing here: whoever started this program turned suspending off";
    pid_t group = getpgrp(), session = getsid(0);
    // Our own parent settles the usual case (a shell, or git under a shell) without a scan.
    if (ties_group(getppid(), group, session)) return NULL;
    DIR *proc = opendir("/proc");
    if (!proc) return NULL;  // cannot tell: stop, as vim does
    int tied = 0;
    struct dirent *entry;
    while (!tied && (entry = readdir(proc)) != NULL) {
        pid_t pid = (pid_t)atoi(entry->d_name), parent, member_group, member_session;
        char state;
        if (pid <= 0 || !read_process(pid, &state, &parent, &member_group, &member_session)) continue;
        // Members that have exited (zombies) tie nothing, as the kernel counts them.
        if (member_group != group || state == 'Z' || state == 'X') continue;
        tied = ties_group(parent, group, session);
    }
    closedir(proc);
    return tied ? NULL : "Ctrl-Z does nothing here: no shell could resume this job (no job control)";
}

void tui_stop_job(void) {
    signal(SIGTSTP, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigaddset(&set, SIGCONT);
    sigset_t saved;
    pthread_sigmask(SIG_UNBLOCK, &set, &saved);
    sig_atomic_t before = continued_count;
    // The whole process group, this process included: git or the script that ran us stops too,
    // and the shell gets its job back. The stop may take another of our threads first, so wait
    // (at most a second, should it never come) until SIGCONT says we were continued.
    kill(0, SIGTSTP);
    for (int waited = 0; continued_count == before && waited < 1000; waited++) {
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    tui_install_event_signals();
}
