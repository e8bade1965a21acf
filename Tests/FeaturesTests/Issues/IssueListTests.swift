import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Testing
import TerminalKit
import TestSupport
@testable import Features


/// The issues list: its state (filters, paging, the text filter), its rows (labels in their colours,
/// states with glyphs), snapshots at 80 and 120 columns and without colour, and a hostile list.
@Suite("GitHubEntities.Issue list")
struct IssueListTests {
    static let now = Date(timeIntervalSince1970: 1_477_180_000) // 2016-10-22, the recording's day

    static func recorded() throws -> [GitHubEntities.Issue] {
        try JSONDecoder().decode([GitHubEntities.Issue].self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminIssues))
    }

    /// The recorded issues with the recorded labels of octokit.rb spread over them (as fakegh does).
    static func labelled() throws -> [GitHubEntities.Issue] {
        let labels = try JSONDecoder().decode([IssueLabel].self, from: Fixtures.recordedBody(Fixtures.Name.octokitLabels))
        return try recorded().enumerated().map { index, issue in
            var issue = issue
            if index % 3 == 1 { issue.labels += [labels[index % labels.count]] }
            if index % 5 == 2 { issue.labels += [labels[(index + 4) % labels.count], labels[(index + 7) % labels.count]] }
            if index == 4 { issue.state = "closed" }
            if index == 5 { issue.isMerged = true; issue.state = "closed" }
            if index == 6 { issue.isDraft = true }
            return issue
        }
    }

    static func loaded(_ issues: [GitHubEntities.Issue], height: Int = 20, kind: IssueListKind = .issues) -> IssueListState {
        var state = IssueListState(kind: kind)
        state.resize(to: IssueListStateBuilder.rowCount(height: height))
        state.receive(Page(items: issues, next: URL(string: "https://api.github.com/repositories/1/issues?page=2")), pageIndex: 0)
        return state
    }

    static func draw(_ view: IssueListViewState, width: Int, height: Int) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        IssueListView.draw(view, into: &buffer, in: Rect(x: 0, y: 0, width: width, height: height))
        return buffer
    }

    /// Each cell's background as a letter (the named fallback) and `*` for text on a true colour.
    static func backgrounds(_ buffer: Buffer) -> String {
        (0..<buffer.height).map { y in
            var line = ""
            for x in 0..<buffer.width where !buffer[x, y].isContinuation {
                let style = buffer[x, y].style
                let mark: String = style.backgroundRGB == nil ? " " : (style.foreground == .black ? "b" : "w")
                line += String(repeating: mark, count: max(1, Int(buffer[x, y].width)))
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    @Test("snapshots of a labelled list at 80 and 120 columns, and under NO_COLOR")
    func snapshots() throws {
        let state = Self.loaded(try Self.labelled())
        for width in [80, 120] {
            let view = IssueListStateBuilder.build(state, now: Self.now, width: width, labelsInColour: true)
            #expect(view.rows.allSatisfy { $0.width == width })
            let buffer = Self.draw(view, width: width, height: 20)
            assertScreenSnapshot(buffer.snapshot(), named: "issues-list-\(width)")
            assertScreenSnapshot(Self.backgrounds(buffer), named: "issues-list-\(width)-labels")
        }
        let plain = IssueListStateBuilder.build(state, now: Self.now, width: 80, labelsInColour: false)
        let buffer = Self.draw(plain, width: 80, height: 20)
        assertScreenSnapshot(buffer.snapshot(), named: "issues-list-80-no-color")
        #expect(Self.backgrounds(buffer).allSatisfy { $0 == " " || $0 == "\n" })
        #expect(buffer.snapshot().contains("[bug]"))
    }

    @Test("ASCII glyphs say each state without colour")
    func asciiStates() throws {
        let state = Self.loaded(try Self.labelled())
        let text = Glyphs.$override.withValue(.ascii) {
            IssueListStateBuilder.build(state, now: Self.now, width: 80, labelsInColour: false).rows.map(\.text)
        }
        #expect(text[0].hasPrefix("o #2746"))
        #expect(text[4].hasPrefix("x "))
        #expect(text[5].hasPrefix("m "))
        #expect(text[6].hasPrefix("d "))
    }

    @Test("a label is drawn on its own colour with the text that contrasts more; a colour that is not hex is ignored")
    func labelStyles() {
        let dark = IssueLabelStyle.badge(IssueLabel(name: "breaking change", color: "e10c02"), inColour: true)
        #expect(dark.text == " breaking change ")
        #expect(dark.style.backgroundRGB == RGB(hex: 0xE10C02))
        #expect(dark.style.foreground == .white)
        let light = IssueLabelStyle.badge(IssueLabel(name: "docs", color: "fbca04"), inColour: true)
        #expect(light.style.foreground == .black)
        #expect(light.style.background == .yellow)
        let invalid = IssueLabelStyle.badge(IssueLabel(name: "x", color: "red;1m"), inColour: true)
        #expect(invalid.text == "[x]")
        #expect(invalid.style.backgroundRGB == nil)
        #expect(IssueLabelStyle.badge(IssueLabel(name: "bug", color: "d73a4a"), inColour: false).text == "[bug]")
        // Every colour gets text with at least WCAG's 3:1 against the colour the 256-colour palette shows.
        for hex in stride(from: UInt32(0), through: 0xFFFFFF, by: 0x0F0F0F) {
            let style = IssueLabelStyle.style(for: RGB(hex: hex))
            let shown = Palette256.color(of: Palette256.nearest(RGB(hex: hex))) ?? RGB(hex: hex)
            let text = style.foreground == .black ? 0.0 : 1.0
            #expect(IssueLabelStyle.contrast(IssueLabelStyle.luminance(shown), text) >= 3, "\(String(hex, radix: 16))")
        }
    }

    @Test("open by default; the filter cycles open, closed, all and starts the list again")
    func stateFilter() throws {
        var state = Self.loaded(try Self.recorded())
        #expect(state.filter == .open)
        state.move(by: 3)
        state.cycleFilter()
        #expect(state.filter == .closed)
        #expect(state.rows.isEmpty)
        #expect(state.load.isLoading)
        #expect(state.viewport.selection == 0)
        #expect(IssueListStateBuilder.heading(state) == "Closed issues")
        state.cycleFilter()
        #expect(state.filter == .all)
        state.cycleFilter()
        #expect(state.filter == .open)
        #expect(IssueListState(kind: .pullRequests).filter == .open)
    }

    @Test("the text filter narrows the loaded rows by number, title, author and label, keeping the selection")
    func textFilter() throws {
        var state = Self.loaded(try Self.labelled())
        state.move(by: 1)
        let selected = try #require(state.selected)
        state.setTextFilter("#274")
        #expect(state.rows.allSatisfy { String($0.number).hasPrefix("274") })
        #expect(state.selected?.number == selected.number)
        state.setTextFilter("NENGINE")
        #expect(state.rows.map(\.number) == [2746])
        state.setTextFilter("no such thing")
        #expect(state.rows.isEmpty)
        #expect(IssueListStateBuilder.build(state, now: Self.now, width: 80, labelsInColour: true).note == "No row matches the filter")
        state.setTextFilter("")
        #expect(state.rows.count == 30)
        #expect(IssueListStateBuilder.heading(state) == "Open issues · 30+")
    }

    @Test("the next page is asked for once as the selection nears the end, and added")
    func paging() throws {
        var state = Self.loaded(Array(try Self.recorded().prefix(15)))
        #expect(state.takePageToLoad() == nil) // the selection is 15 rows from the end
        state.move(by: 5)
        #expect(state.takePageToLoad() != nil) // now 10: within the prefetch distance
        #expect(state.takePageToLoad() == nil) // already loading
        state.receive(Page(items: Array(try Self.recorded().suffix(15))), pageIndex: 1)
        #expect(state.rows.count == 30)
        #expect(state.takePageToLoad() == nil) // no next page
        #expect(state.load.pagesLoaded == 2)
    }

    @Test("stored rows show until the network answers; a failure keeps them")
    func storedThenFailure() throws {
        var state = IssueListState(kind: .issues)
        state.resize(to: 10)
        state.showStored(try Self.recorded(), next: nil, pages: 1, fetchedAt: Self.now.addingTimeInterval(-300))
        #expect(IssueListStateBuilder.build(state, now: Self.now, width: 80, labelsInColour: true).note == "stored list · 5 min ago")
        state.fail(.network)
        let view = IssueListStateBuilder.build(state, now: Self.now, width: 80, labelsInColour: true)
        #expect(view.noteIsError)
        #expect(view.rows.count == 10)
    }

    @Test("a hostile list is drawn harmlessly: escapes in titles and labels, a colour that is not hex, 10,000 rows")
    func hostile() throws {
        let hostile = (1...10_000).map { n in
            GitHubEntities.Issue(number: n, title: "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J title \u{202E}\(n) " + String(repeating: "日本", count: 200),
                  author: "\u{1B}[31mevil\u{1B}[0m",
                  labels: [IssueLabel(name: "\u{1B}[5mblink\u{1B}[0m", color: "\u{1B}[41m"),
                           IssueLabel(name: String(repeating: "x", count: 10_000), color: "00ff00")],
                  commentCount: 10_000, updatedAt: Self.now)
        }
        var state = IssueListState(kind: .issues)
        state.resize(to: 40)
        state.receive(Page(items: hostile), pageIndex: 0)
        state.move(by: 9_990)
        let clock = ContinuousClock()
        var view: IssueListViewState?
        let elapsed = clock.measure {
            view = IssueListStateBuilder.build(state, now: Self.now, width: 120, labelsInColour: true)
        }
        let built = try #require(view)
        #expect(elapsed < .seconds(1))
        #expect(built.rows.count == 40)
        for line in built.rows {
            #expect(line.width == 120)
            #expect(line.text.unicodeScalars.allSatisfy(Sanitizer.isAllowed))
            #expect(!line.text.contains("\u{1B}"))
        }
        #expect(built.rows[0].spans.allSatisfy { $0.style.backgroundRGB == nil || $0.style.backgroundRGB == RGB(hex: 0x00FF00) })
        let buffer = Self.draw(built, width: 120, height: 42)
        #expect(!buffer.snapshot().contains("\u{1B}"))
    }
}
