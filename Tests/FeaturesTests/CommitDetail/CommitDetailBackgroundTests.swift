import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TestSupport
@testable import Features

/// A big commit's diff is parsed and rendered off the UI thread: its first screens at once (the first
/// files), the rest from a background job, keys answered meanwhile; the result is the whole rendering.
@MainActor
@Suite("Commit view: a big diff in the background")
struct CommitDetailBackgroundTests {
    nonisolated static let now = Date(timeIntervalSince1970: 1_477_180_000)

    /// `files` files of `lines` patch lines each: hunks of changed lines.
    static func detail(files: Int, lines: Int, sha: String = "c000aaaaaaa") -> CommitDetail {
        let changed = (0..<files).map { number -> CommitDetail.File in
            var patch = ""
            for hunk in 0..<(lines / 4) {
                patch += "@@ -\(hunk * 4 + 1),3 +\(hunk * 4 + 1),3 @@ class Record\(number)\n-old \(hunk)\n+new \(hunk)\n same\n"
            }
            return CommitDetail.File(filename: "lib/record_\(number).rb", status: "modified", additions: lines / 4, deletions: lines / 4,
                                     changes: lines / 2, patch: String(patch.dropLast()))
        }
        return CommitDetail(sha: sha, message: "Regenerate\n\nThe body", author: .init(name: "Ann"), committer: .init(name: "Ann"),
                            parentSHAs: ["c001aaaaaaa"], stats: nil, files: changed)
    }

    @Test("loaded, a big commit shows its first files at once; the rest, rendered from there, is the whole rendering")
    func firstFilesThenTheRest() throws {
        let detail = Self.detail(files: 40, lines: 400)
        var state = CommitDetailScreenState(repositoryFullName: "o/r")
        state.layout(width: 80, height: 20, now: Self.now)
        let loaded = state.load(detail, now: Self.now)
        let job = try #require(loaded)
        let whole = CommitDetailRenderer.render(detail, width: 80, now: Self.now)
        let shown = try #require(state.rendered)
        #expect(shown.lines.count >= CommitDetailScreenState.renderedAtOnce)
        #expect(shown.lines.count < CommitDetailScreenState.renderedAtOnce + 500, "a file past the first screens at most")
        #expect(shown.lines == Array(whole.lines.prefix(shown.lines.count)), "the first files as the whole rendering has them")
        // Keys meanwhile: scrolled and searched in what is there.
        _ = state.pane.handle(.pageDown)
        state.search("new 3")
        #expect(!state.matches.isEmpty)
        let rest = job.run()
        #expect(rest.lines == whole.lines && rest.fileStarts == whole.fileStarts && rest.isTruncated == whole.isTruncated)
        let offset = state.scrollOffset
        let taken = state.finish(job, rendered: rest)
        #expect(taken)
        #expect(state.lineCount == whole.lines.count)
        #expect(state.scrollOffset == offset, "the place read stays")
        #expect(state.rendered?.fileStarts.count == 40)
        #expect(state.background == nil)
    }

    @Test("a new width renders again; a job for the old width is not taken")
    func newWidth() throws {
        let detail = Self.detail(files: 40, lines: 400)
        var state = CommitDetailScreenState(repositoryFullName: "o/r")
        state.layout(width: 80, height: 20, now: Self.now)
        let oldJob = state.load(detail, now: Self.now)
        let newJob = state.layout(width: 100, height: 20, now: Self.now)
        let old = try #require(oldJob)
        let new = try #require(newJob)
        let oldTaken = state.finish(old, rendered: old.run())
        #expect(!oldTaken)
        let newTaken = state.finish(new, rendered: new.run())
        #expect(newTaken)
        #expect(state.rendered?.lines == CommitDetailRenderer.render(detail, width: 100, now: Self.now).lines)
    }

    @Test("a small commit is rendered whole at once")
    func smallAtOnce() {
        var state = CommitDetailScreenState(repositoryFullName: "o/r")
        state.layout(width: 80, height: 20, now: Self.now)
        let job = state.load(Self.detail(files: 3, lines: 40), now: Self.now)
        #expect(job == nil)
        #expect(state.rendered?.fileStarts.count == 3)
    }

    @Test("the Commits tab: Enter on a big stored commit shows its first screen at once and the rest from the background")
    func commitsTab() async throws {
        let detail = Self.detail(files: 40, lines: 400)
        var script = ScriptedGitHubService.Script()
        script.historyPages = [[Commit(sha: detail.sha, message: "Regenerate", authorName: "Ann", date: Self.now)]]
        script.commitDetails = [detail.sha: detail]
        let service = ScriptedGitHubService(script)
        let store = try SQLiteStore.inMemory()
        try store.saveCommitDetail(detail, storedAt: Self.now)
        let dispatcher = CollectingDispatcher()
        let history = RepositoryHistory(repository: RepositoryHistoryTests.repository, service: service, store: store, isOffline: false,
                                        now: { Self.now })
        let presenter = CommitsTabPresenter(history: history, repository: RepositoryHistoryTests.repository, dispatcher: dispatcher,
                                            now: { Self.now })
        presenter.layout(width: 80, height: 20)
        presenter.didAppear()
        await presenter.pageTask?.value
        dispatcher.runPending()
        #expect(presenter.handle(.confirm))
        #expect(presenter.commitTask != nil, "the stored commit is read off the UI thread")
        await presenter.commitTask?.value
        dispatcher.runPending()
        #expect(presenter.state.commit?.rendered?.lines.count ?? 0 >= CommitDetailScreenState.renderedAtOnce)
        #expect(presenter.renderTask != nil)
        #expect(presenter.handle(.end), "keys are answered meanwhile")
        await presenter.renderTask?.value
        dispatcher.runPending()
        #expect(presenter.renderTask == nil)
        #expect(presenter.state.commit?.lineCount == CommitDetailRenderer.render(detail, width: 80, now: Self.now).lines.count)
        #expect(presenter.handle(.end))
        #expect(presenter.window().lines.contains { line in
            if case .markdown(let styled) = line { return styled.text.contains("new 99") }
            return false
        })
        #expect(service.recorded.allSatisfy { !$0.hasPrefix("commit ") }, "read from the store")
    }
}
