import Foundation
import GitHubAPI
import GitHubEntities
import MarkdownRendering
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

@Suite("README links: where a link leads")
struct GitHubLinkTests {
    @Test("Repositories: plain, .git, /blob and /tree, a query, a fragment, a trailing slash, any case, www")
    func repositories() {
        let expected = LinkTarget.repository(owner: "sferik", name: "active_admin")
        for link in ["https://github.com/sferik/active_admin", "https://github.com/sferik/active_admin/",
                     "https://github.com/sferik/active_admin.git", "https://github.com/sferik/active_admin#readme",
                     "https://github.com/sferik/active_admin?tab=readme", "https://github.com/sferik/active_admin/tree/master",
                     "https://github.com/sferik/active_admin/blob/master/lib/a.rb#L3", "HTTPS://GitHub.COM/sferik/active_admin",
                     "https://www.github.com/sferik/active_admin", "http://github.com/sferik/active_admin",
                     "https://github.com:443/sferik/active_admin"] {
            #expect(GitHubLink.classify(link) == expected, "\(link)")
        }
        #expect(GitHubLink.classify("https://github.com/a-b/.github") == .repository(owner: "a-b", name: ".github"))
        #expect(GitHubLink.classify("https://ghe.example/octo/repo", host: GitHubHost("ghe.example")!) == .repository(owner: "octo", name: "repo"))
    }

    @Test("Owners: one segment that is a valid login and not one of GitHub's own pages")
    func owners() {
        #expect(GitHubLink.classify("https://github.com/sferik") == .owner("sferik"))
        #expect(GitHubLink.classify("https://github.com/sferik/") == .owner("sferik"))
        #expect(GitHubLink.classify("https://github.com/sferik?tab=repositories") == .owner("sferik"))
        for reserved in ["settings", "orgs", "topics", "marketplace", "features", "about", "Explore", "login", "sponsors", "search"] {
            let link = "https://github.com/\(reserved)"
            #expect(GitHubLink.classify(link) == .browser(link), "\(reserved)")
        }
        #expect(GitHubLink.classify("https://github.com/orgs/square/repositories") == .browser("https://github.com/orgs/square/repositories"))
    }

    @Test("Other GitHub pages, other hosts and look-alikes go to the browser")
    func browser() {
        for link in ["https://github.com/sferik/active_admin/issues/1", "https://github.com/sferik/active_admin/pulls",
                     "https://github.com/sferik/active_admin/actions", "https://github.com", "https://github.com/",
                     "https://gist.github.com/sferik", "https://github.com.evil.example/sferik/x",
                     "https://evil.example/github.com/sferik/x", "https://github.com:8443/sferik/x",
                     "https://github.com./sferik/x", "https://blog.twitter.com/developer",
                     "https://github.com/-bad-/x", "https://github.com/a--b/x", "https://github.com/sferik/..",
                     "https://github.com/sferik/na%20me", "https://github.com/%73ferik/x", "https://github.com//sferik/x",
                     "https://github.com/日本/x",
                     "https://github.com/\(String(repeating: "a", count: 40))/x",
                     "https://github.com/sferik/\(String(repeating: "r", count: 101))"] {
            #expect(GitHubLink.classify(link) == .browser(link), "\(link)")
        }
        // Not the app's host (an Enterprise app: github.com is just the web).
        #expect(GitHubLink.classify("https://github.com/a/b", host: GitHubHost("ghe.example")!) == .browser("https://github.com/a/b"))
    }

