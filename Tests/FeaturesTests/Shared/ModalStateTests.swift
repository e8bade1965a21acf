import GitHubAPI
import Testing
import TerminalKit
@testable import Features

@Suite("ModalState")
struct ModalStateTests {
    enum Action: ModalAction {
        case ok, back, other, quit
        var isQuit: Bool { self == .quit }
        var closesMessage: Bool { self == .ok || self == .back }
    }

    @Test("with nothing shown, every action passes through")
    func passThrough() {
        var modal = ModalState()
        for action in [Action.ok, .back, .other, .quit] {
            #expect(modal.intercept(action) == .notIntercepted)
        }
        #expect(!modal.isActive)
    }

    @Test("a message closes on its keys, swallows the others, and quit still quits")
    func message() {
        var modal = ModalState()
        modal.show(.network)
        #expect(modal.isActive)
        #expect(modal.intercept(Action.other) == .handled)
        #expect(modal.message != nil)
        #expect(modal.intercept(Action.quit) == .quit)
        #expect(modal.intercept(Action.back) == .handled)
        #expect(modal.message == nil)
        #expect(modal.intercept(Action.other) == .notIntercepted)
    }

    @Test("a message comes before help; help closes on any key but quit")
    func help() {
        var modal = ModalState(message: MessageBox(title: "Error", message: "x"), showsHelp: true)
        #expect(modal.intercept(Action.ok) == .handled)
        #expect(modal.showsHelp, "the message closed first")
        #expect(modal.intercept(Action.quit) == .quit)
        #expect(modal.showsHelp)
        #expect(modal.intercept(Action.other) == .handled)
        #expect(!modal.showsHelp)
    }

    @Test("errors are shown sanitized, and help lists the table only while shown")
    func errorAndHelpEntries() {
        var modal = ModalState()
        modal.show(.http(status: 500, message: "bad\u{1b}[2Jthing"))
        #expect(modal.message?.title == "Error")
        #expect(modal.message?.message.contains("\u{1b}") == false)
        let table = KeyTable<Action>([UniversalKeys.quit(.quit)])
        #expect(modal.help(from: table) == nil)
        modal.showsHelp = true
        #expect(modal.help(from: table) == [HelpEntry(keys: "q/Ctrl-C", help: "quit")])
    }
}
