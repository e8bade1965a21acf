#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation
import GitHubEntities
import TerminalKit
import TOMLKit

/// How `y` copies (the config's `clipboard`).
enum ClipboardMethod: String, CaseIterable, Sendable {
    /// OSC 52 to the terminal, and a desktop command (`wl-copy`, `xclip`, `xsel`) when one is present.
    case auto
    /// Only OSC 52 (the terminal's clipboard; works over SSH).
    case osc52
    /// Only the desktop command.
    case command
    /// Copying is off.
    case none
}

/// What the user's config file says (docs/config.toml). Every field is optional: an absent file is
/// this type's defaults.
struct AppConfig: Equatable, Sendable {
    /// The file it was read from (nil: no file).
    var path: String?
    /// The owner shown when the command line names none (ahead of the remembered last owner).
    var defaultOwner: String?
    /// The colours (`--theme` wins; `NO_COLOR` wins over both).
    var theme: Theme?
    /// Where `c` clones (`ROOT/HOST/OWNER/REPO`); `~` expanded. Nil: `~/src`.
    var cloneRoot: String?
    var clipboard: ClipboardMethod = .auto
    var commitPrefetch: CommitPrefetch = .visible
    /// The interface's symbols: `unicode` (every common font), `nerd` (a Nerd Font), `ascii`.
    var icons: IconSet = .unicode
    /// How pictures are drawn: `auto` (the terminal is asked), `kitty`, `sixel`, `iterm2`, `blocks`
    /// (half blocks, as every terminal), `none`.
    var images: ImagesSetting = .auto
    /// `[keys]` and `[keys.SCREEN]`.
    var keys: KeyRemapping = .none
    /// The first screen: `list` (the repositories) or `inbox` (the notifications; `--inbox` too).
    var start: StartScreen = .list
    /// The terminal's bell rings when a workflow run watched in the Actions tab completes.
    var bellOnDone = false

    init() {}
}

/// The screen the app starts on (the config's `start`; `--inbox` starts in the inbox whatever it says).
enum StartScreen: String, CaseIterable, Sendable {
    case list, inbox
}

/// A config file that cannot be used: each problem with its line. The app stops with exit 2 and
/// applies nothing.
struct ConfigError: Error, Equatable, CustomStringConvertible {
    struct Problem: Equatable, Sendable {
        var line: Int?
        var message: String
    }

    var path: String
    var problems: [Problem]

    init(path: String, line: Int? = nil, _ message: String) {
        self.path = path
        problems = [Problem(line: line, message: message)]
    }

    init(path: String, problems: [Problem]) {
        self.path = path
        self.problems = problems
    }

    /// One line per problem: `PATH:LINE: message`. Path and messages go through `Sanitizer.line`: they
    /// quote the file's text (key names, values, the TOML parser's excerpts), which may hold escape
    /// sequences that must not reach the terminal (stderr).
    var description: String {
        let file = Sanitizer.line(path)
        return problems.map { "\(file)\($0.line.map { ":\($0)" } ?? ""): \(Sanitizer.line($0.message))" }
            .joined(separator: "\n")
    }
}

/// Reads `config.toml`: `$XDG_CONFIG_HOME/github-tui/config.toml` (default `~/.config/…`) or the
/// `--config` path. Only a file that exists is read: launching without one costs one `stat`.
enum ConfigFile {
    /// The settings a file may have, at the top level.
    static let settings = ["default_owner", "theme", "clone_root", "clipboard", "commit_prefetch", "icons", "images", "keys", "start",
                           "bell_on_done"]

