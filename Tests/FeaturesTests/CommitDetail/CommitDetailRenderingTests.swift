import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// The commit view's rendering (snapshots at 80 columns: text and colours) and its screen state.
@Suite("Commit detail rendering")
struct CommitDetailRenderingTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// A commit with every case the view must say: a patch with hostile text and wide characters,
    /// a rename, a binary file, a diff too large for GitHub, a removed file.
    static let sample = CommitDetail(
        sha: "9fceb02d0ae598e95dc970b74767f19372d61af8",
        message: "Fix the \u{1B}[31mparser\u{1B}[0m for 日本語 names\n\nLonger explanation of the change, long enough that it has to wrap at eighty columns when it is drawn.\n\nSigned-off-by: Ada \u{202E}Lovelace",
        author: .init(name: "Ada\u{07} Lovelace", email: "ada@example.com", date: Date(timeIntervalSince1970: 1_699_990_000), login: "ada"),
        committer: .init(name: "GitHub", email: "noreply@github.com", date: Date(timeIntervalSince1970: 1_699_996_400)),
        parentSHAs: ["7638417db6d59f3c431d3e1f261cc637155684cd"],
        stats: .init(additions: 5_012, deletions: 4, total: 5_016),
        files: [
            .init(filename: "Sources/Parser/Parser.swift", status: "modified", additions: 4, deletions: 2, changes: 6,
                  patch: "@@ -10,5 +10,7 @@ struct Parser {\n     let name: String\n-    var old = 1\n+    var new = 2\n+\tlet title = \"\u{1B}]0;pwned\u{07}日本語 🎉\"\n+    // \u{202E}reversed\n     func parse() {\n-        return\n+        return // done\n     }\n\\ No newline at end of file"),
            .init(filename: "docs/new-name.md", previousFilename: "docs/old-name.md", status: "renamed", additions: 1, deletions: 1,
                  changes: 2, patch: "@@ -1 +1 @@\n-# Old\n+# New"),
            .init(filename: "Resources/logo.png", status: "added"),
            .init(filename: "Data/huge.json", status: "modified", additions: 5_000, deletions: 0, changes: 5_000),
            .init(filename: "Sources/Gone.swift", status: "removed", additions: 0, deletions: 1, changes: 1, patch: "@@ -1 +0,0 @@\n-gone"),
        ],
        htmlURL: "https://github.com/o/r/commit/9fceb02d0ae598e95dc970b74767f19372d61af8")

    /// The lines drawn into a buffer `width` wide, as text and as a colour mask (g green, r red,
    /// c cyan, y yellow).
    static func draw(_ lines: [StyledLine], width: Int) -> (text: String, colours: String) {
        var buffer = Buffer(width: width, height: max(1, lines.count))
        MarkdownView.draw(lines, into: &buffer, in: Rect(x: 0, y: 0, width: width, height: lines.count), scrollOffset: 0)
        let colours = (0..<buffer.height).map { y in
            var line = ""
            for x in 0..<width where !buffer[x, y].isContinuation {
                let mark: Character = switch buffer[x, y].style.foreground {
                case .green: "g"
                case .red: "r"
                case .cyan: "c"
                case .yellow: "y"
                default: " "
                }
                line += String(repeating: String(mark), count: max(1, Int(buffer[x, y].width)))
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
        return (buffer.snapshot(), colours)
    }

    @Test("a rendered diff at 80 columns: header, message, stats, files, patches, what GitHub left out")
    func sampleSnapshot() {
        let rendered = CommitDetailRenderer.render(Self.sample, width: 80, now: Self.now)
        #expect(rendered.lines.allSatisfy { $0.width <= 80 })
        #expect(rendered.fileStarts.count == 5)
        #expect(!rendered.isTruncated)
        for line in rendered.lines {
            #expect(line.text.unicodeScalars.allSatisfy(Sanitizer.isAllowed))
        }
        let (text, colours) = Self.draw(rendered.lines, width: 80)
        assertScreenSnapshot(text, named: "commit-detail-80")
        assertScreenSnapshot(colours, named: "commit-detail-80-colours")
        #expect(text.contains("docs/old-name.md → docs/new-name.md"))
        #expect(text.contains("binary or too large: not shown by GitHub"))
    }

    @Test("the recorded commit at 80 columns (its first 60 lines)")
    func recordedSnapshot() throws {
        let detail = try JSONDecoder().decode(CommitDetail.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminCommitDetail))
        let rendered = CommitDetailRenderer.render(detail, width: 80, now: Self.now)
        #expect(rendered.fileStarts.count == 15)
        #expect(rendered.lines.allSatisfy { $0.width <= 80 })
        assertScreenSnapshot(Self.draw(Array(rendered.lines.prefix(60)), width: 80).text, named: "commit-detail-recorded-80")
    }

    @Test("300 files say GitHub may list no more; German labels")
    func moreFilesAndGerman() {
        var many = Self.sample
        many.files = (0..<300).map { CommitDetail.File(filename: "f\($0).txt", status: "added", additions: 1, patch: "@@ -0,0 +1 @@\n+x") }
        let text = CommitDetailRenderer.render(many, width: 80, now: Self.now).lines.map(\.text)
        #expect(text.contains { $0.contains("GitHub lists at most 300 files") })
        let german = L10n.$override.withValue(.german) {
            CommitDetailRenderer.render(Self.sample, width: 80, now: Self.now).lines.map(\.text)
        }
        #expect(german.contains { $0.hasPrefix("Autor:") })
        #expect(german.contains { $0.contains("binär oder zu groß") })
    }

    @Test("narrow widths: every line fits, long paths keep their end")
    func narrow() {
        for width in [20, 33, 47] {
            let rendered = CommitDetailRenderer.render(Self.sample, width: width, now: Self.now)
            #expect(rendered.lines.allSatisfy { $0.width <= width }, "width \(width)")
        }
        #expect(CommitDetailRenderer.leftCut("a/very/long/path/file.swift", toWidth: 12) == "…/file.swift")
        #expect(CommitDetailRenderer.leftCut("日本語/ファイル", toWidth: 7) == "…ァイル")
    }

    @Test("a commit of 200,000 patch lines renders a bounded number of lines and says so")
    func hugeCommit() {
        var huge = Self.sample
        let patch = "@@ -0,0 +1,40000 @@\n" + String(repeating: "+x\n", count: 40_000)
        huge.files = (0..<5).map { CommitDetail.File(filename: "f\($0)", status: "added", additions: 40_000, patch: patch) }
        let rendered = CommitDetailRenderer.render(huge, width: 80, now: Self.now)
        #expect(rendered.isTruncated)
        #expect(rendered.lines.count < CommitDetailRenderer.maximumLines + 200)
        #expect(rendered.lines.contains { $0.text.contains("the diff is cut here") })
    }
}

