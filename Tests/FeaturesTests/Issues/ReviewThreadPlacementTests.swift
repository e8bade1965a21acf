import Foundation
import GitHubAPI
import GitHubEntities
import Testing
import TestSupport
@testable import Features

/// Review comments placed under their diff line (a pure function), and drawn there in a pull request's thread.
@Suite("Review threads in the diff")
struct ReviewThreadPlacementTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    /// Index: 0 hunk, 1 " a" (1/1), 2 "-b" (old 2), 3 "+B" (new 2), 4 "+C" (new 3), 5 " d" (3/4), 6 hunk,
    /// 7 " x" (10/11), 8 "-y" (old 11), 9 "+Y" (new 12).
    static let patch = "@@ -1,4 +1,5 @@\n a\n-b\n+B\n+C\n d\n@@ -10,2 +11,2 @@\n x\n-y\n+Y"
    static let file = CommitDetail.File(filename: "src/a.swift", status: "modified", additions: 3, deletions: 2, changes: 5, patch: patch)

    static func comment(_ id: Int64, line: Int?, side: ReviewComment.Side? = .right, start: Int? = nil, path: String = "src/a.swift",
                        replyTo: Int64? = nil, body: String = "") -> ReviewComment {
        ReviewComment(id: id, path: path, line: line, side: side, startLine: start, originalLine: line ?? 7,
                      position: line == nil ? nil : 1, diffHunk: "@@ -5,3 +5,3 @@\n e\n-f\n+g", inReplyTo: replyTo,
                      author: "ada", body: body.isEmpty ? "comment \(id)" : body)
    }

    @Test("each side: the head's line on an added or unchanged line, the base's on a removed or unchanged one; a range under its last line")
    func sides() {
        let comments = [Self.comment(1, line: 3), Self.comment(2, line: 2, side: .left), Self.comment(3, line: 4),
                        Self.comment(4, line: 3, side: .left), Self.comment(5, line: 12, start: 11), Self.comment(6, line: 11, side: .left),
                        Self.comment(7, line: 2, side: nil)]
        let placed = ReviewThreadPlacement.place(comments, in: [Self.file])
        let under = placed[0]?.underLine.mapValues { $0.map(\.root.id) } ?? [:]
        #expect(under == [4: [1], 2: [2], 5: [3, 4], 9: [5], 8: [6], 3: [7]])
        #expect(placed[0]?.after.isEmpty == true)
    }

    @Test("outdated threads, lines the patch does not have and files without a patch go after the file; unknown files are left out")
    func after() {
        let noPatch = CommitDetail.File(filename: "image.png", status: "added", additions: 0, changes: 0, patch: nil)
        let comments = [Self.comment(1, line: nil), Self.comment(2, line: 50), Self.comment(3, line: 1, path: "image.png"),
                        Self.comment(4, line: 1, path: "gone.txt")]
        let placed = ReviewThreadPlacement.place(comments, in: [Self.file, noPatch])
        #expect(placed[0]?.underLine.isEmpty == true)
        #expect(placed[0]?.after.map(\.root.id) == [1, 2])
        #expect(placed[0]?.after.first?.isOutdated == true)
        #expect(placed[1]?.after.map(\.root.id) == [3])
        #expect(placed.values.reduce(0) { $0 + $1.count } == 3)
    }

    @Test("replies join the thread of the comment they answer, however deep, in order; a reply to a comment not read starts its own; a loop ends")
    func replies() {
        let comments = [Self.comment(1, line: 3), Self.comment(2, line: 3, replyTo: 1), Self.comment(3, line: 3, replyTo: 2),
                        Self.comment(4, line: 3, replyTo: 99), Self.comment(5, line: 4), Self.comment(6, line: 4, replyTo: 7),
                        Self.comment(7, line: 4, replyTo: 6)]
        let threads = ReviewThreadPlacement.threads(comments)
        #expect(threads.map(\.root.id) == [1, 4, 5, 6])
        #expect(threads[0].replies.map(\.id) == [2, 3])
        #expect(threads[3].replies.map(\.id) == [7])
    }

    @Test("a renamed file is found by its old name too")
    func renamed() {
        let renamed = CommitDetail.File(filename: "new/name.swift", previousFilename: "old/name.swift", status: "renamed", additions: 3,
                                        deletions: 2, changes: 5, patch: Self.patch)
        let placed = ReviewThreadPlacement.place([Self.comment(1, line: 3, path: "new/name.swift"), Self.comment(2, line: 2, side: .left,
                                                                                                                   path: "old/name.swift")],
                                                 in: [renamed])
        #expect(placed[0]?.underLine.mapValues { $0.map(\.root.id) } == [4: [1], 2: [2]])
    }

    @Test("the recorded comment (an older answer: a position, no line) is placed under the line of pull 67's patch it was written on")
    func recordedPosition() throws {
        let files = try JSONDecoder().decode([PullRequestFile].self, from: Fixtures.interactions(Fixtures.Name.pull67)[0].body).map(\.file)
        let comments = try JSONDecoder().decode([ReviewComment].self, from: Fixtures.interactions(Fixtures.Name.pull67)[1].body)
        let placed = ReviewThreadPlacement.place(comments, in: files)
        let index = try #require(files.firstIndex { $0.filename == "lib/octokit/repository.rb" })
        #expect(placed[index]?.underLine.keys.sorted() == [5])
        let root = placed[index]?.underLine[5]?.first?.root
        #expect(root?.line == 33 && root?.side == .right)
        let lines = PatchParser.parse(files[index].patch ?? "").lines
        #expect(lines[5] == .added("      if Client.github_url", newLine: 33))
    }

    @Test("drawn in the pull request's diff right under its line, with author, body and place; replies below; outdated with its hunk; } finds it")
    func drawn() throws {
        var thread = IssueThread(issue: Issue(number: 5, title: "A pull request"),
                                 pull: PullRequest(issue: Issue(number: 5, title: "A pull request"), baseRef: "main", headLabel: "o:topic"))
        let comments = [Self.comment(1, line: 3, start: 2, body: "Why **two**?"), Self.comment(2, line: 3, replyTo: 1, body: "Because."),
                        Self.comment(3, line: nil)]
        thread.changes = PullRequestChanges(files: .success(PullRequestFileList(files: [Self.file])), commits: .success([]),
                                            reviews: .success([PullRequestReview(reviewer: "bob", state: "CHANGES_REQUESTED", body: "Fix it")]),
                                            checks: nil, reviewComments: .success(ReviewCommentList(comments: comments)))
        let rendered = IssueDetailRenderer.render(thread, width: 80, now: Self.now, labelsInColour: false)
        let text = rendered.lines.map(\.text)
        let added = try #require(text.firstIndex(of: "+C"))
        #expect(rendered.threadStarts.count == 2)
        #expect(rendered.threadStarts.first == added + 1)
        #expect(text[added + 1].hasPrefix("  ┌─ ada"))
        #expect(text[added + 1].contains("lines 2–3"))
        #expect(text[added + 2] == "  │ Why two?")
        #expect(text[added + 3].hasPrefix("  ├─ ada"))
        #expect(text[added + 4] == "  │ Because.")
        #expect(text[added + 5] == "  └─")
        #expect(text[added + 6] == " d")
        // The outdated one after the file's patch, its hunk's end above it.
        let outdated = try #require(rendered.threadStarts.last)
        #expect(text[outdated] == "  │ @@ -5,3 +5,3 @@")
        #expect(text[outdated + 4].contains("outdated") && text[outdated + 4].contains("(was line 7)"))
        // The review in the conversation, with its state.
        let review = try #require(text.firstIndex { $0.hasPrefix("── bob requested changes") })
        #expect(text[review + 1] == "   Fix it")
        #expect(text.contains("Reviews"))
    }

    @Test("a suggestion is drawn as the change it proposes over the commented range; the text around it as Markdown")
    func suggestion() throws {
        let body = "Simpler:\n```suggestion\nBC\n```\nWhat do you think?"
        let placed = ReviewThreadPlacement.place([Self.comment(1, line: 3, start: 2, body: body)], in: [Self.file])
        let thread = try #require(placed[0]?.underLine[4]?.first)
        #expect(thread.rangeLines == ["B", "C"])
        let text = ReviewThreadRenderer.lines(thread, width: 60, now: Self.now).map(\.text)
        let start = try #require(text.firstIndex(of: "  │ Suggested change:"))
        #expect(text[start - 1] == "  │ Simpler:")
        #expect(Array(text[(start + 1)...(start + 3)]) == ["  │ -B", "  │ -C", "  │ +BC"])
        #expect(text[start + 4] == "  │ What do you think?")
    }

    @Test("with the line cursor: on a thread's lines C replies to its first comment; on a diff line it comments there")
    func choice() throws {
        var thread = IssueThread(issue: Issue(number: 5, title: "T"), pull: PullRequest(issue: Issue(number: 5, title: "T"), baseRef: "m",
                                                                                        headLabel: "h"))
        thread.changes = PullRequestChanges(files: .success(PullRequestFileList(files: [Self.file])), commits: .success([]),
                                            reviews: .success([]), checks: nil,
                                            reviewComments: .success(ReviewCommentList(comments: [Self.comment(1, line: 3),
                                                                                                   Self.comment(2, line: 3, replyTo: 1)])))
        var state = IssueThreadState(number: 5)
        state.pane.resize(height: 10)
        state.show(thread)
        _ = state.render(width: 80, now: Self.now, labelsInColour: false)
        let text = try #require(state.rendered).lines.map(\.text)
        let start = try #require(state.rendered?.threadStarts.first)
        let started = state.startChoosingLine()
        #expect(started)
        state.pane.moveCursor(to: start + 2)
        #expect(state.chosen() == .success(.reply(to: 1)))
        let added = try #require(text.firstIndex(of: "+C"))
        state.pane.moveCursor(to: added)
        #expect(state.chosen() == .success(.line(ReviewTarget(path: "src/a.swift", line: 3, side: "RIGHT"))))
        // A range marked below the cursor: the range the other way round.
        state.pane.moveCursor(to: added + 6)
        #expect(text[added + 6] == " d")
        _ = state.markRangeStart()
        state.pane.moveCursor(to: added)
        #expect(state.chosen() == .success(.line(ReviewTarget(path: "src/a.swift", line: 4, side: "RIGHT", startLine: 3, startSide: "RIGHT"))))
        state.stopChoosingLine()
        #expect(!state.isChoosingLine)
    }

    @Test("review comments that could not be read are said where the files are; the files stay")
    func failed() {
        var thread = IssueThread(issue: Issue(number: 5, title: "T"), pull: PullRequest(issue: Issue(number: 5, title: "T"), baseRef: "m",
                                                                                        headLabel: "h"))
        thread.changes = PullRequestChanges(files: .success(PullRequestFileList(files: [Self.file])), commits: .success([]),
                                            reviews: .success([]), checks: nil, reviewComments: .failure(.http(status: 502, message: nil)))
        let text = IssueDetailRenderer.render(thread, width: 80, now: Self.now, labelsInColour: false).lines.map(\.text)
        #expect(text.contains { $0.hasPrefix("Review comments could not be loaded") })
        #expect(text.contains("+C"))
    }
}
