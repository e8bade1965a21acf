#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing

/// Drives a real terminal: the built `github-tui` binary inside a detached tmux session of a fixed
/// size, typed at with `send-keys` and read with `capture-pane`, as a person would use it.
final class TmuxSession {
    let socket: String
    let width: Int
    let height: Int

    /// The binary under test: `GITHUB_TUI_BINARY`, else `github-tui` next to the test bundle.
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["GITHUB_TUI_BINARY"] { return URL(fileURLWithPath: path) }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("github-tui")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("github-tui")
    }

    static var isAvailable: Bool { (try? run(["tmux", "-V"]))?.status == 0 }

    /// Starts `command` (a shell command line) in a new session.
    init(command: String, width: Int = 100, height: Int = 30) throws {
        socket = "gh-tui-e2e-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        let result = try Self.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d",
                                   "-x", "\(width)", "-y", "\(height)", command])
        guard result.status == 0 else { throw TmuxError(message: "tmux new-session failed: \(result.output)") }
    }

    deinit {
        _ = try? Self.run(["tmux", "-L", socket, "kill-server"])
    }

    /// The app's process: the pane's shell's child running github-tui (nil when it has none).
    func appPID() throws -> pid_t? {
        let pane = try Self.run(["tmux", "-L", socket, "list-panes", "-F", "#{pane_pid}"])
        guard let shell = Int32(pane.output.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let children = try Self.run(["pgrep", "-P", "\(shell)", "-f", "github-tui"])
        return children.output.split(separator: "\n").compactMap { Int32($0) }.first
    }

    /// The screen as text.
    func capture() -> String {
        (try? Self.run(["tmux", "-L", socket, "capture-pane", "-p"]))?.output ?? ""
    }

    /// Presses keys (tmux key names: Down, Escape, Enter, or literal text).
    func send(_ keys: String...) throws {
        _ = try Self.run(["tmux", "-L", socket, "send-keys"] + keys)
    }

    /// Types literal text.
    func type(_ text: String) throws {
        _ = try Self.run(["tmux", "-L", socket, "send-keys", "-l", text])
    }

    /// Pastes `text` as a terminal does: tmux wraps it in `ESC[200~` … `ESC[201~` when the program
    /// asked for bracketed paste (`ESC[?2004h`), and sends its line breaks as carriage returns.
    func paste(_ text: String) throws {
        _ = try Self.run(["tmux", "-L", socket, "set-buffer", "--", text])
        _ = try Self.run(["tmux", "-L", socket, "paste-buffer", "-p"])
    }

    func resize(width: Int, height: Int) throws {
        _ = try Self.run(["tmux", "-L", socket, "resize-window", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Waits until the screen satisfies `condition` and reads the same on the next look (polling the
    /// pane; bounded by `timeout`). Returns the screen; records an issue with the last screen when it
    /// never does.
    ///
    /// A frame can reach tmux in pieces, so a screen that just satisfied the condition may be half
    /// drawn: the text looked for is there, the rest of the frame not yet. Asking for two equal
    /// captures in a row keeps a test from reading such a screen (a screen that never stands still,
    /// a spinner say, is taken as it is after ten looks that satisfied the condition).
    @discardableResult
    func waitFor(_ description: String, timeout: Duration = .seconds(30),
                 sourceLocation: SourceLocation = #_sourceLocation,
                 _ condition: (String) -> Bool) async -> String {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var screen = capture()
        var satisfiedLooks = 0
        while true {
            let satisfied = condition(screen)
            satisfiedLooks = satisfied ? satisfiedLooks + 1 : 0
            if clock.now > deadline || satisfiedLooks > 10 {
                if !satisfied {
                    Issue.record("Timed out waiting for \(description). Screen:\n\(screen)", sourceLocation: sourceLocation)
                }
                return screen
            }
            try? await Task.sleep(for: .milliseconds(40)) // polling interval, not a wait for the condition
            let next = capture()
            if satisfied, next == screen { return screen }
            screen = next
        }
    }

    @discardableResult
    func waitFor(text: String, timeout: Duration = .seconds(30), sourceLocation: SourceLocation = #_sourceLocation) async -> String {
        await waitFor("“\(text)”", timeout: timeout, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    struct TmuxError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs a command and returns its exit status and output.
    ///
    /// Spawned with `posix_spawn` rather than Foundation's `Process`: the tmux server daemonizes
    /// and would inherit `Process`'s exit-watching socket (and our listening sockets), so the wait
    /// would never end. Here every descriptor above stderr is closed in the child, and output goes
    /// through a file.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-run-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        let pid = try Spawn.start(arguments) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        let exitCode = Spawn.wait(pid)
        let data = FileManager.default.contents(atPath: outputPath) ?? Data()
        return (exitCode, String(decoding: data, as: UTF8.self))
    }
}

/// A shell command line that runs the app, then reports its exit code and the terminal's modes so
/// a test can check the terminal was given back usable, and stays on screen. No config file is read
/// unless `arguments` name one (`--config`): the user's own would change keys and colours.
/// The interface is English (`LC_MESSAGES=C`) unless `environment` is given: then `LC_ALL` and
/// `LC_MESSAGES` are unset and `environment`'s variables (e.g. `LANG`) are set instead.
func appCommand(_ arguments: [String], dataDirectory: URL? = nil, environment: [String: String]? = nil) -> String {
    let quoted = arguments.map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
    let data = dataDirectory.map { " XDG_DATA_HOME='\($0.path)'" } ?? ""
    let unset = environment == nil ? "" : " -u LC_ALL -u LC_MESSAGES"
    let variables = (environment ?? ["LC_MESSAGES": "C"]).sorted { $0.key < $1.key }
        .map { " \($0.key)='\($0.value)'" }.joined()
    return "env -u GH_TOKEN -u GITHUB_TOKEN -u GH_ENTERPRISE_TOKEN -u GITHUB_ENTERPRISE_TOKEN -u GH_HOST\(unset) TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent/github-tui-e2e\(variables)\(data) '\(TmuxSession.binary.path)' \(quoted); "
        + "echo \"EXIT:$?\"; echo \"MODES: $(stty -a | tr ' ;' '\\n\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' ')<<END>>\"; sleep 120"
}

/// Whether `stty -a` output shows a usable, cooked terminal (echo and canonical mode back on).
func terminalIsCooked(_ screen: String) -> Bool {
    let words = screen.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
    return words.contains("icanon") && words.contains("echo") && !words.contains("-icanon") && !words.contains("-echo")
}

/// A fresh temporary directory.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