    @Test("Random links built from tricky pieces: never a crash; what opens in the app has valid names on the host itself")
    func randomPieces() {
        let pieces = ["https://", "http://", "github.com", "www.github.com", "GITHUB.COM", "evil.example", "@", ":", ":443",
                      "/", "//", "sferik", "active_admin", ".git", "blob", "tree", "issues", "settings", "#", "?", "%2F",
                      "..", ".", "-", "日本", "\u{1B}", " ", "\u{202E}", "a", "1"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let link = (0..<Int.random(in: 1...9, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            switch GitHubLink.classify(link) {
            case .repository(let owner, let name):
                #expect(OwnerLogin.isValid(owner) && RepositoryName.isValid(name), "\(link)")
                #expect(["github.com", "www.github.com"].contains(WebAddress(link)?.host), "\(link)")
            case .owner(let owner):
                #expect(OwnerLogin.isValid(owner) && !GitHubLink.reservedSegments.contains(owner.lowercased()), "\(link)")
                #expect(["github.com", "www.github.com"].contains(WebAddress(link)?.host), "\(link)")
            case .browser(let address):
                #expect(address == link && WebAddress(link) != nil, "\(link)")
                #expect(!link.unicodeScalars.contains { $0.value < 0x21 }, "\(link)")
            case .unsupported:
                break
            }
        }
    }

    @Test("Hostile and non-web links open nothing")
    func unsupported() {
        for link in ["javascript:alert(1)", "mailto:a@example.com", "file:///etc/passwd", "ftp://github.com/a/b", "",
                     "github.com/a/b", "//github.com/a/b", "https://user@github.com/a/b", "https://github.com@evil.example/a/b",
                     "https://github.com/a/b\u{1B}]0;x\u{07}", "https://github.com/a/b c", "https://github.com/a\n/b",
                     "https:///a/b", "https://[::1/a", "https://github.com:99999/a/b", "--help",
                     "https://github.com/" + String(repeating: "a/", count: 2_000)] {
            #expect(GitHubLink.classify(link) == .unsupported, "\(link.prefix(60))")
        }
    }
}

@Suite("Document search: matches on the rendered text")
struct DocumentSearchTests {
    @Test("Case-insensitive, not overlapping, in columns: wide characters count two")
    func matches() {
        let lines: [StyledLine?] = [
            StyledLine([Span("Gone "), Span("gone", style: .bold), Span(" GONE")]),
            nil,
            StyledLine([Span("日本語 gone 🚀 gone")]),
            StyledLine([Span("aaaa")]),
        ]
        #expect(DocumentSearch.matches(of: "gOnE", in: lines) == [
            TextMatch(line: 0, column: 0, width: 4), TextMatch(line: 0, column: 5, width: 4), TextMatch(line: 0, column: 10, width: 4),
            TextMatch(line: 2, column: 7, width: 4), TextMatch(line: 2, column: 15, width: 4),
        ])
        #expect(DocumentSearch.matches(of: "本語", in: lines) == [TextMatch(line: 2, column: 2, width: 4)])
        #expect(DocumentSearch.matches(of: "aa", in: lines) == [TextMatch(line: 3, column: 0, width: 2), TextMatch(line: 3, column: 2, width: 2)])
        #expect(DocumentSearch.matches(of: "", in: lines) == [])
        #expect(DocumentSearch.matches(of: "\u{1B}[2J", in: lines) == [], "control characters are not searched for")
        #expect(DocumentSearch.matches(of: "absent", in: lines) == [])
    }

    @Test("Decorating splits spans at a match (a style run) and marks the selected link; the text is unchanged")
    func decorate() {
        let line = StyledLine([Span("see 日本 docs", style: .plain), Span("[3]", style: Style(foreground: .blue), link: 3)])
        let decorated = DocumentSearch.decorate(line, highlights: [.init(columns: 4..<8, isCurrent: true)], selectedLink: 3)
        #expect(decorated.text == line.text)
        #expect(decorated.spans == [
            Span("see ", style: .plain),
            Span("日本", style: Style(attributes: [.reverse, .bold, .underline])),
            Span(" docs", style: .plain),
            Span("[3]", style: Style(foreground: .blue, attributes: [.reverse, .bold]), link: 3),
        ])
        #expect(DocumentSearch.decorate(line, highlights: [], selectedLink: nil) == line)
    }
}

/// A README with links to another repository, an owner, the web, this repository's file, and many
/// mentions of "gone" to search.
enum LinkSample {
    static let readme = """
    # Sample

    Gone is the word. [Other repository](https://github.com/octocat/hello-world/tree/main) and
    [the owner](https://github.com/octocat), [the web](https://example.com/page), [our licence](LICENSE),
    [mail](mailto:a@example.com) and [an issue](https://github.com/octocat/hello-world/issues/1).

    \((1...30).map { "Line \($0)." }.joined(separator: "\n\n"))

    Still gone. And GONE again: 日本語 gone.
    """

