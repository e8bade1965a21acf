import Testing
import TerminalKit
@testable import Features

@Suite("Universal keys")
struct UniversalKeysTests {
    enum Action: Hashable, Sendable { case up, down, pageUp, pageDown, home, end, help, quit }

    static let table = KeyTable<Action>(
        UniversalKeys.move(up: .up, upHelp: "previous", down: .down, downHelp: "next")
            + UniversalKeys.paging(up: .pageUp, down: .pageDown, inFooter: true, extraPageDownKeys: [.character(" ")])
            + UniversalKeys.topAndBottom(home: .home, homeHelp: "top", end: .end, endHelp: "bottom")
            + [UniversalKeys.help(.help, alsoF1: true), UniversalKeys.quit(.quit)])

    @Test("the same keys on every screen")
    func keys() {
        let expected: [(Key, Action)] = [
            (.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down),
            (.pageUp, .pageUp), (.control("b"), .pageUp), (.pageDown, .pageDown), (.control("f"), .pageDown),
            (.character(" "), .pageDown), (.home, .home), (.character("g"), .home), (.end, .end),
            (.character("G"), .end), (.character("?"), .help), (.function(1), .help),
            (.character("q"), .quit), (.control("c"), .quit),
        ]
        for (key, action) in expected { #expect(Self.table.action(for: key) == action, "\(key)") }
    }

    @Test("footer hints and help text")
    func footerAndHelp() {
        #expect(Self.table.footerList == [
            HelpEntry(keys: "↑↓", help: "move"), HelpEntry(keys: "PgUp/PgDn", help: "page"),
            HelpEntry(keys: "?", help: "help"), HelpEntry(keys: "q", help: "quit"),
        ])
        #expect(Self.table.helpList.map(\.help) == ["previous", "next", "page up", "page down", "top", "bottom", "help", "quit"])
    }

    @Test("while typing, only F1 helps and only Ctrl-C quits")
    func typing() {
        let table = KeyTable<Action>([UniversalKeys.helpWhileTyping(.help), UniversalKeys.quitWhileTyping(.quit)])
        #expect(table.action(for: .character("q")) == nil)
        #expect(table.action(for: .character("?")) == nil)
        #expect(table.action(for: .function(1)) == .help)
        #expect(table.action(for: .control("c")) == .quit)
        #expect(table.footerList == [HelpEntry(keys: "F1", help: "help"), HelpEntry(keys: "Ctrl-C", help: "quit")])
    }
}

@Suite("Universal keys: back")
struct UniversalBackKeyTests {
    @Test("Esc goes back, with the screen's words in help and \"Esc back\" in the footer")
    func back() {
        let table = KeyTable<Int>([UniversalKeys.back(1), UniversalKeys.back(2, help: "close, clear, back")])
        #expect(table.action(for: .escape) == 1)
        #expect(table.helpList == [HelpEntry(keys: "Esc", help: "back (or close help or message)"),
                                   HelpEntry(keys: "Esc", help: "close, clear, back")])
        #expect(table.footerList.first == HelpEntry(keys: "Esc", help: "back"))
    }
}
