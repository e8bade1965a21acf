import Foundation
import Testing
@testable import AppCore
import Features
import TerminalKit

@Suite("Clipboard")
struct ClipboardTests {
    @Test("OSC 52: the exact bytes, plain outside tmux")
    func plain() throws {
        let bytes = try #require(SystemClipboard.terminalSequence("owner/name", environment: [:]))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}]52;c;b3duZXIvbmFtZQ==\u{07}")
    }

    @Test("Inside tmux: the plain sequence for tmux, then the DCS passthrough with every ESC doubled")
    func tmux() throws {
        let bytes = try #require(SystemClipboard.terminalSequence("hé", environment: ["TMUX": "/tmp/tmux-0/default,1,0"]))
        let osc = "\u{1B}]52;c;aMOp\u{07}"
        #expect(String(decoding: bytes, as: UTF8.self) == osc + "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;aMOp\u{07}\u{1B}\\")
    }

    static let sentToTerminal = "OSC 52 to the terminal, not confirmed"

    @MainActor
    @Test("clipboard = none copies nothing; osc52 writes only the sequence, as sent, not confirmed; command never writes to the terminal")
    func methods() {
        var written: [[UInt8]] = []
        let none = SystemClipboard(environment: [:], method: .none) { written.append($0); return true }
        #expect(none.copy("x") == .failed("copying is off (clipboard = \"none\" in the config file)"))
        let osc52 = SystemClipboard(environment: ["DISPLAY": ":0", "PATH": "/nonexistent"], method: .osc52) { written.append($0); return true }
        #expect(osc52.copy("x") == .sent(via: [Self.sentToTerminal]))
        let command = SystemClipboard(environment: ["PATH": "/nonexistent"], method: .command) { written.append($0); return true }
        #expect(command.copy("x") == .failed("no clipboard: no wl-copy, xclip or xsel (clipboard = \"command\")"))
        #expect(written.count == 1)
    }

    /// A folder with an `xclip` that writes what it reads to `copied` and exits with `status`.
    func fakeXclip(status: Int32 = 0) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("xclip")
        try Data("#!/bin/sh\ncat > '\(folder.path)/copied'\nexit \(status)\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        return folder
    }

    @MainActor
    @Test("Control characters never reach a clipboard: the command and OSC 52 both get the text as one safe line")
    func sanitized() throws {
        let folder = try fakeXclip()
        defer { try? FileManager.default.removeItem(at: folder) }
        var written: [[UInt8]] = []
        let clipboard = SystemClipboard(environment: ["DISPLAY": ":0", "PATH": folder.path]) { written.append($0); return true }
        let hostile = "git@github.com:o/x\nrm -rf ~\r\u{1B}]0;owned\u{7}\u{202E}y.git"
        let safe = "git@github.com:o/x rm -rf ~ ]0;ownedy.git"
        #expect(clipboard.copy(hostile) == .copied(via: ["xclip", Self.sentToTerminal]))
        let copied = try Data(contentsOf: folder.appendingPathComponent("copied"))
        #expect(String(decoding: copied, as: UTF8.self) == safe)
        #expect(written == [try #require(SystemClipboard.terminalSequence(safe, environment: [:]))])
    }

    @MainActor
    @Test("A command that fails is not a copy; its status is the reason")
    func commandFails() throws {
        let folder = try fakeXclip(status: 1)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clipboard = SystemClipboard(environment: ["DISPLAY": ":0", "PATH": folder.path], method: .command) { _ in true }
        #expect(clipboard.copy("x") == .failed("xclip ended with status 1"))
    }

