import Foundation
import Testing
@testable import AppCore
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

    @MainActor
    @Test("clipboard = none copies nothing; osc52 writes only the sequence; command never writes to the terminal")
    func methods() {
        var written: [[UInt8]] = []
        let none = SystemClipboard(environment: [:], method: .none) { written.append($0); return true }
        #expect(none.copy("x") == .failed("copying is off (clipboard = \"none\" in the config file)"))
        let osc52 = SystemClipboard(environment: ["DISPLAY": ":0", "PATH": "/nonexistent"], method: .osc52) { written.append($0); return true }
        #expect(osc52.copy("x") == .copied(via: ["terminal"]))
        let command = SystemClipboard(environment: ["PATH": "/nonexistent"], method: .command) { written.append($0); return true }
        #expect(command.copy("x") == .failed("no clipboard: no wl-copy, xclip or xsel (clipboard = \"command\")"))
        #expect(written.count == 1)
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
