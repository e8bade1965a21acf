#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation
import GitHubAPI
import TerminalKit

/// The live clipboard: the text goes to the terminal's clipboard with OSC 52 (it works over SSH; inside
/// tmux it is wrapped the way tmux passes it on), and also to `wl-copy`, `xclip` or `xsel` when one is
/// on `PATH` (a local desktop session).
///
/// The text is made safe first (`Sanitizer.line`: no line break, escape or other control character
/// reaches a clipboard, from where a paste into a shell would run it). The outcome says only what is
/// known: a command's exit status confirms a copy, and so does tmux with `set-clipboard on` (it keeps
/// the text in a paste buffer); OSC 52 sent to a terminal is never answered, so it is reported as
/// sent, not confirmed; inside tmux with `set-clipboard` not `on` and passthrough off the sequence is
/// dropped, and the outcome says so.
@MainActor
final class SystemClipboard: ClipboardWriter {
    /// Writes bytes to the terminal between frames (the app's output descriptor).
    private let writeToTerminal: ([UInt8]) -> Bool
    private let environment: [String: String]
    /// Which of the two ways are used (the config's `clipboard`).
    private let method: ClipboardMethod
    /// Runs a clipboard command with the text on its standard input; its exit status (nil: not started).
    private let runCommand: ([String], [UInt8]) -> Int32?
    /// tmux's options, asked of the tmux we run in (nil: it could not be asked).
    private let askTmux: ([String: String]) -> TmuxClipboard?

    init(environment: [String: String], method: ClipboardMethod = .auto,
         runCommand: @escaping ([String], [UInt8]) -> Int32? = SystemClipboard.run(_:input:),
         askTmux: @escaping ([String: String]) -> TmuxClipboard? = TmuxClipboard.ask(environment:),
         writeToTerminal: @escaping ([UInt8]) -> Bool) {
        self.environment = environment
        self.method = method
        self.runCommand = runCommand
        self.askTmux = askTmux
        self.writeToTerminal = writeToTerminal
    }

    func copy(_ untrusted: String) -> ClipboardOutcome {
        if method == .none { return .failed("copying is off (clipboard = \"none\" in the config file)") }
        let text = Sanitizer.line(untrusted)
        var deliveries: [ClipboardDelivery] = []
        if method != .command { deliveries.append(sendToTerminal(text)) }
        if method != .osc52 {
            if let command = ExternalClipboard.command(environment: environment) {
                let name = URL(fileURLWithPath: command[0]).lastPathComponent
                switch runCommand(command, Array(text.utf8)) {
                case 0: deliveries.append(.confirmed(name))
                case let status?: deliveries.append(.refused(L10n.tr("clipboard.commandStatus", name, status)))
                case nil: deliveries.append(.refused(L10n.tr("clipboard.commandNotStarted", name)))
                }
            } else {
                deliveries.append(.refused(method == .command ? L10n.tr("clipboard.noCommand") : L10n.tr("clipboard.noDesktopCommand")))
            }
        }
        return ClipboardDelivery.outcome(deliveries)
    }

    /// OSC 52 to the terminal (through tmux when inside it), and what is known of its fate.
    private func sendToTerminal(_ text: String) -> ClipboardDelivery {
        guard let sequence = Self.terminalSequence(text, environment: environment) else {
            return .refused(L10n.tr("clipboard.tooLong"))
        }
        let fate: TmuxClipboard.Fate? = OSC52.isInsideTmux(environment: environment) ? askTmux(environment)?.fate : nil
        if fate == .dropped { return .refused(L10n.tr("clipboard.tmuxDrops")) }
        guard writeToTerminal(sequence) else { return .refused(L10n.tr("clipboard.notWritten")) }
        switch fate {
        case .buffer?: return .confirmed(L10n.tr("clipboard.via.tmuxBuffer"))
        case .passedOn?: return .unconfirmed(L10n.tr("clipboard.via.tmuxPassthrough"))
        case .dropped?, nil: return .unconfirmed(L10n.tr("clipboard.via.osc52"))
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
    nonisolated static func run(_ command: [String], input: [UInt8]) -> Int32? {
        ChildProcess.run(command, environment: nil, input: .bytes(input), output: .discarded)?.status
    }
}

/// What one way of copying did with the text.
enum ClipboardDelivery: Equatable {
    /// On a clipboard, and we know it (a command's exit status 0, tmux's paste buffer).
    case confirmed(String)
    /// Sent where it is normally copied, with no way to know (OSC 52 to a terminal).
    case unconfirmed(String)
    /// Not copied, and why.
    case refused(String)

    /// The outcome of all the ways tried: copied when at least one way confirmed it (those first, then
    /// the unconfirmed ones), sent when the text went only where nothing confirms, else every reason.
    static func outcome(_ deliveries: [ClipboardDelivery]) -> ClipboardOutcome {
        var confirmed: [String] = [], unconfirmed: [String] = [], reasons: [String] = []
        for delivery in deliveries {
            switch delivery {
            case .confirmed(let way): confirmed.append(way)
            case .unconfirmed(let way): unconfirmed.append(way)
            case .refused(let reason): reasons.append(reason)
            }
        }
        if !confirmed.isEmpty { return .copied(via: confirmed + unconfirmed) }
        if !unconfirmed.isEmpty { return .sent(via: unconfirmed) }
        return .failed(reasons.joined(separator: "; "))
    }
}

/// What tmux does with an application's OSC 52, from its options `set-clipboard` (only `on` makes a
/// paste buffer of it; `external`, the default, and `off` ignore it) and `allow-passthrough` (the DCS
/// passthrough reaches the outer terminal only when on; tmux before 3.3 has no such option and always
/// passes it).
struct TmuxClipboard: Equatable {
    var setClipboard: String
    var allowPassthrough: String

    enum Fate: Equatable {
        /// Kept in a tmux paste buffer (and passed on to the outer terminal when it can copy).
        case buffer
        /// Passed on to the outer terminal, which may or may not copy it.
        case passedOn
        /// Thrown away by tmux.
        case dropped
    }

    var fate: Fate {
        if setClipboard == "on" { return .buffer }
        if passesThrough { return .passedOn }
        return .dropped
    }

    /// Whether tmux hands a DCS passthrough (`ESC Ptmux;`) to the outer terminal.
    var passesThrough: Bool { ["1", "on", "all", ""].contains(allowPassthrough) }

    /// The format `display-message -p` expands to both options of the current pane.
    static let format = "#{set-clipboard}|#{allow-passthrough}"

    /// Reads `display-message -p` output of `format`; nil when it is not that.
    static func parse(_ output: String) -> TmuxClipboard? {
        let line = output.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 2, ["on", "off", "external"].contains(fields[0]) else { return nil }
        return TmuxClipboard(setClipboard: fields[0], allowPassthrough: fields[1])
    }

    /// Asks the tmux we run in (`$TMUX`, `$TMUX_PANE` from the environment), waiting at most a second.
    static func ask(environment: [String: String]) -> TmuxClipboard? {
        guard let tmux = ProgramPath.locate("tmux", path: environment["PATH"] ?? "/usr/bin:/bin"),
              let finished = ChildProcess.run([tmux, "display-message", "-p", format], environment: environment,
                                              input: .nothing, output: .collected, timeout: .seconds(1)),
              finished.status == 0 else { return nil }
        return parse(String(decoding: finished.output, as: UTF8.self))
    }
}
