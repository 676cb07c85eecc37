#ifndef NAVSH_CLIBEDIT_SHIM_H
#define NAVSH_CLIBEDIT_SHIM_H

// libedit's native API. el_set, el_get and history are C-variadic, which
// Swift cannot call, so each call shape navsh uses gets a fixed wrapper here.
// libedit is not linked: `navsh_libedit_open` loads it when the prompt
// starts (a script never does), and every call goes through the slots it
// fills, so Swift calls only the navsh_ wrappers below.
// SwiftPM does not notice edits to this header: after changing it, touch a
// Swift file of NavshLineInput (or the change is silently not compiled).
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include <histedit.h>

/* From navsh's CTerminal target, linked into the same program. */
extern void *navsh_libedit_slots[];
extern int navsh_libedit_load(const char *const *names, int count);
extern int navsh_interrupt_pending(void);
extern int navsh_termination_signal(void);
extern int navsh_wake_fd(void);
extern void navsh_wake_run(void *editor);

/* The libedit functions navsh calls, in the order of their names below. */
enum {
    NAVSH_EL_INIT, NAVSH_EL_END, NAVSH_EL_SET, NAVSH_EL_GET, NAVSH_EL_GETS, NAVSH_EL_LINE, NAVSH_EL_SOURCE,
    NAVSH_EL_PUSH, NAVSH_EL_INSERTSTR, NAVSH_EL_DELETESTR, NAVSH_HISTORY_INIT, NAVSH_HISTORY_END, NAVSH_HISTORY,
    NAVSH_LIBEDIT_COUNT
};

/// Loads libedit (once); 1 when it and every function navsh calls were found.
static inline int navsh_libedit_open(void) {
    static const char *const names[NAVSH_LIBEDIT_COUNT] = {
        "el_init", "el_end", "el_set", "el_get", "el_gets", "el_line", "el_source",
        "el_push", "el_insertstr", "el_deletestr", "history_init", "history_end", "history",
    };
    return navsh_libedit_load(names, NAVSH_LIBEDIT_COUNT);
}

#define NAVSH_LE(slot, type) ((type)navsh_libedit_slots[slot])
#define el_init NAVSH_LE(NAVSH_EL_INIT, EditLine *(*)(const char *, FILE *, FILE *, FILE *))
#define el_end NAVSH_LE(NAVSH_EL_END, void (*)(EditLine *))
#define el_set NAVSH_LE(NAVSH_EL_SET, int (*)(EditLine *, int, ...))
#define el_get NAVSH_LE(NAVSH_EL_GET, int (*)(EditLine *, int, ...))
#define el_gets NAVSH_LE(NAVSH_EL_GETS, const char *(*)(EditLine *, int *))
#define el_line NAVSH_LE(NAVSH_EL_LINE, const LineInfo *(*)(EditLine *))
#define el_source NAVSH_LE(NAVSH_EL_SOURCE, int (*)(EditLine *, const char *))
#define el_push NAVSH_LE(NAVSH_EL_PUSH, void (*)(EditLine *, const char *))
#define el_insertstr NAVSH_LE(NAVSH_EL_INSERTSTR, int (*)(EditLine *, const char *))
#define el_deletestr NAVSH_LE(NAVSH_EL_DELETESTR, void (*)(EditLine *, int))
#define history_init NAVSH_LE(NAVSH_HISTORY_INIT, History *(*)(void))
#define history_end NAVSH_LE(NAVSH_HISTORY_END, void (*)(History *))
#define history NAVSH_LE(NAVSH_HISTORY, int (*)(History *, HistEvent *, int, ...))

static inline void navsh_el_end(EditLine *el) { el_end(el); }
static inline const char *navsh_el_gets(EditLine *el, int *count) { return el_gets(el, count); }
static inline const LineInfo *navsh_el_line(EditLine *el) { return el_line(el); }
static inline int navsh_el_source(EditLine *el, const char *file) { return el_source(el, file); }
static inline void navsh_el_push(EditLine *el, const char *text) { el_push(el, text); }
static inline int navsh_el_insertstr(EditLine *el, const char *text) { return el_insertstr(el, text); }
static inline void navsh_el_deletestr(EditLine *el, int count) { el_deletestr(el, count); }
static inline void navsh_history_end(History *h) { history_end(h); }

