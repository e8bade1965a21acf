import Foundation
import Testing
import TerminalKit
@testable import Features

@Suite("Modal overlay (view side)")
struct ModalOverlayTests {
    @Test("a click is the screen's unless a message or help is shown; only [ OK ] presses the message")
    func clicks() throws {
        var overlay = ModalOverlay()
        var buffer = Buffer(width: 60, height: 20)
        overlay.render(help: nil, message: MessageBox(title: "Error", message: "Nope"), into: &buffer)
        let button = try #require(overlay.messageButton)
        #expect(buffer.line(button.y).contains("[ OK ]"))
        #expect(overlay.click(x: button.x, y: button.y, showsMessage: true, showsHelp: true) == .pressOK)
        #expect(overlay.click(x: 0, y: 0, showsMessage: true, showsHelp: true) == .ignored)
        #expect(overlay.click(x: 0, y: 0, showsMessage: false, showsHelp: true) == .closeHelp)
        #expect(overlay.click(x: 0, y: 0, showsMessage: false, showsHelp: false) == .screen)
        overlay.render(help: [HelpEntry(keys: "q", help: "quit")], message: nil, into: &buffer)
        #expect(overlay.messageButton == nil)
    }

    @Test("help fits in one column when it can, else two, within the screen")
    func helpColumns() {
        let few = (0..<5).map { HelpEntry(keys: "k\($0)", help: "does \($0)") }
        var buffer = Buffer(width: 80, height: 24)
        ScreenChrome.renderHelp(few, into: &buffer)
        let oneColumn = (0..<24).filter { buffer.line($0).contains("does ") }.count
        #expect(oneColumn == 5)
        let many = (0..<30).map { HelpEntry(keys: "k\($0)", help: "does \($0)") }
        buffer = Buffer(width: 80, height: 24)
        ScreenChrome.renderHelp(many, into: &buffer)
        let lines = (0..<24).map { buffer.line($0) }
        #expect(lines.filter { $0.contains("does ") }.count == 15, "30 entries in two columns of 15")
        #expect(lines.contains { $0.contains("does 0") && $0.contains("does 15") })
        #expect(lines.contains { $0.contains("does 29") })
    }

    @Test("help with no entries draws nothing; at 40×12 (the smallest size) it stays inside the screen")
    func helpEdges() {
        var buffer = Buffer(width: 80, height: 24)
        ScreenChrome.renderHelp([], into: &buffer)
        #expect(buffer == Buffer(width: 80, height: 24))
        let many = (0..<24).map { HelpEntry(keys: "PgDn/Ctrl-F/Space\($0)", help: "a long description of key \($0)") }
        for (width, height) in [(40, 12), (41, 13), (80, 24), (200, 5)] {
            buffer = Buffer(width: width, height: height)
            ScreenChrome.renderHelp(many, into: &buffer)
            let lines = (0..<height).map { buffer.line($0) }
            #expect(lines.allSatisfy { $0.displayWidth <= width })
            #expect(lines.first?.trimmingCharacters(in: .whitespaces).isEmpty == true, "row 0 is left to the header")
        }
    }

    @Test("on a list: the wheel scrolls three rows, clicks go to the message or help first, the rest is ignored")
    func listMouse() {
        let overlay = ModalOverlay()
        #expect(overlay.listMouse(MouseEvent(.wheelUp, x: 5, y: 5), showsMessage: true, showsHelp: false) == .scroll(-3))
        #expect(overlay.listMouse(MouseEvent(.wheelDown, x: 5, y: 5), showsMessage: false, showsHelp: false) == .scroll(3))
        #expect(overlay.listMouse(MouseEvent(.click, x: 5, y: 6), showsMessage: false, showsHelp: false) == .click(x: 5, y: 6))
        #expect(overlay.listMouse(MouseEvent(.press, x: 5, y: 6), showsMessage: false, showsHelp: true) == .closeHelp)
        #expect(overlay.listMouse(MouseEvent(.press, x: 5, y: 6), showsMessage: true, showsHelp: false) == .ignored)
        #expect(overlay.listMouse(MouseEvent(.drag, x: 5, y: 6), showsMessage: false, showsHelp: false) == .ignored)
        #expect(overlay.listMouse(MouseEvent(.doubleClick, x: 5, y: 6), showsMessage: false, showsHelp: false) == .ignored)
    }

    @Test("the list height is reported only when it changes")
    func listHeight() {
        var height = ListHeight()
        #expect(height.rows == nil)
        let first = height.update(10), same = height.update(10), changed = height.update(9)
        #expect(first)
        #expect(!same)
        #expect(changed)
        #expect(height.rows == 9)
    }
}

@Suite("Screen chrome header")
struct ScreenChromeHeaderTests {
    @Test("title and subtitle left, status and badge right; a status that does not fit left out, the badge kept while it fits")
    func header() {
        var buffer = Buffer(width: 40, height: 1)
        ScreenChrome.renderHeader(title: "octocat", subtitle: "User", status: "offline", badge: " DEMO ",
                                  badgeStyle: .reverse, into: &buffer)
        #expect(buffer.line(0) == " octocat  User" + String(repeating: " ", count: 12) + "offline  DEMO ")
        buffer = Buffer(width: 24, height: 1)
        ScreenChrome.renderHeader(title: "octocat", subtitle: "User", status: "offline", badge: " DEMO ", into: &buffer)
        #expect(buffer.line(0).trimmingCharacters(in: .whitespaces) == "octocat  User     DEMO")
        buffer = Buffer(width: 18, height: 1)
        ScreenChrome.renderHeader(title: "octocat", subtitle: "User", status: "offline", badge: " DEMO ", into: &buffer)
        #expect(buffer.line(0).trimmingCharacters(in: .whitespaces) == "octocat  User")
    }

    @Test("A status too long for the header loses whole ' · ' parts from its end, not all of it")
    func longStatusShortened() {
        let status = "commits on Enter · 19/60 left · set GH_TOKEN or run gh auth login"
        let subtitle = "User · 30 repositories · by name"
        var buffer = Buffer(width: 100, height: 1)
        ScreenChrome.renderHeader(title: "sferik", subtitle: subtitle, status: status, into: &buffer)
        #expect(buffer.line(0).hasSuffix("  commits on Enter · 19/60 left "))
        buffer = Buffer(width: 60, height: 1)
        ScreenChrome.renderHeader(title: "sferik", subtitle: subtitle, status: status, into: &buffer)
        #expect(buffer.line(0).hasSuffix("  commits on Enter "))
        buffer = Buffer(width: 150, height: 1)
        ScreenChrome.renderHeader(title: "sferik", subtitle: subtitle, status: status, into: &buffer)
        #expect(buffer.line(0).hasSuffix("  " + status + " "))
        #expect(ScreenChrome.fittedStatus(status, columns: 10) == "")
        #expect(ScreenChrome.fittedStatus("offline", columns: 7) == "offline")
        #expect(ScreenChrome.fittedStatus("コミット · 19/60", columns: 8) == "コミット")
    }
}