    static let other = Repository(id: 7, name: "hello-world", fullName: "octocat/hello-world", ownerLogin: "octocat",
                                  description: "Another one", htmlURL: "https://github.com/octocat/hello-world")
}

@Suite("Repository detail: search and links in the README")
@MainActor
struct RepoDetailLinkTests {
    @MainActor
    struct Opened {
        let presenter: RepoDetailPresenter
        let view: SpyRepoDetailView
        let router: SpyRepoDetailRouter
        let dispatcher: CollectingDispatcher
        let service: ScriptedGitHubService
        let opener: SpyURLOpener
        let store: SQLiteStore

        var status: String? { view.last?.status }
        var text: [String] { view.last?.lines.map(RepoDetailPresenterTests.Harness.text) ?? [] }
        var position: String { view.last?.position ?? "" }

        /// Runs the follow (or open) request and delivers its answer.
        func finish() async {
            await presenter.followTask?.value
            await presenter.openTask?.value
            dispatcher.runPending()
        }
    }

    /// The overlay of DetailSample.repository showing the sample README, 10 lines high.
    func open(readme: String = LinkSample.readme, height: Int = 10) async throws -> Opened {
        let service = ReadmeGitHubService(.success(readme))
        service.script.withLock { $0.repositories["octocat/hello-world"] = LinkSample.other }
        service.script.withLock { $0.owners["octocat"] = ScreenSample.octocat }
        let store = try SQLiteStore.inMemory()
        let opener = SpyURLOpener(executables: ["/usr/bin/xdg-open"])
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: service, store: store,
                                              opener: opener, clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: ["PATH": "/usr/bin"], now: { DetailSample.now })
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoDetailView()
        let router = SpyRepoDetailRouter()
        let presenter = RepoDetailPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        presenter.view = view
        presenter.viewDidChangeContentSize(width: 72, height: height)
        presenter.viewDidLoad()
        presenter.handle(.toggleReadme)
        await presenter.readmeTask?.value
        dispatcher.runPending()
        return Opened(presenter: presenter, view: view, router: router, dispatcher: dispatcher, service: service,
                      opener: opener, store: store)
    }

    func type(_ text: String, into presenter: RepoDetailPresenter) {
        for character in text { presenter.handle(.editSearch(.insert(String(character)))) }
    }

    @Test("/ opens the field; typing highlights and scrolls to the first match at or below the top; Enter keeps; n/N wrap; Esc clears")
    func search() async throws {
        let o = try await open()
        o.presenter.handle(.end)
        o.presenter.handle(.home)
        for _ in 1...4 { o.presenter.handle(.scrollDown) } // the top line is now below the first "Gone"
        o.presenter.handle(.startSearch)
        #expect(o.view.last?.searchField != nil)
        #expect(o.view.last?.footer.map(\.keys) == ["Enter", "Esc", "Ctrl-C"])
        type("gone", into: o.presenter)
        #expect(o.view.last?.searchField?.text == "gone")
        o.presenter.handle(.submitSearch)
        #expect(o.view.last?.searchField == nil)
        #expect(o.status == "2/4 matches")
        #expect(o.text.contains { $0.hasPrefix("Still gone.") }, "scrolled to the match below the top")
        o.presenter.handle(.nextMatch)
        #expect(o.status == "3/4 matches")
        o.presenter.handle(.nextMatch)
        #expect(o.status == "4/4 matches")
        o.presenter.handle(.nextMatch)
        #expect(o.status == "1/4 matches", "wraps to the first")
        #expect(o.position.hasPrefix("4–"), "the first match's line is at the top")
        o.presenter.handle(.previousMatch)
        #expect(o.status == "4/4 matches", "and back to the last")
        // The current match is highlighted more than the others.
        let highlighted = o.view.last?.lines.compactMap { line -> [Attributes]? in
            guard case .markdown(let styled) = line else { return nil }
            return styled.spans.map(\.style.attributes).filter { $0.contains(.reverse) }
        }.flatMap { $0 } ?? []
        #expect(highlighted.filter { $0.contains(.underline) }.count == 1)
        #expect(highlighted.count == 3, "the three matches of the last line")
        // Esc clears the search (not the overlay); the next Esc closes.
        o.presenter.handle(.close)
        #expect(o.router.closeCount == 0)
        o.presenter.handle(.nextMatch)
        #expect(o.status == nil)
        #expect(o.view.last?.lines.allSatisfy { line in
            guard case .markdown(let styled) = line else { return true }
            return styled.spans.allSatisfy { !$0.style.attributes.contains(.reverse) }
        } == true)
        o.presenter.handle(.close)
        #expect(o.router.closeCount == 1)
    }

    @Test("No match says so; Esc in the field clears; / is only for the README")
    func noMatch() async throws {
        let o = try await open()
        o.presenter.handle(.startSearch)
        type("zebra", into: o.presenter)
        o.presenter.handle(.submitSearch)
        #expect(o.status == "no match for “zebra”")
        o.presenter.handle(.nextMatch)
        #expect(o.status == "no match for “zebra”")
        o.presenter.handle(.startSearch)
        #expect(o.view.last?.searchField?.text == "zebra", "the kept query is edited again")
        o.presenter.handle(.cancelSearch)
        #expect(o.view.last?.searchField == nil)
        o.presenter.handle(.nextMatch)
        #expect(o.status == nil)
        o.presenter.handle(.toggleReadme)
        o.presenter.handle(.startSearch)
        #expect(o.view.last?.searchField == nil)
        #expect(o.router.closeCount == 0)
    }

    @Test("A kept search belongs to the README: in the details Esc closes the overlay; back in the README it is there again")
    func searchAndDetails() async throws {
        let o = try await open()
        o.presenter.handle(.startSearch)
        type("line 2", into: o.presenter)
        o.presenter.handle(.submitSearch)
        #expect(o.status == "1/11 matches")
        o.presenter.handle(.toggleReadme)
        o.presenter.handle(.nextMatch)
        #expect(o.status == nil)
        o.presenter.handle(.toggleReadme)
        o.presenter.handle(.nextMatch)
        #expect(o.status == "2/11 matches")
        o.presenter.handle(.toggleReadme)
        o.presenter.handle(.close)
        #expect(o.router.closeCount == 1)
    }

    @Test("A typed number and Enter follow a link to another repository: fetched when not stored, opened over this overlay")
    func followNumberToRepository() async throws {
        let o = try await open()
        o.presenter.handle(.choose(1))
        #expect(o.status == "Link [1] — Enter follows it, Esc cancels")
        o.presenter.handle(.confirm)
        #expect(o.status == "Opening octocat/hello-world…")
        await o.finish()
        #expect(o.service.recorded("repo") == ["repo octocat/hello-world"])
        #expect(o.router.shownRepositories == ["octocat/hello-world"])
        #expect(o.router.closeCount == 0)

        // Stored: no request.
        try o.store.replaceRepositories([LinkSample.other], ownerLogin: "octocat", fetchedAt: DetailSample.now)
        o.presenter.handle(.choose(1))
        o.presenter.handle(.confirm)
        await o.finish()
        #expect(o.service.recorded("repo").count == 1)
        #expect(o.router.shownRepositories == ["octocat/hello-world", "octocat/hello-world"])
    }

    @Test("A repository that cannot be fetched says why and stays here; Esc cancels a typed number; unknown numbers say so")
    func followFailures() async throws {
        let o = try await open()
        o.service.script.withLock { $0.repositories = [:] }
        o.presenter.handle(.choose(1))
        o.presenter.handle(.confirm)
        await o.finish()
        #expect(o.status == "Could not open octocat/hello-world: repository not found")
        #expect(o.router.shownRepositories.isEmpty)
        o.presenter.handle(.choose(4))
        o.presenter.handle(.choose(2))
        #expect(o.status == "Link [42] — Enter follows it, Esc cancels")
        o.presenter.handle(.close)
        #expect(o.router.closeCount == 0, "Esc cancels the number first")
        #expect(o.status == nil)
        o.presenter.handle(.choose(9))
        o.presenter.handle(.confirm)
        #expect(o.status == "No link [9]")
        o.presenter.handle(.choose(5))
        o.presenter.handle(.confirm)
        #expect(o.status == "Not a web address: mailto:a@example.com")
        #expect(o.opener.commands.isEmpty)
    }

    @Test("An owner's link opens that owner's list; another repository's issue opens in that repository's view; the web and this repository's files go to the browser")
    func followOwnerAndBrowser() async throws {
        let o = try await open()
        o.presenter.handle(.choose(2))
        o.presenter.handle(.confirm)
        #expect(o.status == "Opening octocat…")
        await o.finish()
        #expect(o.router.openedOwners == ["octocat"])
        #expect(o.service.recorded("owner") == ["owner octocat"])

        for number in [3, 4] {
            o.presenter.handle(.choose(number))
            o.presenter.handle(.confirm)
            await o.finish()
        }
        #expect(o.opener.commands == [
            ["/usr/bin/xdg-open", "https://example.com/page"],
            ["/usr/bin/xdg-open", "https://github.com/octocat/github-tui/blob/main/LICENSE"],
        ])
        o.presenter.handle(.choose(6))
        o.presenter.handle(.confirm)
        #expect(o.status == "Opening octocat/hello-world#1…")
        await o.finish()
        #expect(o.router.shownIssues == ["octocat/hello-world#1"])
        #expect(o.service.recorded("repo").last == "repo octocat/hello-world")
        #expect(o.opener.commands.count == 2)
        #expect(o.router.shownRepositories.isEmpty)
    }

    @Test("Tab/Shift-Tab select the links on screen in turn (wrapping), highlighted; Enter follows the selected one")
    func tabSelection() async throws {
        let o = try await open()
        o.presenter.handle(.nextLink)
        #expect(o.presenter.selectedLink == 1)
        #expect(o.status == "[1] https://github.com/octocat/hello-world/tree/main — Enter follows it")
        let selected = o.view.last?.lines.flatMap { line -> [Span] in
            guard case .markdown(let styled) = line else { return [] }
            return styled.spans.filter { $0.style.attributes.contains([.reverse, .bold]) }
        }.map(\.text).joined()
        #expect(selected == "Other repository[1]")
        o.presenter.handle(.nextLink)
        #expect(o.presenter.selectedLink == 2)
        o.presenter.handle(.previousLink)
        o.presenter.handle(.previousLink)
        #expect(o.presenter.selectedLink == 6, "wraps to the last link on screen")
        o.presenter.handle(.nextLink)
        #expect(o.presenter.selectedLink == 1)
        o.presenter.handle(.confirm)
        await o.finish()
        #expect(o.router.shownRepositories == ["octocat/hello-world"])

        // Scrolled away: the selection is not on screen, so Enter follows nothing.
        o.presenter.handle(.pageDown)
        o.presenter.handle(.pageDown)
        o.presenter.handle(.confirm)
        await o.finish()
        #expect(o.router.shownRepositories.count == 1)
        #expect(o.opener.commands.isEmpty)
    }
}

