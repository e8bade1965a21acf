#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation
import TerminalKit

/// The live clipboard: the text goes to the terminal's clipboard with OSC 52 (it works over SSH; inside
/// tmux it is wrapped the way tmux passes it on), and also to `wl-copy`, `xclip` or `xsel` when one is
/// on `PATH` (a local desktop session).
@MainActor
final class SystemClipboard: ClipboardWriter {
    /// Writes bytes to the terminal between frames (the app's output descriptor).
    private let writeToTerminal: ([UInt8]) -> Bool
    private let environment: [String: String]
    /// Which of the two ways are used (the config's `clipboard`).
    private let method: ClipboardMethod

    init(environment: [String: String], method: ClipboardMethod = .auto, writeToTerminal: @escaping ([UInt8]) -> Bool) {
        self.environment = environment
        self.method = method
        self.writeToTerminal = writeToTerminal
    }

    func copy(_ text: String) -> ClipboardOutcome {
        if method == .none { return .failed("copying is off (clipboard = \"none\" in the config file)") }
        var ways: [String] = []
        if method != .command, let sequence = Self.terminalSequence(text, environment: environment), writeToTerminal(sequence) {
            ways.append("terminal")
        }
        if method != .osc52, let command = ExternalClipboard.command(environment: environment, isExecutable: BrowserCommand.isExecutableFile),
           Self.run(command, input: Array(text.utf8)) {
            ways.append(URL(fileURLWithPath: command[0]).lastPathComponent)
        }
        guard ways.isEmpty else { return .copied(via: ways) }
        switch method {
        case .osc52: return .failed(L10n.tr("clipboard.tooLong"))
        case .command: return .failed(L10n.tr("clipboard.noCommand"))
        case .auto, .none: return .failed(L10n.tr("clipboard.none"))
        }
    }

    /// OSC 52 for this terminal. Inside tmux the plain sequence goes to tmux itself (its paste buffer
    /// with `set-clipboard on`, passed on to the outer terminal), followed by the same in a DCS
    /// passthrough for the outer terminal directly (`allow-passthrough on`). Nil past the size cap.
    nonisolated static func terminalSequence(_ text: String, environment: [String: String]) -> [UInt8]? {
        guard let plain = try? OSC52.sequence(copying: text, insideTmux: false) else { return nil }
        return OSC52.isInsideTmux(environment: environment) ? plain + OSC52.wrappedForTmux(plain) : plain
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
