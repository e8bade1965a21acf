// GNU Source-highlight behind a C interface: the plugin libgithub-tui-highlight.so, which the CSourceHighlight
// target loads with dlopen when the first file is highlighted (see CSourceHighlight/include/csourcehighlight.h).
#include "sourcehighlightplugin.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <mutex>
#include <string>
#include <vector>

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/settings.h>
#include <srchilite/sourcehighlighter.h>

namespace {

std::mutex lock;

/// One manager for the process: it caches every language definition it has read.
srchilite::LangDefManager &manager() {
    static srchilite::RegexRuleFactory factory;
    static srchilite::LangDefManager instance(&factory);
    return instance;
}

const std::string &dataDir() {
    static const std::string dir = srchilite::Settings::retrieveDataDir();
    return dir;
}

bool isPlainName(const char *name) {
    if (name == nullptr || *name == '\0' || std::strchr(name, '/') != nullptr || std::strcmp(name, "..") == 0) {
        return false;
    }
    return true;
}

/// Collects each formatted piece as a run of the current line.
class RunCollector : public srchilite::Formatter {
public:
    RunCollector(std::vector<tui_hl_run> &runs, uint8_t kind, const uint32_t &line)
        : runs(runs), kind(kind), line(line) {}

    void format(const std::string &s, const srchilite::FormatterParams *params) override {
        if (kind == 0 || s.empty() || params == nullptr || params->start < 0) return;
        runs.push_back(tui_hl_run{line, static_cast<uint32_t>(params->start), static_cast<uint32_t>(s.size()), kind});
    }

private:
    std::vector<tui_hl_run> &runs;
    uint8_t kind;
    const uint32_t &line;
};

uint8_t kindOf(const std::string &element) {
    static const struct { const char *name; uint8_t kind; } table[] = {
        {"keyword", TUI_HL_KEYWORD}, {"type", TUI_HL_TYPE}, {"usertype", TUI_HL_TYPE}, {"classname", TUI_HL_TYPE},
        {"string", TUI_HL_STRING}, {"regexp", TUI_HL_STRING}, {"comment", TUI_HL_COMMENT}, {"todo", TUI_HL_COMMENT},
        {"number", TUI_HL_NUMBER}, {"preproc", TUI_HL_PREPROCESSOR}, {"function", TUI_HL_FUNCTION},
        {"symbol", TUI_HL_SYMBOL}, {"cbracket", TUI_HL_SYMBOL}, {"variable", TUI_HL_VARIABLE},
        {"specialchar", TUI_HL_SPECIAL}, {"label", TUI_HL_SPECIAL}, {"property", TUI_HL_VARIABLE},
        {"attribute", TUI_HL_VARIABLE}, {"value", TUI_HL_STRING}, {"selector", TUI_HL_KEYWORD},
    };
    for (const auto &entry : table) {
        if (element == entry.name) return entry.kind;
    }
    return 0;
}

/// The element names Source-highlight's shipped definitions use (anything else is left plain).
const char *const elements[] = {
    "keyword", "type", "usertype", "classname", "string", "regexp", "comment", "todo", "number", "preproc",
    "function", "symbol", "cbracket", "variable", "specialchar", "label", "property", "attribute", "value",
    "selector",
};

}  // namespace

extern "C" int tui_shl_has_language(const char *lang_file) {
    if (!isPlainName(lang_file)) return 0;
    std::lock_guard<std::mutex> guard(lock);
    std::ifstream file(dataDir() + "/" + lang_file);
    return file.good() ? 1 : 0;
}

extern "C" int tui_shl_highlight(const char *lang_file, const char *text, size_t length, size_t max_line_bytes,
                                 size_t max_lines, double max_milliseconds, tui_hl_run **runs_out, size_t *count,
                                 size_t *lines_done) {
    *runs_out = nullptr;
    *count = 0;
    *lines_done = 0;
    if (!isPlainName(lang_file) || text == nullptr) return TUI_HL_NO_LANGUAGE;
    std::lock_guard<std::mutex> guard(lock);
    // Source-highlight may warn on std::cerr; the terminal is ours, so nothing may reach it.
    std::ostringstream discarded;
    std::streambuf *savedCerr = std::cerr.rdbuf(discarded.rdbuf());
    struct Restore {
        std::streambuf *saved;
        ~Restore() { std::cerr.rdbuf(saved); }
    } restore{savedCerr};
    const auto started = std::chrono::steady_clock::now();
    std::vector<tui_hl_run> runs;
    uint32_t line = 0;
    int status = TUI_HL_OK;
    try {
        srchilite::HighlightStatePtr state = manager().getHighlightState(dataDir(), lang_file);
        srchilite::FormatterManager formatters(srchilite::FormatterPtr(new RunCollector(runs, 0, line)));
        for (const char *element : elements) {
            formatters.addFormatter(element, srchilite::FormatterPtr(new RunCollector(runs, kindOf(element), line)));
        }
        srchilite::SourceHighlighter highlighter(state);
        srchilite::FormatterParams params;
        highlighter.setFormatterManager(&formatters);
        highlighter.setFormatterParams(&params);
        highlighter.setOptimize(false);
        size_t offset = 0;
        std::string paragraph;
        while (offset < length && line < max_lines) {
            const void *found = std::memchr(text + offset, '\n', length - offset);
            size_t end = found ? static_cast<const char *>(found) - text : length;
            size_t take = std::min(end - offset, max_line_bytes);
            paragraph.assign(text + offset, take);
            try {
                highlighter.highlightParagraph(paragraph);
            } catch (...) {
                // A line the rules fail on (a regex too complex) stays plain; the state starts over.
                highlighter.clearStateStack();
                highlighter.setCurrentState(highlighter.getMainState());
            }
            line += 1;
            *lines_done = line;
            offset = end + 1;
            const std::chrono::duration<double, std::milli> spent = std::chrono::steady_clock::now() - started;
            if (spent.count() > max_milliseconds && offset < length) {
                status = TUI_HL_TIMED_OUT;
                break;
            }
        }
    } catch (const std::exception &) {
        status = runs.empty() && line == 0 ? TUI_HL_NO_LANGUAGE : TUI_HL_FAILED;
    } catch (...) {
        status = TUI_HL_FAILED;
    }
    if (!runs.empty()) {
        auto *copy = static_cast<tui_hl_run *>(std::malloc(runs.size() * sizeof(tui_hl_run)));
        if (copy == nullptr) return TUI_HL_FAILED;
        std::memcpy(copy, runs.data(), runs.size() * sizeof(tui_hl_run));
        *runs_out = copy;
        *count = runs.size();
    }
    return status;
}

extern "C" void tui_shl_free(tui_hl_run *runs) {
    std::free(runs);
}