@Suite("Repository detail rendering: README search and links")
@MainActor
struct RepoDetailLinkViewTests {
    /// The list, then the overlay showing the sample README after `configure`, at 80×24.
    func render(configure: (RepoDetailPresenter) -> Void) async throws -> Buffer {
        let listView = RepoDetailViewTests().listView(width: 80, height: 24)
        let dispatcher = CollectingDispatcher()
        let interactor = RepoDetailInteractor(repository: DetailSample.repository, service: ReadmeGitHubService(.success(LinkSample.readme)),
                                              store: try SQLiteStore.inMemory(), opener: SpyURLOpener(),
                                              clipboard: SpyClipboard(), cloner: SpyCloner(),
                                              environment: [:], now: { DetailSample.now })
        let presenter = RepoDetailPresenter(interactor: interactor, router: SpyRepoDetailRouter(), dispatcher: dispatcher,
                                            scheduler: ManualScheduler(), now: { DetailSample.now })
        let view = RepoDetailView(presenter: presenter)
        presenter.view = view
        view.handle(.resize(width: 80, height: 24))
        view.viewDidAppear()
        await presenter.loadTask?.value
        dispatcher.runPending()
        view.handle(.key(.character("R")))
        await presenter.readmeTask?.value
        dispatcher.runPending()
        configure(presenter)
        var buffer = Buffer(width: 80, height: 24)
        listView.render(into: &buffer)
        view.render(into: &buffer)
        return buffer
    }

