#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <termios.h>
#include <unistd.h>
#include "CTerminal.h"

static volatile sig_atomic_t interrupted = 0;

/* Counts Ctrl-Cs not taken yet: a second one while a cancel is awaited gives up waiting. */
static void on_interrupt(int signo) {
    (void)signo;
    if (interrupted < 1000) interrupted = interrupted + 1;
}

/* Installs `handler` for `signo` without SA_RESTART (el_gets and read must
   return on the signal), and unblocks it: a parent may have started us with
   it blocked, and it must reach us. */
static int install(int signo, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    if (sigaction(signo, &action, NULL) != 0) return -1;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signo);
    return sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int navsh_install_interrupt_handler(void) {
    return install(SIGINT, on_interrupt);
}

int navsh_take_interrupt(void) {
    int was = interrupted != 0;
    interrupted = 0;
    return was;
}

int navsh_interrupt_pending(void) {
    return interrupted != 0;
}

int navsh_interrupt_count(void) {
    return interrupted;
}

static volatile sig_atomic_t termination = 0;

static void on_termination(int signo) {
    termination = signo;
}

int navsh_install_termination_handlers(void) {
    if (install(SIGTERM, on_termination) != 0) return -1;
    return install(SIGHUP, on_termination);
}

int navsh_install_script_interrupt_handler(void) {
    return install(SIGINT, on_termination);
}

int navsh_termination_signal(void) {
    return termination;
}

int navsh_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

int navsh_discard_type_ahead(int fd) {
    int pending = 0;
    if (ioctl(fd, FIONREAD, &pending) != 0 || pending <= 0) {
        tcflush(fd, TCIFLUSH);
        return 0;
    }
    char buffer[4096];
    int lines = 0, partial = 0;
    while (pending > 0) {
        ssize_t got = read(fd, buffer, pending < (int)sizeof buffer ? (size_t)pending : sizeof buffer);
        if (got <= 0) break;
        for (ssize_t i = 0; i < got; i++) {
            if (buffer[i] == '\n' || buffer[i] == '\r') { lines++; partial = 0; } else { partial = 1; }
        }
        pending -= (int)got;
    }
    tcflush(fd, TCIFLUSH);
    return lines + partial;
}

static int wake_fd = -1;
static navsh_wake_fn wake_fn = NULL;

void navsh_set_wake(int fd, navsh_wake_fn fn) {
    wake_fd = fd;
    wake_fn = fn;
}

int navsh_wake_fd(void) { return wake_fd; }

void navsh_wake_run(void *editor) {
    char drained[64];
    /* The pipe is non-blocking: read what is there, several wakes are one. */
    while (read(wake_fd, drained, sizeof drained) > 0) {}
    if (wake_fn != NULL) wake_fn(editor);
}

/* libedit's signal handler (EL_SIGNAL, which terminal resizes need) puts the
 * terminal back, restores the handler it replaced and then re-sends the
 * signal with kill(0, signo): to the whole process group. A SIGTERM sent to
 * navsh alone at the prompt so also ended the shell script that ran it (a
 * trial's find). This kill, which the link makes libedit call in place of
 * libc's, sends a signal meant for our own group to navsh alone: a
 * terminal's Ctrl-C, Ctrl-\ or Ctrl-Z reached the whole group already, from
 * the kernel. Nothing else in navsh signals its group. */
int kill(pid_t pid, int signo) {
    if (pid == 0) pid = getpid();
    return (int)syscall(SYS_kill, pid, signo);
}
