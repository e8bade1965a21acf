import Foundation
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("Repository list rendering")
@MainActor
struct RepoListViewSnapshotTests {
    final class PresenterSpy: RepoListPresenterProtocol {
        var actions: [RepoListAction] = []
        var heights: [Int] = []
        var clicks: [String] = []
        var scrolls: [Int] = []
        var filterEdits: [TextEdit] = []
        var filterEnds: [Bool] = []
        var isEditingFilter = false
        var bursts: [String] = []
        func viewDidLoad() {}
        func viewDidReappear() {}
        func showNotice(_ text: String) {}
        func viewDidChangeListHeight(_ rows: Int) { heights.append(rows) }
        func handle(_ action: RepoListAction) { actions.append(action) }
        func didClickLine(_ index: Int, onToggle: Bool) { clicks.append("line \(index)\(onToggle ? " toggle" : "")") }
        func didClickCard(_ index: Int) { clicks.append("card \(index)") }
        func didDragUp(fromLine index: Int) { clicks.append("drag up \(index)") }
        func didScroll(by rows: Int) { scrolls.append(rows) }
        func filterDidEdit(_ edit: TextEdit) { filterEdits.append(edit) }
        func filterDidEnd(keep: Bool) { filterEnds.append(keep) }
        func inputWillBegin() { bursts.append("begin") }
        func inputDidEnd() { bursts.append("end") }
    }

    /// Renders the real presenter's state through the real view.
    func render(_ snapshot: OwnerListSnapshot, width: Int, height: Int, isDemo: Bool = false,
                configure: (RepoListPresenter) -> Void = { _ in }) -> Buffer {
        let interactor = FakeInteractor(stored: snapshot)
        let presenter = RepoListPresenter(interactor: interactor, router: SpyRouter(), dispatcher: CollectingDispatcher(),
                                          scheduler: ManualScheduler(), isDemo: isDemo, isOffline: false,
                                          now: { Sample.now.addingTimeInterval(300) })
        let view = RepoListView(presenter: presenter)
        presenter.view = view
        view.handle(.resize(width: width, height: height))
        view.viewDidAppear()
        configure(presenter)
        var buffer = Buffer(width: width, height: height)
        view.render(into: &buffer)
        return buffer
    }

    static func mixed() -> OwnerListSnapshot {
        var snapshot = Sample.snapshot(0)
        snapshot.repositories = [
            Sample.repository(1, name: "410_in_140", description: "A Twitter API v1 server in 140 characters", language: "Ruby", stars: 2),
            Sample.repository(2, name: "nihongo", description: "デモデータ: 全角文字の表示を確認するための説明文です", language: "Swift", stars: 1234),
            Sample.repository(3, name: "emoji-party", description: "emoji 🚀✨ and a family 👨‍👩‍👧", language: nil, stars: 98_765),
            Sample.repository(4, name: "hostile-text", description: "\u{1B}]0;pwned\u{07} text\u{1B}[31m\r\nmore", language: "C", stars: 7),
        ] + (5...30).map { Sample.repository($0) }
        return snapshot
    }

    @Test("The language dot is drawn in GitHub's colour for it (Ruby #701516); no colour for an unknown language")
    func languageColours() throws {
        let buffer = render(Self.mixed(), width: 80, height: 24)
        let rows = buffer.snapshot().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rubyRow = try #require(rows.firstIndex { $0.contains("A Twitter API") })
        let dotColumn = try #require(rows[rubyRow].firstIndex(of: "●")).utf16Offset(in: rows[rubyRow])
        // Columns: the row is ASCII up to the dot, so its offset is its cell.
        #expect(buffer[dotColumn, rubyRow].style.foregroundRGB == RGB(hex: 0x701516))
        #expect(buffer[dotColumn + 2, rubyRow].style.foregroundRGB == nil, "the name keeps the row's colour")
    }

    @Test("80×24: header, rows with wide characters, selection, footer")
    func list80x24() {
        let buffer = render(Self.mixed(), width: 80, height: 24)
        assertSnapshot(buffer.snapshot(), named: "list-80x24")
        assertSnapshot(buffer.attributeMask(.reverse), named: "list-80x24-reverse")
    }

    @Test("120×40 with the demo badge")
    func list120x40() {
        let buffer = render(Self.mixed(), width: 120, height: 40, isDemo: true)
        assertSnapshot(buffer.snapshot(), named: "list-120x40-demo")
    }

    @Test("A message over the list keeps the list visible around it")
    func messageOverList() async {
        let buffer = render(Self.mixed(), width: 80, height: 24) { presenter in
            presenter.refreshDidFinish(.storeFailed("disk full"))
        }
        assertSnapshot(buffer.snapshot(), named: "list-80x24-message")
    }

    @Test("A network error over a stored list is the header's offline line, not a box")
    func networkErrorOverList() async {
        let buffer = render(Self.mixed(), width: 80, height: 24) { presenter in
            presenter.refreshDidFinish(.failed(.network))
        }
        assertSnapshot(buffer.snapshot(), named: "list-80x24-network-error")
    }

    @Test("Help overlay")
    func help() {
        let buffer = render(Self.mixed(), width: 80, height: 24) { $0.handle(.toggleHelp) }
        assertSnapshot(buffer.snapshot(), named: "list-80x24-help")
    }

