import Testing
import GitHubAPI
import TerminalKit
import TestSupport
@testable import AppCore

/// The app's screen stack on a recording backend: real wiring (demo data, in-memory store, the event
/// loop), no terminal. Each step waits for a frame, so background loading is awaited, not slept on.
@Suite("App on a recording terminal")
@MainActor
struct AppScreenStackTests {
    func demoApp() throws -> App {
        let setup = try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: [:])
        return try App(setup: setup, useColor: true)
    }

    static func listPainted(_ frame: Buffer) -> Bool {
        frame.snapshot().contains("410_in_140") && frame.snapshot().contains("sferik")
    }

    static func helpShown(_ frame: Buffer) -> Bool { frame.snapshot().contains("─ Keys ─") }

    @Test("The demo list paints, ? shows the help, Esc closes it, q quits with 0")
    func helpAndQuit() throws {
        let app = try demoApp()
        let terminal = RecordingTerminal(width: 100, height: 30, script: [
            .waitFor("the demo list", Self.listPainted),
            .events([.key(.character("?"))]),
            .waitFor("the help", Self.helpShown),
            .events([.key(.escape)]),
            .waitFor("the help closed") { Self.listPainted($0) && !Self.helpShown($0) },
            .events([.key(.character("q"))]),
        ])
        let code = app.run(on: terminal)
        #expect(!terminal.timedOut, "waited for \(terminal.pendingStepName ?? "-")")
        #expect(code == 0)
        #expect(terminal.isStopped)
        #expect(terminal.pendingStepName == nil)
        let frames = terminal.frames
        #expect(frames.allSatisfy { $0.width == 100 && $0.height == 30 })
        let help = try #require(frames.first(where: Self.helpShown))
        #expect(help.snapshot().contains("q/Ctrl-C"))
        #expect(try #require(frames.last).line(29).contains("? help"))
    }

    @Test("H lists the demo's hosts; ↓↓ Enter switches to github.example.com: its own store and client, the host in the header; u github.com/sferik comes back")
    func switchHosts() throws {
        let app = try demoApp()
        let dotComStore = app.setup.store
        func typed(_ text: String) -> [Event] { text.map { .key(.character($0)) } }
        let terminal = RecordingTerminal(width: 120, height: 30, script: [
            .waitFor("the demo list", Self.listPainted),
            .events([.key(.character("H"))]),
            .waitFor("the hosts") { $0.snapshot().contains("github.example.com \u{00B7} codeforamerica") },
            .events([.key(.down), .key(.down), .key(.enter)]),
            .waitFor("codeforamerica on the other host") {
                $0.line(0).contains("codeforamerica") && $0.line(0).contains("github.example.com") && $0.snapshot().contains("adopt-a-hydrant")
            },
            .events([.key(.character("u"))] + typed("github.com/sferik") + [.key(.enter)]),
            .waitFor("sferik back on github.com") { Self.listPainted($0) && !$0.line(0).contains("github.example.com") },
            .events([.key(.character("q"))]),
        ])
        let code = app.run(on: terminal)
        #expect(!terminal.timedOut, "waited for \(terminal.pendingStepName ?? "-")")
        #expect(code == 0)
        #expect(app.setup.host == .dotCom)
        let sameStore = (app.setup.store as AnyObject) === (dotComStore as AnyObject)
        #expect(!sameStore, "each switch opens the host's own store")
        #expect(terminal.frames.contains { $0.line(0).contains("DEMO") && $0.line(0).contains("github.example.com") })
    }

    @Test("When the input hangs up the app ends as on SIGHUP (exit 129) and stops the backend")
    func hangUp() throws {
        let app = try demoApp()
        let terminal = RecordingTerminal(width: 100, height: 30, script: [.waitFor("the demo list", Self.listPainted)])
        let code = app.run(on: terminal)
        #expect(!terminal.timedOut)
        #expect(code == 129)
        #expect(terminal.isStopped)
    }

    @Test("A terminal below the minimum size shows what it needs instead of the list")
    func tooSmall() throws {
        let app = try demoApp()
        let terminal = RecordingTerminal(width: 30, height: 8, script: [
            .waitFor("the size notice") { $0.snapshot().contains("Terminal too small") },
            .events([.key(.character("q"))]),
        ])
        #expect(app.run(on: terminal) == 0)
        #expect(!terminal.timedOut)
        #expect(terminal.frames.last?.snapshot().contains("30×8, needs 40×12") == true)
    }

    @Test("A README link to another repository opens its overlay over this one; Esc comes back to the README where it was")
    func readmeLinkBackStack() throws {
        let app = try demoApp()
        let readme: (Buffer) -> Bool = { $0.snapshot().contains("sferik/410_in_140 · README") && $0.snapshot().contains("410 Gone") }
        let terminal = RecordingTerminal(width: 100, height: 30, script: [
            .waitFor("the demo list", Self.listPainted),
            .events([.key(.character(" "))]),
            .waitFor("the overlay") { $0.snapshot().contains("─ sferik/410_in_140 ─") },
            .events([.key(.character("R"))]),
            .waitFor("the README", readme),
            .events([.key(.character("G")), .key(.character("3")), .key(.enter)]),
            .waitFor("the linked repository's overlay") { $0.snapshot().contains("─ sferik/active_admin ─") },
            .events([.key(.escape)]),
            .waitFor("the README again") { readme($0) && !$0.snapshot().contains("─ sferik/active_admin ─") },
            .events([.key(.escape)]),
            .waitFor("the list") { !$0.snapshot().contains("410_in_140 · README") },
            .events([.key(.character("q"))]),
        ])
        #expect(app.run(on: terminal) == 0)
        #expect(!terminal.timedOut, "waited for \(terminal.pendingStepName ?? "-")")
        let frames = terminal.frames
        let end = try #require(frames.last { readme($0) && $0.snapshot().contains("Links") })
        let back = try #require(frames.last { readme($0) && !$0.snapshot().contains("─ sferik/active_admin ─") })
        // Back where it was: scrolled to the end.
        #expect(back.snapshot().contains("28–51/51"))
        #expect(end.snapshot().contains("28–51/51"))
    }
}
