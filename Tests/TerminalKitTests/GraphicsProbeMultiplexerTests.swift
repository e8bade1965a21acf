import Testing
@testable import TerminalKit

/// The kitty query is an APC string: written where a multiplexer may sit unseen it can end up as
/// text (tmux shows it as the pane's title), so it is only asked where none can be in between.
@Suite("The graphics probe behind a multiplexer")
struct GraphicsProbeMultiplexerTests {
    static let kittyQuery = Array("\u{1B}_G".utf8)

    static func asksKitty(_ environment: [String: String]) -> Bool {
        let queries = GraphicsProbe(setting: .auto, environment: environment, columns: 80, rows: 24).queries
        return queries.starts(with: kittyQuery)
    }

    @Test("asked in a plain terminal; not inside tmux; not behind a screen or tmux TERM without TMUX")
    func decision() {
        #expect(GraphicsProbe.asksKitty(["TERM": "xterm-256color"]))
        #expect(GraphicsProbe.asksKitty(["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]))
        #expect(GraphicsProbe.asksKitty([:]))
        #expect(!GraphicsProbe.asksKitty(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-1/default,1,0"]))
        // ssh from a tmux pane: TERM came along, TMUX did not.
        #expect(!GraphicsProbe.asksKitty(["TERM": "tmux-256color"]))
        #expect(!GraphicsProbe.asksKitty(["TERM": "screen-256color"]))
        #expect(!GraphicsProbe.asksKitty(["TERM": "screen"]))
        #expect(!GraphicsProbe.asksKitty(["TERM": "screen.xterm-256color"]))
        #expect(!GraphicsProbe.asksKitty(["TERM": "tmux"]))
        #expect(!GraphicsProbe.asksKitty(["TERM": "xterm-256color", "TERM_PROGRAM": "tmux"]))
        // An empty TMUX says nothing; the TERM still does.
        #expect(!GraphicsProbe.asksKitty(["TERM": "screen-256color", "TMUX": ""]))
        #expect(GraphicsProbe.asksKitty(["TERM": "xterm-256color", "TMUX": ""]))
    }

    @Test("the queries follow the decision; the CSI queries and DA1 are asked everywhere")
    func queries() {
        let csi = Array("\u{1B}[>0q\u{1B}[16t\u{1B}[14t\u{1B}[?1;1;0S\u{1B}[c".utf8)
        #expect(Self.asksKitty(["TERM": "xterm-256color"]))
        for environment in [["TERM": "tmux-256color"], ["TERM": "screen"], ["TERM_PROGRAM": "tmux"], ["TMUX": "x"]] {
            let queries = GraphicsProbe(setting: .auto, environment: environment, columns: 80, rows: 24).queries
            #expect(queries == csi, "\(environment)")
        }
    }

    @Test("behind an unseen multiplexer auto uses only its own sixel, never a hint for the outer terminal")
    func auto() {
        var hinted = GraphicsProbe(setting: .auto, environment: ["TERM": "tmux-256color", "TERM_PROGRAM": "ghostty"],
                                   columns: 80, rows: 24)
        hinted.receive(.primaryAttributes([62]))
        #expect(hinted.result == .blocks)
        var sixel = GraphicsProbe(setting: .auto, environment: ["TERM": "screen-256color"], columns: 80, rows: 24)
        sixel.receive(.primaryAttributes([62, 4]))
        #expect(sixel.result == GraphicsSupport(graphicsProtocol: .sixel, tmuxPassthrough: false))
        // Outside any multiplexer the hint still counts.
        var plain = GraphicsProbe(setting: .auto, environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "ghostty"],
                                  columns: 80, rows: 24)
        plain.receive(.primaryAttributes([62]))
        #expect(plain.result?.graphicsProtocol == .kitty)
    }
}