    /// Where the config is looked for when `--config` is not given.
    static func defaultPath(environment: [String: String]) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") {
            return (base as NSString).appendingPathComponent("github-tui/config.toml")
        }
        return (home(environment) as NSString).appendingPathComponent(".config/github-tui/config.toml")
    }

    /// The config for this launch: `explicitPath` must exist (`~/` is expanded, as a shell would not
    /// after `--config=`); the default file may be missing (nothing to apply).
    static func load(explicitPath: String?, environment: [String: String]) throws(ConfigError) -> AppConfig {
        let explicitPath = explicitPath.map { $0.hasPrefix("~/") ? expandHome($0, environment: environment) ?? $0 : $0 }
        let path = explicitPath ?? defaultPath(environment: environment)
        var info = stat()
        guard stat(path, &info) == 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            if explicitPath == nil, missing { return AppConfig() }
            let reason = String(cString: strerror(errno))
            throw ConfigError(path: path, missing ? "no such config file (\(reason))" : "cannot be read (\(reason))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ConfigError(path: path, "not a regular file") }
        guard let data = FileManager.default.contents(atPath: path) else { throw ConfigError(path: path, "cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { throw ConfigError(path: path, "is not UTF-8 text") }
        return try parse(text, path: path, environment: environment)
    }

    /// Parses a config's text (`path` is for messages): syntax, settings, values and key names.
    /// `checkKeys` then checks the action names and conflicts.
    static func parse(_ text: String, path: String, environment: [String: String]) throws(ConfigError) -> AppConfig {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(path: path, line: error.source.begin.line, "TOML syntax: \(error.description)")
        } catch {
            throw ConfigError(path: path, "TOML syntax: \(error)")
        }
        let lines = SourceLines(text)
        var config = AppConfig()
        config.path = path
        var problems: [ConfigError.Problem] = []
        func problem(_ key: [String], _ message: String) {
            problems.append(.init(line: lines.line(of: key), message: message))
        }
        func string(_ name: String) -> String? {
            guard let value = table[name] else { return nil }
            guard let string = value.string else { problem([name], "\(name) must be a string (in quotes)"); return nil }
            return string
        }
        func choice<T: RawRepresentable & CaseIterable>(_ name: String, _: T.Type) -> T? where T.RawValue == String {
            guard let raw = string(name) else { return nil }
            guard let value = T(rawValue: raw) else {
                problem([name], "\(name) \"\(AppCommand.printable(raw))\" is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
                return nil
            }
            return value
        }
        for name in table.keys.sorted(by: { (lines.line(of: [$0]) ?? 0) < (lines.line(of: [$1]) ?? 0) }) where !settings.contains(name) {
            problem([name], "unknown setting \"\(AppCommand.printable(name))\" (settings: \(settings.joined(separator: ", ")))")
        }
        if let owner = string("default_owner") {
            if OwnerLogin.isValid(owner) { config.defaultOwner = owner } else {
                problem(["default_owner"], "default_owner \"\(AppCommand.printable(owner))\" is not a GitHub login")
            }
        }
        config.theme = choice("theme", Theme.self)
        if let root = string("clone_root") {
            if let expanded = expandHome(root, environment: environment) { config.cloneRoot = expanded } else {
                problem(["clone_root"], "clone_root must be an absolute path or start with ~/ (got \"\(AppCommand.printable(root))\")")
            }
        }
        config.clipboard = choice("clipboard", ClipboardMethod.self) ?? .auto
        config.commitPrefetch = choice("commit_prefetch", CommitPrefetch.self) ?? .visible
        config.icons = choice("icons", IconSet.self) ?? .unicode
        config.images = choice("images", ImagesSetting.self) ?? .auto
        config.start = choice("start", StartScreen.self) ?? .list
        if let value = table["bell_on_done"] {
            if let flag = value.bool { config.bellOnDone = flag } else {
                problem(["bell_on_done"], "bell_on_done must be true or false (without quotes)")
            }
        }
        if let keys = table["keys"] {
            if let keysTable = keys.table {
                config.keys = remapping(keysTable, lines: lines, problems: &problems)
            } else {
                problem(["keys"], "keys must be a table: [keys]")
            }
        }
        guard problems.isEmpty else {
            throw ConfigError(path: path, problems: problems.enumerated().sorted {
                ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
            }.map(\.element))
        }
        return config
    }

    /// Checks `[keys]` against the screens' key tables: action names each screen has, no key bound
    /// to two actions of one table once remapped. It builds the tables, so the app calls it after
    /// `KeyRemapping.install(config.keys)` (and stops on a problem before any screen exists).
    static func checkKeys(_ config: AppConfig) throws(ConfigError) {
        guard !config.keys.isEmpty else { return }
        let problems = ScreenKeys.problems(in: config.keys)
        guard problems.isEmpty else {
            throw ConfigError(path: config.path ?? "config.toml", problems: problems.map { .init(line: $0.line, message: $0.message) })
        }
    }

    /// `[keys]` (action = keys, and `[keys.SCREEN]` tables) as a remapping; bad key names are problems.
    private static func remapping(_ table: TOMLTable, lines: SourceLines, problems: inout [ConfigError.Problem]) -> KeyRemapping {
        var remapping = KeyRemapping()
        for name in table.keys {
            guard let value = table[name] else { continue }
            if let section = value.table {
                guard ScreenKeys.screens.contains(name) else {
                    problems.append(.init(line: lines.line(of: ["keys", name]),
                                          message: "unknown screen [keys.\(AppCommand.printable(name))]: use one of \(ScreenKeys.screens.joined(separator: ", "))"))
                    continue
                }
                var entries: [String: KeyRemapping.Entry] = [:]
                for action in section.keys {
                    guard let value = section[action] else { continue }
                    if let entry = entry(value, path: ["keys", name, action], lines: lines, problems: &problems) {
                        entries[action] = entry
                    }
                }
                remapping.screens[name] = entries
            } else if let entry = entry(value, path: ["keys", name], lines: lines, problems: &problems) {
                remapping.everywhere[name] = entry
            }
        }
        return remapping
    }

    /// One action's keys: a key name, a list of them, or `"<disabled>"`.
    private static func entry(_ value: any TOMLValueConvertible, path: [String], lines: SourceLines,
                              problems: inout [ConfigError.Problem]) -> KeyRemapping.Entry? {
        let line = lines.line(of: path)
        let action = AppCommand.printable(path.last ?? "")
        var names: [String] = []
        if let string = value.string {
            names = [string]
        } else if let array = value.array {
            for index in 0..<array.count {
                guard let string = array[index].string else {
                    problems.append(.init(line: line, message: "\(action): keys must be strings, like \"x\" or \"ctrl-q\""))
                    return nil
                }
                names.append(string)
            }
        } else {
            problems.append(.init(line: line, message: "\(action): give a key (\"x\"), a list ([\"q\", \"ctrl-q\"]) or \"<disabled>\""))
            return nil
        }
        if names == [KeyName.disabled] { return KeyRemapping.Entry(keys: [], line: line) }
        var keys: [Key] = []
        for name in names {
            if name == KeyName.disabled {
                problems.append(.init(line: line, message: "\(action): \"<disabled>\" stands alone, not in a list"))
                return nil
            }
            do {
                keys.append(try KeyName.key(name))
            } catch {
                problems.append(.init(line: line, message: "\(action): \(error.description)"))
                return nil
            }
        }
        if keys.isEmpty {
            problems.append(.init(line: line, message: "\(action): an empty list; use \"<disabled>\" to unbind"))
            return nil
        }
        return KeyRemapping.Entry(keys: keys, line: line)
    }

    /// `~` and `~/…` become the home directory; other paths must be absolute.
    static func expandHome(_ path: String, environment: [String: String]) -> String? {
        if path == "~" { return home(environment) }
        if path.hasPrefix("~/") { return (home(environment) as NSString).appendingPathComponent(String(path.dropFirst(2))) }
        guard path.hasPrefix("/"), !path.unicodeScalars.contains(where: AppCommand.isControl) else { return nil }
        return path
    }

    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}

/// Finds the line of a key in TOML text (TOMLKit's values do not carry their position): the line
/// that sets `path` — under its `[table]` header, as a dotted key, or an inline table's line.
struct SourceLines {
    /// (line number, full dotted path) of every `key =` line and `[header]`.
    private var entries: [(line: Int, path: [String])] = []

    init(_ text: String) {
        var header: [String] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                guard let end = line.firstIndex(of: "]") else { continue }
                let inside = line[line.index(after: line.startIndex)..<end].trimmingCharacters(in: CharacterSet(charactersIn: "[ "))
                header = Self.dotted(inside)
                entries.append((number, header))
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                entries.append((number, header + Self.dotted(String(line[..<equals]))))
            }
        }
    }

    /// The line that sets `path`, else the closest enclosing one that is set (an inline table).
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let found = entries.first(where: { $0.path == path }) { return found.line }
            path.removeLast()
        }
        return nil
    }

    /// `a. "b" .c` → [a, b, c] (quotes and spaces around parts dropped; no dots inside quotes).
    private static func dotted(_ key: String) -> [String] {
        key.split(separator: ".").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'")) }
    }
}
