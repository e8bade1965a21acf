// Loads the Source-highlight plugin (libgithub-tui-highlight.so) on first use and forwards to it.
// See include/csourcehighlight.h for why it is not linked.
#include "csourcehighlight.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
    int (*highlight)(const char *, const char *, size_t, size_t, size_t, double, tui_hl_run **, size_t *, size_t *);
    void (*free_runs)(tui_hl_run *);
    int (*has_language)(const char *);
} plugin;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static atomic_int loaded = 0;
static char load_error[PATH_MAX + 256] = "";

/// The plugin's path: the plugin file in the running executable's folder (symlinks resolved).
static int plugin_path(char *path, size_t capacity) {
    char executable[PATH_MAX];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) {
        snprintf(load_error, sizeof load_error, "cannot find the running executable (/proc/self/exe)");
        return 0;
    }
    executable[length] = '\0';
    char *slash = strrchr(executable, '/');
    if (slash == NULL) return 0;
    *slash = '\0';
    if (snprintf(path, capacity, "%s/%s", executable, TUI_HL_PLUGIN_FILE) >= (int)capacity) {
        snprintf(load_error, sizeof load_error, "the executable's folder path is too long");
        return 0;
    }
    return 1;
}

static void load(void) {
    char path[PATH_MAX];
    if (!plugin_path(path, sizeof path)) return;
    // RTLD_LOCAL: the plugin's libraries (Boost, ICU) stay out of the global namespace.
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(load_error, sizeof load_error, "%s", reason ? reason : path);
        return;
    }
#define LOAD(field, symbol)                                                                  \
    *(void **)(&plugin.field) = dlsym(handle, symbol);                                       \
    if (plugin.field == NULL) {                                                              \
        snprintf(load_error, sizeof load_error, "%s has no %s", TUI_HL_PLUGIN_FILE, symbol); \
        return;                                                                              \
    }
    LOAD(highlight, "tui_shl_highlight")
    LOAD(free_runs, "tui_shl_free")
    LOAD(has_language, "tui_shl_has_language")
#undef LOAD
    atomic_store(&loaded, 1);
}

int tui_highlight_load(void) {
    pthread_once(&load_once, load);
    return atomic_load(&loaded);
}

const char *tui_highlight_load_error(void) {
    tui_highlight_load();
    return load_error;
}

int tui_highlight_is_loaded(void) {
    return atomic_load(&loaded);
}

int tui_highlight(const char *lang_file, const char *text, size_t length, size_t max_line_bytes, size_t max_lines,
                  double max_milliseconds, tui_hl_run **runs, size_t *count, size_t *lines_done) {
    if (!tui_highlight_load()) {
        *runs = NULL;
        *count = 0;
        *lines_done = 0;
        return TUI_HL_UNAVAILABLE;
    }
    return plugin.highlight(lang_file, text, length, max_line_bytes, max_lines, max_milliseconds, runs, count,
                            lines_done);
}

void tui_highlight_free(tui_hl_run *runs) {
    // Runs come only from a loaded plugin (malloc'd there, freed by the same libc).
    if (runs != NULL && tui_highlight_is_loaded()) plugin.free_runs(runs);
}

int tui_highlight_has_language(const char *lang_file) {
    return tui_highlight_load() ? plugin.has_language(lang_file) : 0;
}