    @Test("80×24: a kept search, its matches reversed, the current one bold and underlined, the count in the status line")
    func searchHighlighted() async throws {
        let buffer = try await render { presenter in
            presenter.handle(.startSearch)
            for character in "gone" { presenter.handle(.editSearch(.insert(String(character)))) }
            presenter.handle(.submitSearch)
            presenter.handle(.nextMatch)
        }
        assertScreenSnapshot(buffer.snapshot(), named: "detail-80x24-readme-search")
        assertScreenSnapshot(buffer.attributeMask(.reverse), named: "detail-80x24-readme-search-reverse")
        assertScreenSnapshot(buffer.attributeMask(.underline), named: "detail-80x24-readme-search-underline")
    }

    @Test("80×24: the search field in the status line while typing; a selected link reversed")
    func fieldAndSelectedLink() async throws {
        let typing = try await render { presenter in
            presenter.handle(.startSearch)
            for character in "日本" { presenter.handle(.editSearch(.insert(String(character)))) }
        }
        assertScreenSnapshot(typing.snapshot(), named: "detail-80x24-readme-search-field")
        let selected = try await render { presenter in
            presenter.handle(.nextLink)
            presenter.handle(.nextLink)
        }
        assertScreenSnapshot(selected.snapshot(), named: "detail-80x24-readme-selected-link")
        assertScreenSnapshot(selected.attributeMask(.reverse), named: "detail-80x24-readme-selected-link-reverse")
    }

