import Foundation
import Testing
import TerminalKit
@testable import Features

@Suite("Patch parser")
struct PatchParserTests {
    @Test("hunks carry their line numbers; added, removed and context lines count on from them")
    func hunks() {
        let patch = "@@ -1,3 +1,4 @@ module Foo\n context\n-old\n+new\n+more\n@@ -10 +11,2 @@\n x\n+y"
        let parsed = PatchParser.parse(patch)
        #expect(!parsed.isTruncated)
        #expect(parsed.lines == [
            .hunk(oldStart: 1, oldCount: 3, newStart: 1, newCount: 4, section: "module Foo"),
            .context("context", oldLine: 1, newLine: 1),
            .removed("old", oldLine: 2),
            .added("new", newLine: 2),
            .added("more", newLine: 3),
            .hunk(oldStart: 10, oldCount: 1, newStart: 11, newCount: 2, section: ""),
            .context("x", oldLine: 10, newLine: 11),
            .added("y", newLine: 12),
        ])
    }

    @Test("the no-newline marker, an empty context line, CRLF, and lines of no known kind")
    func markers() {
        let patch = "@@ -1,2 +1,2 @@\r\n-a\r\n\\ No newline at end of file\r\n+a\r\n\n?odd\n@@ broken @@"
        #expect(PatchParser.parse(patch).lines == [
            .hunk(oldStart: 1, oldCount: 2, newStart: 1, newCount: 2, section: ""),
            .removed("a", oldLine: 1),
            .noNewline,
            .added("a", newLine: 1),
            .context("", oldLine: 2, newLine: 2),
            .other("?odd"),
            .other("@@ broken @@"),
        ])
    }

    @Test("hostile text is made harmless: escapes, controls and bidi overrides go, tabs expand by width")
    func hostile() {
        let patch = "@@ -0,0 +1,3 @@\n+\u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07}title\u{9B}2J\n+日本\tx\n+\u{202E}evil\u{202C}\u{0}🎉\tz"
        let lines = PatchParser.parse(patch).lines
        #expect(lines[1] == .added("[31mred[0m ]0;pwnedtitle2J", newLine: 1))
        // 日本 is 4 columns wide: the tab goes to column 8.
        #expect(lines[2] == .added("日本    x", newLine: 2))
        #expect(lines[3] == .added("evil🎉  z", newLine: 3))
        for case .added(let text, _) in lines {
            #expect(text.unicodeScalars.allSatisfy(Sanitizer.isAllowed))
        }
    }

    @Test("a huge patch is bounded: lines and line length")
    func huge() {
        let long = String(repeating: "x", count: 50_000)
        let patch = "@@ -1,1 +1,200000 @@\n+" + long + "\n" + String(repeating: "+line\n", count: 200_000)
        let parsed = PatchParser.parse(patch)
        #expect(parsed.isTruncated)
        #expect(parsed.lines.count == PatchParser.maximumLines)
        guard case .added(let text, _) = parsed.lines[1] else { Issue.record("not added"); return }
        #expect(text.count == PatchParser.maximumLineLength + 1)
        #expect(text.hasSuffix("…"))
        #expect(PatchParser.parse(patch, maximumLines: 3).lines.count == 3)
    }

    @Test("hunk headers: counts default to 1, nonsense is not a hunk")
    func hunkHeaders() {
        #expect(PatchParser.hunkHeader("@@ -3 +4 @@")?.newCount == 1)
        #expect(PatchParser.hunkHeader("@@ -1,2 +3,4 @@ def x")?.section == "def x")
        #expect(PatchParser.hunkHeader("@@ -a,b +c @@") == nil)
        #expect(PatchParser.hunkHeader("@@ -1,99999999999 +1 @@") == nil)
        #expect(PatchParser.hunkHeader("@@ -1 +1") == nil)
    }
}
