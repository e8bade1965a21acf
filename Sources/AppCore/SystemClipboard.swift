#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation

/// The live clipboard: the text goes to the terminal's clipboard with OSC 52 (it works over SSH; inside
/// tmux it is wrapped the way tmux passes it on), and also to `wl-copy`, `xclip` or `xsel` when one is
/// on `PATH` (a local desktop session).
@MainActor
final class SystemClipboard: ClipboardWriter {
    /// Writes bytes to the terminal between frames (the app's output descriptor).
    private let writeToTerminal: ([UInt8]) -> Bool
    private let environment: [String: String]

    init(environment: [String: String], writeToTerminal: @escaping ([UInt8]) -> Bool) {
        self.environment = environment
        self.writeToTerminal = writeToTerminal
    }

    func copy(_ text: String) -> ClipboardOutcome {
        var ways: [String] = []
        if let sequence = TerminalClipboardSequence.osc52(text, insideTmux: environment["TMUX"].map { !$0.isEmpty } ?? false),
           writeToTerminal(sequence) {
            ways.append("terminal")
        }
        if let command = ExternalClipboardCommand.find(environment: environment, isExecutable: BrowserCommand.isExecutableFile),
           Self.run(command, input: Array(text.utf8)) {
            ways.append(URL(fileURLWithPath: command[0]).lastPathComponent)
        }
        return ways.isEmpty ? .failed("no clipboard: the text is longer than a terminal takes, and no wl-copy, xclip or xsel") : .copied(via: ways)
    }

    /// Runs the clipboard command with `input` on its stdin, its output on /dev/null, and waits for it
    /// (they return at once: xclip and wl-copy fork to keep the selection).
    private static func run(_ command: [String], input: [UInt8]) -> Bool {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return false }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[0], 0)
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, environ) == 0
        close(pipe[0])
        if spawned {
            input.withUnsafeBytes { bytes in _ = write(pipe[1], bytes.baseAddress, bytes.count) }
        }
        close(pipe[1])
        guard spawned else { return false }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 && ((status >> 8) & 0xff) == 0
    }
}

/// The escape sequence that puts text on the terminal's clipboard.
enum TerminalClipboardSequence {
    /// Terminals cap what they accept (xterm: 100,000 bytes of base64 by default).
    static let maximumBytes = 74_000

    /// `ESC ] 52 ; c ; BASE64 BEL`. Inside tmux the plain sequence goes to tmux itself (which keeps it
    /// as a paste buffer and hands it on with `set-clipboard on`), followed by the same wrapped in a DCS
    /// passthrough, each ESC doubled, for the terminal outside tmux (with `allow-passthrough on`).
    static func osc52(_ text: String, insideTmux: Bool) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumBytes else { return nil }
        let sequence = Array("\u{1B}]52;c;\(Data(bytes).base64EncodedString())\u{07}".utf8)
        guard insideTmux else { return sequence }
        var wrapped = Array("\u{1B}Ptmux;".utf8)
        for byte in sequence { wrapped += byte == 0x1B ? [0x1B, 0x1B] : [byte] }
        return sequence + wrapped + Array("\u{1B}\\".utf8)
    }
}

/// The desktop clipboard command, if one is installed: `wl-copy` under Wayland, else `xclip`, else `xsel`.
enum ExternalClipboardCommand {
    static func find(environment: [String: String], isExecutable: (String) -> Bool) -> [String]? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var candidates: [[String]] = []
        if environment["WAYLAND_DISPLAY"].map({ !$0.isEmpty }) == true { candidates.append(["wl-copy"]) }
        if environment["DISPLAY"].map({ !$0.isEmpty }) == true {
            candidates.append(["xclip", "-selection", "clipboard"])
            candidates.append(["xsel", "--clipboard", "--input"])
        }
        for candidate in candidates {
            if let program = BrowserCommand.locate(candidate[0], path: path, isExecutable: isExecutable) {
                return [program] + candidate.dropFirst()
            }
        }
        return nil
    }
}