    @Test("Every row fits its line at any width, wide characters included", arguments: [40, 41, 57, 69, 70, 80, 133])
    func rowsFit(width: Int) {
        let buffer = render(Self.mixed(), width: width, height: 12)
        for y in 0..<buffer.height {
            #expect(buffer.line(y).displayWidth == width)
        }
    }

    @Test("The view turns keys, clicks, wheel and resizes into presenter calls")
    func input() {
        let spy = PresenterSpy()
        let view = RepoListView(presenter: spy)
        view.handle(.resize(width: 80, height: 24))
        view.handle(.resize(width: 100, height: 24))
        view.handle(.resize(width: 80, height: 30))
        #expect(spy.heights == [19, 25])
        view.handle(.key(.down))
        view.handle(.key(.character("j")))
        view.handle(.key(.character("q")))
        view.handle(.key(.character("Z")))
        #expect(spy.actions == [.moveDown, .moveDown, .quit])
        view.display(RepoListViewState(lines: Array(repeating: .repository(RepoRowState(name: "a", description: "", language: "", stars: "0")), count: 5)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 6)))
        view.handle(.mouse(MouseEvent(.click, x: 1, y: 4)))
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 20)))
        view.handle(.mouse(MouseEvent(.wheelDown, x: 0, y: 0)))
        #expect(spy.clicks == ["line 2", "line 0 toggle"])
        #expect(spy.scrolls == [3])
        // Press on a row, move up two rows: its details. One row up, a release alone, or a drag
        // from outside the list: nothing.
        spy.clicks = []
        view.handle(.mouse(MouseEvent(.press, x: 10, y: 8)))
        view.handle(.mouse(MouseEvent(.drag, x: 10, y: 7)))
        view.handle(.mouse(MouseEvent(.release, x: 10, y: 7)))
        view.handle(.mouse(MouseEvent(.release, x: 10, y: 2)))
        view.handle(.mouse(MouseEvent(.press, x: 10, y: 1)))
        view.handle(.mouse(MouseEvent(.release, x: 10, y: 0)))
        view.handle(.mouse(MouseEvent(.drag, x: 10, y: 0)))
        #expect(spy.clicks == ["line 4"])
        spy.clicks = []
        view.handle(.mouse(MouseEvent(.press, x: 10, y: 8)))
        view.handle(.mouse(MouseEvent(.release, x: 10, y: 6)))
        view.handle(.mouse(MouseEvent(.press, x: 10, y: 7)))
        view.handle(.mouse(MouseEvent(.drag, x: 10, y: 6)))
        view.handle(.mouse(MouseEvent(.drag, x: 10, y: 4)))
        view.handle(.mouse(MouseEvent(.drag, x: 10, y: 3)))
        view.handle(.mouse(MouseEvent(.release, x: 10, y: 3)))
        #expect(spy.clicks == ["line 4", "drag up 4", "line 3", "drag up 3"])
        // The filter field takes text while it is open (the presenter says so: the view's state may
        // be a burst behind); a paste is text too.
        spy.isEditingFilter = true
        view.handle(.key(.character("c")))
        view.handle(.key(.paste("gem\nfj")))
        view.handle(.key(.backspace))
        view.handle(.key(.left))
        view.handle(.key(.control("u")))
        view.handle(.key(.enter))
        spy.isEditingFilter = false
        view.handle(.key(.down))
        view.handle(.key(.paste("x\nq")))
        #expect(spy.filterEdits == [.insert("c"), .insert("gem\nfj"), .deleteBackward, .moveLeft, .clear])
        #expect(spy.filterEnds == [true])
        #expect(spy.actions.last == .moveDown, "a paste outside the field is no action")
        view.willHandleEvents()
        view.didHandleEvents()
        #expect(spy.bursts == ["begin", "end"])
    }

    @Test("Clicks go to the message and help first (the shared ModalOverlay): [ OK ] confirms, beside it nothing, help closes")
    func modalClicks() throws {
        let spy = PresenterSpy()
        let view = RepoListView(presenter: spy)
        view.handle(.resize(width: 80, height: 24))
        var state = RepoListViewState(lines: Array(repeating: .repository(RepoRowState(name: "a", description: "", language: "", stars: "0")), count: 5))
        state.message = MessageBox(title: "Error", message: "Something went wrong")
        view.display(state)
        var buffer = Buffer(width: 80, height: 24)
        view.render(into: &buffer)
        let okRow = try #require((0..<24).first { buffer.line($0).contains("[ OK ]") })
        let okColumn = buffer.line(okRow).distance(from: buffer.line(okRow).startIndex, to: buffer.line(okRow).range(of: "[ OK ]")!.lowerBound)
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 6)))          // a row under the message: nothing
        #expect(spy.clicks.isEmpty && spy.actions.isEmpty)
        view.handle(.mouse(MouseEvent(.click, x: okColumn + 2, y: okRow)))
        #expect(spy.actions == [.confirm])
        state.message = nil
        state.help = [HelpEntry(keys: "q", help: "quit")]
        view.display(state)
        view.render(into: &buffer)
        view.handle(.mouse(MouseEvent(.click, x: 10, y: 6)))
        #expect(spy.actions == [.confirm, .dismiss])
        #expect(spy.clicks.isEmpty)
    }
}
