#include <dlfcn.h>
#include <stddef.h>

/*
 * libedit, loaded when the prompt first needs it (CLibEdit's shim.h holds
 * the names and calls through these slots). Linked into the program, it and
 * the libraries it needs (libtinfo, libbsd, libmd) were loaded and
 * relocated at every start, scripts included: 1.5M instructions, a sixth of
 * a script's start-up (bench/README.md).
 */
void *navsh_libedit_slots[32];

/* Fills navsh_libedit_slots with `names`, once; 1 when every one was found. */
int navsh_libedit_load(const char *const *names, int count) {
    static int state = 0; /* 1 loaded, -1 failed */
    if (state != 0) return state > 0;
    state = -1;
    if (count < 0 || count > (int)(sizeof navsh_libedit_slots / sizeof navsh_libedit_slots[0])) return 0;
    /* RTLD_GLOBAL: its own references (kill) resolve as when it was linked. */
    void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL) library = dlopen("libedit.so", RTLD_NOW | RTLD_GLOBAL);
    if (library == NULL) return 0;
    for (int i = 0; i < count; i++) {
        navsh_libedit_slots[i] = dlsym(library, names[i]);
        if (navsh_libedit_slots[i] == NULL) return 0;
    }
    state = 1;
    return 1;
}
