#include <malloc.h>
#include "CTerminal.h"

void navsh_keep_freed_heap(void) {
#ifdef M_TRIM_THRESHOLD
    mallopt(M_TRIM_THRESHOLD, 16 << 20);
#endif
}
