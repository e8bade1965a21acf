import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
@testable import Features

@Suite("Shared row formatting")
struct SharedFormattingTests {
    @Test("a repository row: name, sanitized text, short stars, the missing language as asked")
    func repositoryRow() {
        let repository = Repository(id: 1, name: "tetris\u{1b}[31m", fullName: "octo/tetris", ownerLogin: "octo",
                                    description: "A game\nin two lines", language: nil, stargazersCount: 12_345)
        let row = RepositoryRowState(repository, missingLanguage: "—", isFavourite: true)
        #expect(!row.name.contains("\u{1b}"))
        #expect(row.name.hasPrefix("tetris"))
        #expect(!row.description.contains("\n"))
        #expect(row.language == "—")
        #expect(row.stars == "12.3k")
        #expect(row.isFavourite)
        let full = RepositoryRowState(Sample.repository(3, language: "Swift"), naming: .fullName)
        #expect(full == RepositoryRowState(name: "octo/repo-0003", description: "Repository number 3",
                                           language: "Swift", stars: "0"))
        #expect(RepositoryRowState(Sample.repository(3, language: nil)).language == "")
    }

    @Test("a commit line: short SHA, first line, author, age to the injected now")
    func commitLine() {
        let commit = Commit(sha: "0123456789abcdef", message: "Fix the thing\n\nLong story", authorName: "Mona\u{7}",
                            date: Sample.now.addingTimeInterval(-3 * 3600))
        let line = CommitLineState(commit, now: Sample.now)
        #expect(line.sha == "0123456")
        #expect(line.summary == "Fix the thing")
        #expect(line.author.hasPrefix("Mona"))
        #expect(!line.author.contains("\u{7}"))
        #expect(line.age == "3 h ago")
        let undated = CommitLineState(Commit(sha: "abc", message: "m", authorName: "a"), now: Sample.now)
        #expect(undated.age == "")
        let hostile = CommitLineState(Commit(sha: "\u{1b}]0;x\u{7}", message: "m", authorName: "a"), now: Sample.now)
        #expect(!hostile.sha.contains("\u{1b}"))
    }

    @Test("the notes said instead of commits: one rule for empty, failures keep what is shown")
    func commitNotes() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(CommitsState.loading.note(spinner: "⠋")?.text == "⠋ loading commits…")
        #expect(CommitsState.loading.note(spinner: nil)?.text == "loading commits…")
        let empty = StoredCommits(commits: [], fetchedAt: now, isEmptyRepository: false)
        #expect(CommitsState.stored(empty).note(spinner: nil)?.text == "No commits yet")
        let emptyRepository = StoredCommits(commits: [Commit(sha: "abc", message: "m", authorName: "a")], fetchedAt: now, isEmptyRepository: true)
        #expect(CommitsState.stored(emptyRepository).note(spinner: nil)?.text == "No commits yet")
        #expect(CommitsState.stored(emptyRepository).commits == [])
        let failed = CommitsState.loading.applying(.failed(.network), at: now)
        #expect(failed?.note(spinner: nil)?.text == "Could not load commits (network error) — r retries")
        #expect(failed?.note(spinner: nil)?.isError == true)
        let one = [Commit(sha: "abc", message: "m", authorName: "a")]
        let shown = CommitsState.loading.applying(.loaded(one), at: now)
        #expect(shown?.commits == one)
        #expect(shown?.note(spinner: nil) == nil)
        #expect(shown?.applying(.failed(.network), at: now) == nil, "a failure keeps the commits shown")
        #expect(shown?.applying(.cancelled, at: now) == nil)
        #expect(CommitsState.loading.applying(.empty, at: now)?.note(spinner: nil)?.text == "No commits yet")
    }

    @Test("short reasons name each kind of failure in a few words")
    func shortReasons() {
        #expect(GitHubError.network.shortReason == "network error")
        #expect(GitHubError.notFound.shortReason == "repository not found")
        #expect(GitHubError.unauthorized.shortReason == "bad credentials")
        #expect(GitHubError.rateLimited(resetAt: nil).shortReason == "rate limit reached")
        #expect(GitHubError.http(status: 502, message: "x").shortReason == "HTTP 502")
        #expect(GitHubError.decoding("x").shortReason == "unreadable answer")
        #expect(GitHubError.invalidLogin("-").shortReason == "invalid name")
    }

    @Test("a 410 with words (GitHub's disabled issues, the demo's \"not in the demo\") is a note in those words, not a failure")
    func goneIsANote() {
        let gone = GitHubError.http(status: 410, message: "not in the demo data")
        #expect(gone.goneNote == "Not in the demo data")
        #expect(gone.shortReasonOrMessage == "Not in the demo data")
        #expect(GitHubError.http(status: 410, message: nil).goneNote == nil)
        #expect(GitHubError.http(status: 404, message: "gone").goneNote == nil)
        #expect(GitHubError.notFound.goneNote == nil)
        var load = ListLoad<GitHubEntities.Issue>()
        load.fail(gone)
        let note = load.note(isEmpty: true, now: Date(), failed: { "Could not load (\($0))" }, loading: "loading", empty: "empty",
                             loadingMore: "more", stored: { $0 })
        #expect(note?.text == "Not in the demo data" && note?.isError == false)
        load.fail(.network)
        #expect(load.note(isEmpty: true, now: Date(), failed: { "Could not load (\($0))" }, loading: "", empty: "", loadingMore: "",
                          stored: { $0 })?.isError == true)
    }
}
