#ifndef GITHUB_TUI_CSYSTEM_H
#define GITHUB_TUI_CSYSTEM_H

// glibc's malloc tuning, which Swift's Glibc module does not export (malloc.h).

// Any libc header defines __GLIBC__ on glibc: without one first, the test below is always false
// and every function here silently does nothing (as it did until tui_malloc_is_tunable was added).
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// 1 when the functions below reach glibc's allocator, 0 where they do nothing.
static inline int tui_malloc_is_tunable(void) {
#if defined(__GLIBC__)
    return 1;
#else
    return 0;
#endif
}

/// Limits the number of malloc arenas (glibc makes up to 8 per core, one per busy thread).
static inline void tui_malloc_limit_arenas(int count) {
#if defined(__GLIBC__)
    mallopt(M_ARENA_MAX, count);
#else
    (void)count;
#endif
}

/// Serves every allocation of at least `bytes` with its own mapping, returned to the system when it
/// is freed. glibc raises this threshold as big blocks are freed (up to 32 MB), after which a list's
/// arrays (megabytes each) stay in the heap once freed; setting it fixes it.
static inline void tui_malloc_map_large_blocks(int bytes) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, bytes);
#else
    (void)bytes;
#endif
}

/// Gives freed heap memory back to the system; 1 if some was given back.
static inline int tui_malloc_trim(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

#endif
