#ifndef NAVSH_CDISPLAYWIDTH_H
#define NAVSH_CDISPLAYWIDTH_H

#include <stdint.h>

/// Terminal column width of one Unicode scalar, from glibc's wcwidth under a
/// C.UTF-8 locale that is used only for this call (the process locale is not
/// touched, so the answer does not depend on LANG). Returns -1 for control
/// characters and -2 when no UTF-8 locale exists on the machine.
int navsh_scalar_width(uint32_t scalar);

#endif