/// libedit's read function, with one change: a Ctrl-C (or SIGTERM/SIGHUP)
/// that arrived while libedit was busy between two reads ends el_gets at
/// once, instead of waiting for the next key. Between two keys it also
/// waits on the wake pipe (`navsh_set_wake`), whose function may print
/// above the prompt and redraw it while its user sits idle. Bytes are
/// decoded as libedit does, with mbrtowc under the current (UTF-8) locale.
static inline int navsh_read_char(EditLine *el, wchar_t *wc) {
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    for (;;) {
        if (navsh_interrupt_pending() || navsh_termination_signal()) {
            errno = EINTR;
            *wc = L'\0';
            return -1;
        }
        int wake = navsh_wake_fd();
        if (wake >= 0 && count == 0) {
            struct pollfd ready[2] = {{STDIN_FILENO, POLLIN, 0}, {wake, POLLIN, 0}};
            if (poll(ready, 2, -1) < 0) {
                if (errno == EINTR) continue;
                *wc = L'\0';
                return -1;
            }
            if (ready[1].revents & POLLIN) {
                navsh_wake_run(el);
                if (!(ready[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            }
        }
        ssize_t got = read(STDIN_FILENO, &bytes[count], 1);
        if (got == 0) {
            *wc = L'\0';
            return 0;
        }
        if (got < 0) {
            if (errno == EINTR) continue; /* a resize, say: the check above decides */
            *wc = L'\0';
            return -1;
        }
        count++;
        /* The state keeps the bytes already fed: give mbrtowc the new one only. */
        size_t used = mbrtowc(wc, &bytes[count - 1], 1, &state);
        if (used == (size_t)-2 && count < MB_LEN_MAX) continue; /* more bytes of this character */
        if (used == (size_t)-1 || used == (size_t)-2) {
            /* Not valid in this locale: pass the first byte through, as libedit does. */
            *wc = (wchar_t)(unsigned char)bytes[0];
        }
        return 1;
    }
}

/// Redraws the prompt and the line being typed from the start of the
/// cursor's screen line (after text was printed above it).
static inline int navsh_el_refresh(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

static inline int navsh_el_set_read_char(EditLine *el) {
    return el_set(el, EL_GETCFN, navsh_read_char);
}

typedef char *(*navsh_prompt_fn)(EditLine *);
typedef unsigned char (*navsh_key_fn)(EditLine *, int);

static inline EditLine *navsh_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}
static inline int navsh_el_set_prompt(EditLine *el, navsh_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
/// The prompt may hold invisible escape sequences between two `marker`
/// characters, which libedit leaves out of its width count.
static inline int navsh_el_set_prompt_esc(EditLine *el, navsh_prompt_fn fn, char marker) {
    return el_set(el, EL_PROMPT_ESC, fn, marker);
}
static inline int navsh_el_addfn(EditLine *el, const char *name, const char *help, navsh_key_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int navsh_el_bind(EditLine *el, const char *key, const char *name) {
    return el_set(el, EL_BIND, key, name, NULL);
}
static inline int navsh_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int navsh_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}
static inline int navsh_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}
static inline int navsh_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *navsh_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    el_get(el, EL_CLIENTDATA, &data);
    return data;
}
static inline History *navsh_history_init(int size) {
    History *h = history_init();
    HistEvent ev;
    if (h == NULL) return NULL;
    history(h, &ev, H_SETSIZE, size);
    history(h, &ev, H_SETUNIQUE, 1);
    return h;
}
static inline int navsh_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}
static inline int navsh_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}
static inline int navsh_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}
/// Steps through the history: op is H_LAST (the oldest) then H_PREV (newer).
/// Returns the entry's text, or NULL past the end.
static inline const char *navsh_history_step(History *h, int op) {
    HistEvent ev;
    if (history(h, &ev, op) == -1) return NULL;
    return ev.str;
}
static inline int navsh_history_clear(History *h) {
    HistEvent ev;
    return history(h, &ev, H_CLEAR);
}

#endif
