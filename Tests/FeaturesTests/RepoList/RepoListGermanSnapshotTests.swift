import Foundation
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// The list and its help overlay in German, rendered like the English snapshots. The language is
/// chosen for this test's task only (`L10n.$override`), so English tests running alongside are untouched.
@Suite("Repository list rendering in German")
@MainActor
struct RepoListGermanSnapshotTests {
    func render(width: Int = 80, height: Int = 24, configure: (RepoListPresenter) -> Void = { _ in }) -> Buffer {
        L10n.$override.withValue(.german) {
            RepoListViewSnapshotTests().render(RepoListViewSnapshotTests.mixed(), width: width, height: height,
                                               isDemo: true, configure: configure)
        }
    }

    @Test("80×24: German header, footer and relative dates")
    func list() {
        let buffer = render()
        let text = buffer.snapshot()
        assertSnapshot(text, named: "list-80x24-de")
        #expect(text.contains("Benutzer · 30 Repositorys · nach Name"))
        #expect(buffer.line(23).contains("↑↓ wählen"))
        #expect(buffer.line(23).contains("? Hilfe"))
        #expect(buffer.line(23).contains("q Ende"))
    }

    @Test("Help overlay in German, every line within 80 columns")
    func help() {
        let buffer = render { $0.handle(.toggleHelp) }
        let text = buffer.snapshot()
        assertSnapshot(text, named: "list-80x24-help-de")
        #expect(text.contains("Tasten"))
        #expect(text.contains("Favorit ★ an/aus"))
        #expect(text.contains("beenden"))
        #expect(!text.contains("…"), "every German help text fits its column at 80×24")
        for y in 0..<buffer.height { #expect(buffer.line(y).displayWidth == 80) }
    }

    @Test("A network error over a stored list in German: the header says offline, no box")
    func networkError() {
        let buffer = render { $0.refreshDidFinish(.failed(.network)) }
        let text = buffer.snapshot()
        #expect(buffer.line(0).contains("offline · Stand vor 5 Min."))
        #expect(!text.contains("[ OK ]"))
    }

    @Test("A message in German, with the German button")
    func message() {
        let buffer = render { $0.refreshDidFinish(.storeFailed("disk full")) }
        let text = buffer.snapshot()
        #expect(text.contains("Fehler"))
        #expect(text.contains("Die Repositorys konnten nicht gespeichert werden: disk full"))
        #expect(text.contains("[ OK ]"))
    }

    @Test("The English tables stay English outside the override")
    func englishOutside() {
        _ = render()
        #expect(RepoListStateBuilder.footer.contains { $0.help == "quit" })
        #expect(RepoListKeys.table.helpEntries.contains { $0.help == "favourite ★ on/off" })
    }
}
