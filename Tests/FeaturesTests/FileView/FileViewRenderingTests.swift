import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import SyntaxHighlighting
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// An open file: its kinds (text, Markdown, binary, too large), the cursor, scrolling, search, and
/// snapshots of a highlighted file at 80 columns, in colour and as `NO_COLOR` shows it (attributes only).
@Suite("File view")
struct FileViewRenderingTests {
    static let ruby = """
        require 'netrc'

        module Octokit
          # Alias for Octokit::Client.new
          def new(options={})
            Octokit::Client.new(options) \u{1B}[2J
          end
        \tVERSION = "1.0.0".freeze # a very long line that goes past the right edge of an eighty column terminal for sure
        end
        """

    static func state(_ text: String, name: String = "lib/octokit.rb", height: Int = 12) -> FileViewState {
        var state = FileViewState(entry: GitTreeEntry(path: name, kind: .file, sha: "abc", size: text.utf8.count), ref: "master")
        state.load(FileContent(sha: "abc", size: text.utf8.count, bytes: Data(text.utf8)))
        state.resize(height: height)
        return state
    }

    /// The lines the repository view's frame draws for the file (`MarkdownView`, as for every styled line).
    static func draw(_ state: FileViewState, width: Int = 80, height: Int = 12) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        let lines = FileViewRenderer.styledLines(FileViewRenderer.window(state, width: width, height: height), width: width, height: height)
        MarkdownView.draw(lines, into: &buffer, in: Rect(x: 0, y: 0, width: width, height: height), scrollOffset: 0)
        return buffer
    }

    /// The buffer's styled runs with colours dropped: what a terminal under `NO_COLOR` shows.
    static func attributesOnly(_ buffer: Buffer) -> String {
        var copy = buffer
        for y in 0..<copy.height {
            for x in 0..<copy.width {
                var cell = copy[x, y]
                cell.style = Style(attributes: cell.style.attributes)
                copy.put(cell, x: x, y: y)
            }
        }
        return copy.styleRuns()
    }

    @Test("Without the highlighter plugin the file reads plain and the footer says why")
    func pluginMissing() {
        var state = Self.state("def a\nend\n")
        state.show(.text(HighlightedText(lines: ["def a", "end"], runs: [[], []], outcome: .unavailable("no such file"))))
        let window = FileViewRenderer.window(state, width: 80, height: 12)
        #expect(window.position == "no colours: the highlighter plugin did not load · L1/2")
        #expect(window.rows.map(\.spans).allSatisfy { $0.allSatisfy { $0.style == .plain } })
    }

    @Test("A Ruby file at 80 columns: numbers, keywords and strings coloured, the escape made harmless")
    func highlightedSnapshot() {
        let buffer = Self.draw(Self.state(Self.ruby))
        assertSnapshot(buffer.snapshot(), named: "file-ruby-80")
        assertSnapshot(buffer.styleRuns(), named: "file-ruby-80-styles")
        assertSnapshot(Self.attributesOnly(buffer), named: "file-ruby-80-no-color")
        #expect(!buffer.snapshot().contains("\u{1B}"))
    }

    @Test("Long lines scroll horizontally; the cursor moves and the window follows")
    func scrolling() {
        var state = Self.state(Self.ruby, height: 4)
        state.move(by: 7)
        #expect(state.cursorLineNumber == 8)
        #expect(state.top == 4)
        state.scrollHorizontally(by: 40)
        let window = FileViewRenderer.window(state, width: 40, height: 5)
        let cursor = window.rows.first { $0.isCursor }
        #expect(cursor?.number == "8")
        #expect(cursor?.spans.map(\.text).joined().hasPrefix("y long line that goes") == true)
        state.scrollHorizontally(by: -100)
        #expect(FileViewRenderer.window(state, width: 40, height: 5).rows.first { $0.isCursor }?.spans.first?.text == "        VERSION ")
    }

    @Test("Search finds lines ignoring case and steps through them")
    func search() {
        var state = Self.state(Self.ruby)
        state.setSearch("octokit")
        #expect(state.matchLines == [2, 3, 5])
        #expect(state.cursor == 2)
        state.nextMatch(true)
        #expect(state.cursor == 3)
        state.nextMatch(false)
        state.nextMatch(false)
        #expect(state.cursor == 5)
    }

    @Test("A search's matches are marked in the columns they take (the current one more), their lines underlined")
    func searchDrawn() throws {
        var state = Self.state(Self.ruby)
        state.setSearch("octokit")
        let window = FileViewRenderer.window(state, width: 80, height: 12)
        let current = try #require(window.rows[2].spans.first { $0.text == "Octokit" })
        #expect(current.style.attributes.isSuperset(of: [.reverse, .bold, .underline]))
        let other = try #require(window.rows[3].spans.first { $0.text == "Octokit" })
        #expect(other.style.attributes.contains(.reverse) && !other.style.attributes.contains(.underline))
        #expect(window.rows.map(\.isMatch) == [false, false, true, true, false, true, false, false, false])
        #expect(window.rows[0].spans.allSatisfy { !$0.style.attributes.contains(.reverse) })
    }

    @Test("Markdown is rendered, m shows its source with numbers")
    func markdown() {
        var state = Self.state("# Title\n\nSome *text*.\n", name: "docs/README.md")
        state.render(width: 40, base: "https://github.com/o/r/blob/master/")
        let rendered = FileViewRenderer.window(state, width: 40, height: 10)
        #expect(rendered.rows.allSatisfy { $0.number.isEmpty })
        #expect(!rendered.rows.map { $0.spans.map(\.text).joined() }.contains("# Title"))
        #expect(state.cursorLineNumber == nil)
        state.toggleSource()
        let source = FileViewRenderer.window(state, width: 40, height: 10)
        #expect(source.rows.first?.number == "1")
        #expect(source.rows.first?.spans.map(\.text).joined() == "# Title")
        #expect(state.cursorLineNumber == 1)
    }

    @Test("Binary files and images are described, files over 1 MB are not fetched")
    func binaryAndLarge() {
        var image = FileViewState(entry: GitTreeEntry(path: "logo.png", kind: .file, sha: "p", size: 8), ref: "master")
        image.load(FileContent(sha: "p", size: 2048, bytes: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])))
        #expect(image.body == .binary(size: 2048, type: "PNG image"), "a broken PNG is described")
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==")!
        guard case .image(let picture, 70, "PNG image") = FileViewState.body(for: FileContent(sha: "i", size: 70, bytes: png), name: "a.png",
                                                                             imageWidth: 20, imageHeight: 20) else {
            Issue.record("a PNG is drawn where pictures are shown")
            return
        }
        #expect(picture.width >= 1 && picture.height >= 1)
        #expect(FileViewState.body(for: FileContent(sha: "i", size: 70, bytes: png), name: "a.png") == .binary(size: 70, type: "PNG image"))
        var binary = FileViewState(entry: GitTreeEntry(path: "a.bin", kind: .file, sha: "b", size: 3), ref: "master")
        binary.load(FileContent(sha: "b", size: 3, bytes: Data([0x41, 0x00, 0x42])))
        #expect(FileViewRenderer.window(binary, width: 60, height: 5).note == tr("files.file.binary", "binary", "3 B"))
        let large = FileViewState(entry: GitTreeEntry(path: "big.sql", kind: .file, sha: "c", size: 5 << 20), ref: "master")
        #expect(large.body == .tooLarge(size: 5 << 20))
    }

    @Test("A file that cannot be read: a 404 is about the file, not the repository; a server's own words as they came")
    func failures() {
        func note(_ error: GitHubError) -> String? {
            var state = FileViewState(entry: GitTreeEntry(path: "lib/gone.rb", kind: .file, sha: "g", size: 10), ref: "master")
            state.fail(error)
            return FileViewRenderer.window(state, width: 80, height: 5).note
        }
        #expect(note(.notFound) == "Could not read the file: not found (moved or deleted?)")
        #expect(note(.notFound)?.contains("repository") == false)
        // 410 with words (the demo's "not in the demo data"): a note in those words, not a failure.
        #expect(note(.http(status: 410, message: "not in the demo data")) == "Not in the demo data")
        #expect(note(.http(status: 0, message: "GitHub answered with another blob.")) == "Could not read the file: GitHub answered with another blob.")
        #expect(note(.http(status: 502, message: nil)) == "Could not read the file: HTTP 502")
        #expect(note(.network) == "Could not read the file: network error")
        L10n.$override.withValue(.german) {
            #expect(note(.notFound) == "Datei konnte nicht gelesen werden: nicht gefunden (verschoben oder gelöscht?)")
        }
    }
}