    @Test("Keys: / opens the search; in the field keys type (q is a q), Enter keeps, Esc clears; Tab, digits, Backspace")
    func keys() {
        let spy = RepoDetailViewTests.PresenterSpy()
        let view = RepoDetailView(presenter: spy)
        view.handle(.resize(width: 80, height: 24))
        for key: Key in [.character("/"), .character("n"), .character("N"), .tab, .backTab, .character("0"), .character("7"), .backspace] {
            view.handle(.key(key))
        }
        #expect(spy.actions == [.startSearch, .nextMatch, .previousMatch, .nextLink, .previousLink, .choose(0), .choose(7), .close])
        spy.actions = []
        view.display(RepoDetailViewState(searchField: TextField(text: "x")))
        for key: Key in [.character("q"), .character("/"), .backspace, .left, .enter, .escape, .control("c")] {
            view.handle(.key(key))
        }
        #expect(spy.actions == [.editSearch(.insert("q")), .editSearch(.insert("/")), .editSearch(.deleteBackward),
                                .editSearch(.moveLeft), .submitSearch, .cancelSearch, .quit])
    }
}

/// A long README: its head rendered at once, the whole off the UI thread, the reader kept where they are.
@Suite("Repository detail: a long README")
@MainActor
struct LongReadmeTests {
    static let readme = (0..<3_000).map { "## Part \($0)\n\nText of part \($0) with a [link][home].\n" }.joined(separator: "\n")
        + "\n[home]: https://example.com/\n"

    @Test("The head is shown first; the whole arrives, keeps the reader's line, and a picture's re-layout does not render again")
    func headThenWhole() async throws {
        let o = try await RepoDetailLinkTests().open(readme: Self.readme, height: 20)
        let readme = o.presenter.readme
        #expect(readme.state.lineCount > 50 && readme.state.lineCount < 2_000, "the head: \(readme.state.lineCount) lines")
        let whole = try #require(readme.wholeTask, "the whole is on its way")
        for _ in 0..<5 { o.presenter.handle(.scrollDown) }
        let top = readme.state.offset
        await whole.value
        o.dispatcher.runPending()
        #expect(readme.state.lineCount > 10_000, "the whole: \(readme.state.lineCount) lines")
        #expect(readme.state.offset == top, "the reader's line kept")
        #expect(readme.wholeTask == nil)
        o.presenter.handle(.end)
        #expect(o.text.contains { $0.contains("Text of part 2999") })
        // The content changes (a picture came): laid out again from the whole, at the same place.
        let end = readme.state.offset
        readme.state.contentChanged()
        readme.layOut()
        #expect(readme.wholeTask == nil && readme.state.offset == end && readme.state.lineCount > 10_000)
    }
}
