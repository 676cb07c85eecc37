#ifndef NAVSH_CTERMINAL_H
#define NAVSH_CTERMINAL_H

/// Installs a SIGINT handler that only records the signal. It is installed
/// without SA_RESTART so that a blocking read (el_gets) returns with EINTR.
int navsh_install_interrupt_handler(void);

/// Returns 1 if SIGINT arrived since the last call, and clears the flag.
int navsh_take_interrupt(void);

/// Returns 1 if SIGINT arrived since the last take, without clearing it
/// (a long query's progress handler polls this).
int navsh_interrupt_pending(void);
/* Ctrl-Cs received and not taken yet. */
int navsh_interrupt_count(void);

/// Installs SIGTERM and SIGHUP handlers that record the signal (no
/// SA_RESTART), so the prompt can save history and exit cleanly.
int navsh_install_termination_handlers(void);

/// Makes Ctrl-C stop a script as SIGTERM does: the running statement is
/// cancelled and nothing is left half-written.
int navsh_install_script_interrupt_handler(void);

/// The termination signal received (SIGTERM, SIGHUP, or SIGINT in a script), or 0.
int navsh_termination_signal(void);

/// Rows and columns of the terminal on fd; returns 0 on success.
int navsh_terminal_size(int fd, int *rows, int *columns);

/// Reads and throws away what was typed on terminal fd but not yet read;
/// returns how many lines that was (a partial line counts as one).
int navsh_discard_type_ahead(int fd);

/// Keeps memory freed at the top of the heap (up to 16 MiB) instead of
/// giving it back to the system at once: glibc did so after every edit of a
/// script and took it back for the next, a brk call and page faults each.
void navsh_keep_freed_heap(void);

/// A file descriptor the prompt's read waits on beside the terminal (a pipe
/// another thread writes a byte to when news arrives, `--listen`), and the
/// function it then calls with the line editor (`void *`: an EditLine),
/// before reading the next key. -1 and NULL: none.
typedef void (*navsh_wake_fn)(void *editor);
void navsh_set_wake(int fd, navsh_wake_fn fn);
int navsh_wake_fd(void);
/// Empties the wake pipe and calls the wake function, if any.
void navsh_wake_run(void *editor);

#endif