@Suite("Commit detail screen state")
struct CommitDetailScreenStateTests {
    private func loaded(height: Int = 10) -> CommitDetailScreenState {
        var state = CommitDetailScreenState(repositoryFullName: "o/r")
        state.layout(width: 80, height: height, now: CommitDetailRenderingTests.now)
        state.load(CommitDetailRenderingTests.sample, now: CommitDetailRenderingTests.now)
        return state
    }

    @Test("loading, failed, then loaded")
    func content() {
        var state = CommitDetailScreenState(repositoryFullName: "o/r")
        state.layout(width: 80, height: 10, now: CommitDetailRenderingTests.now)
        #expect(CommitDetailStateBuilder.build(state).lines.map(\.text) == ["loading commits…"])
        state.fail(.network)
        #expect(CommitDetailStateBuilder.build(state).lines.first?.text == "Could not load this commit (network error) — r retries")
        state.fail(.notFound)
        #expect(CommitDetailStateBuilder.build(state).lines.first?.text == "GitHub does not have this commit (404) — Esc goes back")
        #expect(state.copyText(.sha) == nil)
        state.load(CommitDetailRenderingTests.sample, now: CommitDetailRenderingTests.now)
        let view = CommitDetailStateBuilder.build(state)
        #expect(view.lines.count == 10)
        #expect(view.lines[0].text == "commit 9fceb02d0ae598e95dc970b74767f19372d61af8")
        #expect(view.lineCount == state.lineCount)
    }

    @Test("scrolling is clamped; files are jumped to; a new width renders again and keeps the offset valid")
    func scrolling() {
        var state = loaded()
        state.scroll(by: -5)
        #expect(state.scrollOffset == 0)
        state.scrollToBottom()
        #expect(state.scrollOffset == state.lineCount - 10)
        state.scroll(by: 100)
        #expect(state.scrollOffset == state.lineCount - 10)
        state.scrollToTop()
        state.jumpToFile(forward: true)
        let first = try? #require(state.rendered?.fileStarts.first)
        #expect(state.scrollOffset == first)
        state.jumpToFile(forward: true)
        #expect(state.scrollOffset == state.rendered?.fileStarts[1])
        state.jumpToFile(forward: false)
        #expect(state.scrollOffset == first)
        state.page(down: true)
        #expect(state.scrollOffset == (first ?? 0) + 9)
        state.layout(width: 40, height: 10, now: CommitDetailRenderingTests.now)
        #expect(state.width == 40)
        #expect(state.rendered?.lines.allSatisfy { $0.width <= 40 } == true)
        #expect(state.scrollOffset <= state.maximumScrollOffset)
    }

    @Test("/ search: matches in columns, n and N wrap, the current one is shown and marked, status says where")
    func search() throws {
        var state = loaded(height: 5)
        state.search("RETURN")
        #expect(state.matches.count == 2)
        let firstLine = state.matches[0].line
        #expect(state.currentMatch == 0)
        #expect(state.scrollOffset <= firstLine && firstLine < state.scrollOffset + 5)
        var view = CommitDetailStateBuilder.build(state)
        #expect(view.searchStatus == "1/2 matches")
        let line = view.lines[firstLine - state.scrollOffset]
        let current = try #require(line.spans.first { $0.text.lowercased() == "return" })
        #expect(current.style.attributes.isSuperset(of: [.reverse, .bold, .underline]))
        state.moveToMatch(forward: true)
        #expect(state.currentMatch == 1)
        state.moveToMatch(forward: true)
        #expect(state.currentMatch == 0)
        state.moveToMatch(forward: false)
        #expect(state.currentMatch == 1)
        // Wide characters: the match is placed in columns.
        state.search("語")
        #expect(state.matches.allSatisfy { $0.width == 2 })
        state.search("nothing like this")
        view = CommitDetailStateBuilder.build(state)
        #expect(view.searchStatus == "no match for “nothing like this”")
        state.clearSearch()
        #expect(CommitDetailStateBuilder.build(state).searchStatus == nil)
    }

    @Test("y copies the sha or a permalink; a permalink that is not a web address is made from the repository")
    func copy() {
        var state = loaded()
        #expect(state.copyText(.sha) == "9fceb02d0ae598e95dc970b74767f19372d61af8")
        #expect(state.copyText(.permalink) == "https://github.com/o/r/commit/9fceb02d0ae598e95dc970b74767f19372d61af8")
        var odd = CommitDetailRenderingTests.sample
        odd.htmlURL = "javascript:alert(1)"
        state.load(odd, now: CommitDetailRenderingTests.now)
        #expect(state.copyText(.permalink) == "https://github.com/o/r/commit/9fceb02d0ae598e95dc970b74767f19372d61af8")
    }
}