    @MainActor
    @Test("Inside tmux the outcome follows tmux's options: a paste buffer is a copy, passthrough is sent, neither is nothing copied (and why)")
    func insideTmux() {
        let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "PATH": "/nonexistent"]
        func copy(_ settings: TmuxClipboard?) -> (ClipboardOutcome, Int) {
            var written = 0
            let clipboard = SystemClipboard(environment: environment, askTmux: { _ in settings }) { _ in written += 1; return true }
            return (clipboard.copy("x"), written)
        }
        #expect(copy(TmuxClipboard(setClipboard: "on", allowPassthrough: "0")) == (.copied(via: ["tmux paste buffer"]), 1))
        #expect(copy(TmuxClipboard(setClipboard: "external", allowPassthrough: "1"))
                == (.sent(via: ["OSC 52 through tmux to the terminal, not confirmed"]), 1))
        #expect(copy(nil) == (.sent(via: [Self.sentToTerminal]), 1))
        let dropped = "tmux drops OSC 52 (set-clipboard is not on, allow-passthrough is off); no wl-copy, xclip or xsel"
        #expect(copy(TmuxClipboard(setClipboard: "off", allowPassthrough: "0")) == (.failed(dropped), 0))
        #expect(copy(TmuxClipboard(setClipboard: "external", allowPassthrough: "off")) == (.failed(dropped), 0))
    }

    @Test("tmux's options: only set-clipboard on keeps a buffer; passthrough on/all (or absent, before 3.3) passes on")
    func tmuxFate() {
        #expect(TmuxClipboard(setClipboard: "on", allowPassthrough: "0").fate == .buffer)
        #expect(TmuxClipboard(setClipboard: "external", allowPassthrough: "1").fate == .passedOn)
        #expect(TmuxClipboard(setClipboard: "off", allowPassthrough: "all").fate == .passedOn)
        #expect(TmuxClipboard(setClipboard: "off", allowPassthrough: "").fate == .passedOn)
        #expect(TmuxClipboard(setClipboard: "external", allowPassthrough: "0").fate == .dropped)
        #expect(TmuxClipboard(setClipboard: "off", allowPassthrough: "off").fate == .dropped)
        #expect(TmuxClipboard.parse("external|0\n") == TmuxClipboard(setClipboard: "external", allowPassthrough: "0"))
        #expect(TmuxClipboard.parse("on|\n") == TmuxClipboard(setClipboard: "on", allowPassthrough: ""))
        for garbage in ["", "\n", "no server running", "on", "maybe|1", "on|1|x"] {
            #expect(TmuxClipboard.parse(garbage) == nil, "\(garbage)")
        }
    }

    @Test("The live question to tmux, against a tmux server of our own with set-clipboard off",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")))
    func asksRealTmux() throws {
        let socket = "gh-tui-clip-\(UUID().uuidString.prefix(8))"
        let start = ChildProcess.run(["/usr/bin/tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "sleep 20", ";",
                                      "set", "-s", "set-clipboard", "off"], environment: nil, input: .nothing, output: .discarded)
        defer { _ = ChildProcess.run(["/usr/bin/tmux", "-L", socket, "kill-server"], environment: nil, input: .nothing, output: .discarded) }
        #expect(start?.status == 0)
        let listed = try #require(ChildProcess.run(["/usr/bin/tmux", "-L", socket, "display-message", "-p", "#{socket_path},#{pid},0|#{pane_id}"],
                                                   environment: nil, input: .nothing, output: .collected))
        let fields = String(decoding: listed.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "|")
        try #require(fields.count == 2)
        let settings = TmuxClipboard.ask(environment: ["PATH": "/usr/bin", "TMUX": String(fields[0]), "TMUX_PANE": String(fields[1])])
        #expect(settings == TmuxClipboard(setClipboard: "off", allowPassthrough: "0"))
        #expect(settings?.fate == .dropped)
    }

    @Test("Copy outcomes: any confirmed or sent way is a copy (confirmed first), else every reason")
    func outcomes() {
        #expect(ClipboardDelivery.outcome([.unconfirmed("a"), .confirmed("b")]) == .copied(via: ["b", "a"]))
        #expect(ClipboardDelivery.outcome([.refused("r"), .confirmed("b")]) == .copied(via: ["b"]))
        #expect(ClipboardDelivery.outcome([.refused("r"), .refused("s")]) == .failed("r; s"))
        // Only where nothing confirms (OSC 52 to a terminal): sent, never said to be copied.
        #expect(ClipboardDelivery.outcome([.refused("r"), .unconfirmed("a")]) == .sent(via: ["a"]))
    }

    @Test("Text over the terminals' limit is not sent")
    func tooLong() {
        #expect(SystemClipboard.terminalSequence(String(repeating: "a", count: OSC52.maximumPayloadBytes), environment: [:]) == nil)
    }

    @Test("The desktop command: wl-copy under Wayland, else xclip, else xsel; none without a display")
    func externalCommand() {
        let all: Set<String> = ["/usr/bin/wl-copy", "/usr/bin/xclip", "/usr/bin/xsel"]
        let find = { (environment: [String: String], executables: Set<String>) in
            ExternalClipboard.command(environment: environment.merging(["PATH": "/usr/bin"]) { $1 },
                                      isExecutable: { executables.contains($0) })
        }
        #expect(find(["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], all) == ["/usr/bin/wl-copy"])
        #expect(find(["DISPLAY": ":0"], all) == ["/usr/bin/xclip", "-selection", "clipboard"])
        #expect(find(["DISPLAY": ":0"], ["/usr/bin/xsel"]) == ["/usr/bin/xsel", "--clipboard", "--input"])
        #expect(find([:], all) == nil)
    }
}

@Suite("External clipboard program")
struct ExternalClipboardTests {
    @Test("Wayland prefers wl-copy; X11 uses xclip, then xsel; found along absolute $PATH entries")
    func choice() {
        let installed: Set<String> = ["/usr/bin/wl-copy", "/usr/bin/xclip", "/usr/local/bin/xsel"]
        let path = "/usr/local/bin:/usr/bin"
        #expect(ExternalClipboard.command(environment: ["PATH": path, "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"],
                                          isExecutable: installed.contains) == ["/usr/bin/wl-copy"])
        #expect(ExternalClipboard.command(environment: ["PATH": path, "DISPLAY": ":0"], isExecutable: installed.contains)
            == ["/usr/bin/xclip", "-selection", "clipboard"])
        #expect(ExternalClipboard.command(environment: ["PATH": path, "DISPLAY": ":0"], isExecutable: ["/usr/local/bin/xsel"].contains)
            == ["/usr/local/bin/xsel", "--clipboard", "--input"])
    }

    @Test("Without a display (plain SSH) nothing is found but pbcopy; relative PATH entries are ignored")
    func nothing() {
        let installed: Set<String> = ["/usr/bin/xclip", "bin/wl-copy", "/usr/bin/pbcopy"]
        #expect(ExternalClipboard.command(environment: ["PATH": "/usr/bin"], isExecutable: ["/usr/bin/xclip"].contains) == nil)
        #expect(ExternalClipboard.command(environment: ["PATH": "bin:/usr/bin", "WAYLAND_DISPLAY": "w"],
                                          isExecutable: installed.contains) == ["/usr/bin/pbcopy"])
        #expect(ExternalClipboard.command(environment: [:], isExecutable: { _ in true }) == nil)
    }
}
