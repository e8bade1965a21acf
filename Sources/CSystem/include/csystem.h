#ifndef GITHUB_TUI_CSYSTEM_H
#define GITHUB_TUI_CSYSTEM_H

// glibc's malloc tuning, which Swift's Glibc module does not export (malloc.h).

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Limits the number of malloc arenas (glibc makes up to 8 per core, one per busy thread).
static inline void tui_malloc_limit_arenas(int count) {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, count);
#else
    (void)count;
#endif
}

/// Gives freed heap memory back to the system.
static inline void tui_malloc_trim(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}

#endif
