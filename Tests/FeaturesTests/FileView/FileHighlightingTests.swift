import Foundation
import GitHubAPI
import GitHubEntities
import SyntaxHighlighting
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// An open file is shown plain at once and gets its colours a stretch at a time, off the UI thread:
/// the window first (after a jump too), then the rest; a key never waits for them.
@MainActor
@Suite("File view: colours after the first screen")
struct FileHighlightingTests {
    /// `count` lines of Ruby: a method on every third line.
    static func ruby(lines count: Int) -> Data {
        var text = ""
        for index in 0..<(count / 3) { text += "def m\(index)(a) # note\n  'text'\nend\n" }
        return Data(text.utf8)
    }

    static func plainState(lines count: Int, height: Int = 20) -> FileViewState {
        let bytes = ruby(lines: count)
        var state = FileViewState(entry: GitTreeEntry(path: "big.rb", kind: .file, sha: "r", size: bytes.count), ref: "main")
        state.resize(height: height)
        state.show(FileViewState.body(for: FileContent(sha: "r", size: bytes.count, bytes: bytes), name: "big.rb"))
        return state
    }

    @Test("The window is asked for first, after a jump the new window, then the rest in stretches until all is done")
    func order() throws {
        var state = Self.plainState(lines: 30_000)
        guard case .text(let text) = state.body else {
            Issue.record("not text")
            return
        }
        #expect(text.outcome == .pending && text.runs.allSatisfy(\.isEmpty), "shown plain")
        let first = try #require(state.nextHighlight())
        #expect(first.range == 0..<40, "the window and a screen below it")
        state.receive(first.run())
        #expect(state.pane.window().lines[0].styled?.spans.first?.style == FileViewRenderer.style(.keyword))
        state.move(by: Int.max / 2)
        let jumped = try #require(state.nextHighlight())
        #expect(jumped.range.contains(29_999) && jumped.range.count <= 60, "End: the last screen next, \(jumped.range)")
        state.receive(jumped.run())
        let rest = try #require(state.nextHighlight())
        #expect(rest.range == 40..<5_040, "then the rest, from the end of the first stretch")
        var requests = 0
        while let request = state.nextHighlight() {
            #expect(request.range.count <= HighlightRequest.chunk)
            state.receive(request.run())
            requests += 1
        }
        #expect(requests == 6)
        guard case .text(let done) = state.body else { return }
        #expect(done.outcome == .highlighted && done.runs[29_999].first?.kind == .keyword)
        #expect(done.runs == SourceHighlighter.highlight(Self.ruby(lines: 30_000), language: "Ruby").runs)
    }

    @Test("A file without a definition asks for nothing; without the plugin it stays plain and says why")
    func nothingToAsk() {
        var state = FileViewState(entry: GitTreeEntry(path: "notes.txt", kind: .file, sha: "t", size: 4), ref: "main")
        state.show(FileViewState.body(for: FileContent(sha: "t", size: 4, bytes: Data("abc\n".utf8)), name: "notes.txt"))
        #expect(state.nextHighlight() == nil)
        var ruby = Self.plainState(lines: 30)
        ruby.receive(HighlightAnswer(range: 0..<30, runs: [], outcome: .unavailable("no plugin")))
        #expect(ruby.nextHighlight() == nil)
        #expect(FileViewRenderer.window(ruby, width: 80, height: 10).position.hasPrefix(tr("files.file.noHighlighter")))
    }

    @Test("The presenter shows the file before its colours; End is answered while a stretch is highlighted")
    func keysDoNotWait() async throws {
        let bytes = Self.ruby(lines: 12_000)
        let entry = GitTreeEntry(path: "big.rb", kind: .file, sha: "b1", size: bytes.count)
        let (presenter, _, dispatcher, _, _) = try FilesTabPresenterTests.make(
            .init(tree: .success(GitTree(sha: "t", entries: [entry])), blobs: ["b1": FileContent(sha: "b1", size: bytes.count, bytes: bytes)]))
        presenter.didAppear()
        await FilesTabPresenterTests.settle(presenter, dispatcher)
        _ = presenter.handle(.confirm)
        await presenter.fileTask?.value
        dispatcher.runPending()
        let opened = try #require(presenter.file)
        #expect(opened.lineCount == 12_000)
        #expect(opened.highlightedLines.contains(integersIn: 0..<19), "the first screen came with its colours")
        #expect(!opened.highlightedLines.contains(5_000))
        #expect(presenter.highlightTask != nil, "the rest is on its way")
        // The key is handled now, whatever the highlighter is doing.
        #expect(presenter.handle(.end))
        #expect(presenter.file?.cursor == 11_999)
        #expect(presenter.file?.highlightedLines.contains(11_999) == false)
        await FilesTabPresenterTests.settle(presenter, dispatcher)
        for _ in 0..<4 {
            await presenter.highlightTask?.value
            dispatcher.runPending()
        }
        #expect(presenter.highlightTask == nil)
        #expect(presenter.file?.highlightedLines.count == 12_000)
        let last = try #require(presenter.file?.pane.window().lines.last?.styled)
        #expect(last.spans.first?.style == FileViewRenderer.style(.keyword))
    }
}

/// A long Markdown file: its head rendered and shown first, the whole after it, the reader kept.
@MainActor
@Suite("File view: a long Markdown file")
struct LongMarkdownTests {
    static func markdown(sections: Int) -> Data {
        var text = ""
        for index in 0..<sections { text += "## Section \(index)\n\nSome *text* with [a link][home] in section \(index).\n\n" }
        return Data((text + "[home]: https://example.com/\n").utf8)
    }

    @Test("Its first screen is rendered from its head; the whole arrives off the UI thread and keeps the reader's line")
    func headFirst() async throws {
        let bytes = Self.markdown(sections: 5_000)
        let entry = GitTreeEntry(path: "LONG.md", kind: .file, sha: "m1", size: bytes.count)
        let (presenter, _, dispatcher, _, _) = try FilesTabPresenterTests.make(
            .init(tree: .success(GitTree(sha: "t", entries: [entry])), blobs: ["m1": FileContent(sha: "m1", size: bytes.count, bytes: bytes)]))
        presenter.didAppear()
        await FilesTabPresenterTests.settle(presenter, dispatcher)
        _ = presenter.handle(.confirm)
        await presenter.fileTask?.value
        dispatcher.runPending()
        let head = try #require(presenter.file)
        #expect(head.lineCount > 20 && head.lineCount < 1_000, "the head only: \(head.lineCount) lines")
        #expect(head.pane.window().lines.first?.styled.map { $0.spans.map(\.text).joined() }?.contains("Section 0") == true)
        let whole = try #require(presenter.wholeMarkdownTask, "the whole is on its way")
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.scrollDown)
        await whole.value
        dispatcher.runPending()
        let done = try #require(presenter.file)
        #expect(done.lineCount > 15_000, "the whole: \(done.lineCount) lines")
        #expect(done.cursor == 2, "the reader's line kept")
        let links = done.pane.window().lines.compactMap(\.styled).map { $0.spans.map(\.text).joined() }
        #expect(links.contains { $0.contains("a link[") }, "the reference defined at the end resolved")
        #expect(presenter.wholeMarkdownTask == nil)
    }
}
