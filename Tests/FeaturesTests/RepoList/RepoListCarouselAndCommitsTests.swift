import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit
import TestSupport
import Testing
@testable import Features

@Suite("Carousel index arithmetic")
struct CarouselArithmeticTests {
    @Test("Left on the first card goes to the last; right on the last goes to the first", arguments: 1...5)
    func wraps(count: Int) {
        #expect(Carousel.index(0, movedBy: -1, count: count) == count - 1)
        #expect(Carousel.index(count - 1, movedBy: 1, count: count) == 0)
        #expect(Carousel.index(0, movedBy: count, count: count) == 0)
        #expect(Carousel.index(0, movedBy: -3 * count - 1, count: count) == count - 1)
    }

    @Test("No cards: index 0, no neighbours")
    func empty() {
        #expect(Carousel.index(0, movedBy: -1, count: 0) == 0)
        #expect(Carousel.neighbours(of: 0, count: 0, leftSlots: 3, rightSlots: 3).left.isEmpty)
    }

    @Test("Neighbours cross the seam and never repeat a card")
    func neighbours() {
        let (left, right) = Carousel.neighbours(of: 0, count: 5, leftSlots: 2, rightSlots: 2)
        #expect(left == [4, 3])
        #expect(right == [1, 2])
        let narrow = Carousel.neighbours(of: 4, count: 5, leftSlots: 1, rightSlots: 1)
        #expect(narrow.left == [3])
        #expect(narrow.right == [0])
        let two = Carousel.neighbours(of: 0, count: 2, leftSlots: 3, rightSlots: 3)
        #expect(two.left.count + two.right.count == 1)
    }
}

@Suite("List: carousel, expansion and lazy commits")
@MainActor
struct RepoListCarouselAndCommitsTests {
    typealias Harness = RepoListPresenterTests.Harness

    func loaded(_ count: Int = 30, height: Int = 10) -> Harness {
        let h = Harness(stored: Sample.snapshot(count))
        h.presenter.viewDidChangeListHeight(height)
        h.presenter.viewDidLoad()
        return h
    }

    @Test("Up from the first repository focuses the carousel; ←/→ wrap; ↓ returns to the list")
    func carouselFocus() {
        let h = loaded()
        #expect(h.view.last?.carousel?.cards.count == 5)
        h.presenter.handle(.moveUp)
        #expect(h.view.last?.carousel?.isFocused == true)
        #expect(h.view.last?.carousel?.current == 0)
        h.presenter.handle(.moveLeft)
        #expect(h.view.last?.carousel?.current == 4)
        h.presenter.handle(.moveRight)
        #expect(h.view.last?.carousel?.current == 0)
        h.presenter.handle(.moveDown)
        #expect(h.view.last?.carousel?.isFocused == false)
        #expect(h.view.last?.selectedRow == 0)
    }

    @Test("Fewer than five repositories give that many cards; Enter on a card opens its detail")
    func fewCards() {
        let h = loaded(3)
        #expect(h.view.last?.carousel?.cards.map(\.name) == ["repo-0001", "repo-0002", "repo-0003"])
        h.presenter.handle(.home)
        h.presenter.handle(.moveLeft)
        h.presenter.handle(.toggleExpand)
        #expect(h.router.details == ["repo-0003"])
    }

    @Test("Enter expands a row to 'loading commits…', which fills in; Enter again collapses")
    func expandCollapse() async {
        let h = loaded()
        h.presenter.handle(.toggleExpand)
        #expect(h.view.last?.lines[1] == .note("loading commits…", isError: false))
        #expect(h.view.last?.rows.first?.commitStatus == .loading)
        await h.presenter.commitTasks.values.first?.value
        h.dispatcher.runPending()
        guard case .commit(let first) = h.view.last?.lines[1] else { Issue.record("no commit line"); return }
        #expect(first.sha == "a1b2c3d")
        #expect(first.summary == "Fix the thing")
        #expect(first.author == "Alice")
        #expect(first.age == "2 h ago")
        #expect(h.view.last?.lines.count == 10)
        #expect(h.view.last?.rows.count == 7)
        h.presenter.handle(.toggleExpand)
        #expect(h.view.last?.rows.count == 10)
        #expect(h.view.last?.rows.first?.commitStatus == .loaded)
    }

    @Test("An empty repository says 'No commits yet'; a failure gives a reason and r retries")
    func emptyAndFailure() async {
        let h = loaded()
        h.interactor.commitOutcome.withLock { $0 = .empty }
        h.presenter.handle(.toggleExpand)
        await h.presenter.commitTasks.values.first?.value
        h.dispatcher.runPending()
        #expect(h.view.last?.lines[1] == .note("No commits yet", isError: false))
        h.presenter.handle(.moveDown)
        h.interactor.commitOutcome.withLock { $0 = .failed(.network) }
        h.presenter.handle(.toggleExpand)
        await h.presenter.commitTasks.values.first?.value
        h.dispatcher.runPending()
        #expect(h.view.last?.lines[3] == .note("Could not load commits (network error) — r retries", isError: true))
        h.interactor.commitOutcome.withLock { $0 = .empty }
        h.presenter.handle(.refresh)
        h.scheduler.advance(by: .milliseconds(150))
        for task in h.presenter.commitTasks.values { await task.value }
        h.dispatcher.runPending()
        #expect(h.view.last?.lines[3] == .note("No commits yet", isError: false))
    }

    @Test("The first screen's rows are asked at once (the loop's next turn); rows scrolled to wait for the settle delay")
    func settle() async {
        let h = loaded(100)
        #expect(h.presenter.commitTasks.isEmpty, "not while the first frame is built")
        h.scheduler.advance(by: .zero)
        #expect(h.presenter.commitTasks.isEmpty, "nor before the store may be read (the loop's next turn)")
        h.dispatcher.runPending()
        h.scheduler.advance(by: .zero)
        // Bounded: at most 4 in flight, the rest queued.
        #expect(Set(h.presenter.commitTasks.keys) == [1, 2, 3, 4])
        #expect(h.presenter.commitLoader.isFirstScreen == false)
        h.presenter.handle(.pageDown)
        h.presenter.handle(.pageDown)
        #expect(h.presenter.commitTasks.isEmpty, "the first screen's requests left with its rows")
        h.scheduler.advance(by: .milliseconds(149))
        #expect(h.presenter.commitTasks.isEmpty)
        h.scheduler.advance(by: .milliseconds(1))
        #expect(h.presenter.commitTasks.count == 4)
        #expect(h.presenter.commitTasks.keys.allSatisfy { $0 > 10 })
    }

    @Test("With the first screen's query sent with the list, its rows ask nothing until it is over, then only what it did not bring")
    func firstScreenQuery() async {
        let h = Harness(stored: OwnerListSnapshot(), now: Sample.now)
        h.interactor.plan.withLock { $0 = FirstScreenPlan(query: .init(rows: 10, order: .name), concurrency: 4) }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()                       // the refresh starts, with the query
        // The list arrives (the store observation) before the refresh is over.
        h.presenter.storeDidChange(Sample.snapshot(30))
        h.scheduler.advance(by: .seconds(1))
        #expect(h.presenter.commitTasks.isEmpty, "waiting for the query, not asking")
        // The query stored rows 1–9; row 10 (not in its answer) is asked at once when it is over.
        let fresh = StoredCommits(commits: [], fetchedAt: Sample.now, isEmptyRepository: true)
        h.interactor.stored.withLock { stored in for id in 1...9 { stored[Int64(id)] = fresh } }
        await h.presenter.refreshTask?.value
        #expect(h.interactor.firstScreenQueries.withLock { $0 } == [.init(rows: 10, order: .name)])
        h.dispatcher.runPending()
        h.scheduler.advance(by: .zero)
        #expect(Array(h.presenter.commitTasks.keys) == [10])
        #expect(h.view.last?.rows.prefix(9).allSatisfy { $0.commitStatus == .empty } == true)
    }

    @Test("Holding ↓ through 1,000 rows requests commits only for rows that settled: about two screens")
    func holdingDown() async {
        let h = loaded(1000)
        h.dispatcher.runPending() // the loop's next turn: the first frame is on screen
        for _ in 0..<999 {
            h.presenter.handle(.moveDown)
            h.scheduler.advance(by: .milliseconds(30))
        }
        // The first screen stayed put while the selection moved inside it, so it settled; nothing since.
        #expect(Set(h.interactor.commitRequests.withLock { $0 }).isSubset(of: Set((1...10).map(Int64.init))))
        h.scheduler.advance(by: .milliseconds(150))
        for task in h.presenter.commitTasks.values { await task.value }
        h.dispatcher.runPending()
        for _ in 0..<5 {
            for task in h.presenter.commitTasks.values { await task.value }
            h.dispatcher.runPending()
        }
        let requested = Set(h.interactor.commitRequests.withLock { $0 })
        #expect(requested.isSuperset(of: Set((991...1000).map(Int64.init))))
        #expect(requested.isSubset(of: Set((1...10).map(Int64.init)).union((991...1000).map(Int64.init))))
    }

    @Test("A row that leaves the screen before its answer has its request cancelled")
    func cancelOnLeave() async {
        let h = loaded(100)
        h.dispatcher.runPending() // the loop's next turn: the first frame is on screen
        h.interactor.commitsHang.withLock { $0 = true }
        h.scheduler.advance(by: .milliseconds(150))
        let inFlight = Array(h.presenter.commitTasks.values)
        #expect(inFlight.count == 4)
        h.presenter.handle(.pageDown)
        h.presenter.handle(.pageDown)
        #expect(h.presenter.commitTasks.isEmpty)
        for task in inFlight { await task.value }
        #expect(Set(h.interactor.cancelledCommitRequests.withLock { $0 }) == [1, 2, 3, 4])
    }

    @Test("Rows whose commits are fresh in the store issue no request; stale ones are revalidated")
    func skipFresh() {
        let h = Harness(stored: Sample.snapshot(30), now: Sample.now)
        let fresh = StoredCommits(commits: [], fetchedAt: Sample.now.addingTimeInterval(-60), isEmptyRepository: true)
        let stale = StoredCommits(commits: [], fetchedAt: Sample.now.addingTimeInterval(-3600), isEmptyRepository: true)
        h.interactor.stored.withLock { stored in
            for id in 1...10 { stored[Int64(id)] = fresh }
            stored[3] = stale
        }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        // The first frame does not read stored commits (no second database connection before it)…
        #expect(h.view.last?.rows.first?.commitStatus == .unknown)
        // …the loop's next turn does.
        h.dispatcher.runPending()
        #expect(h.view.last?.rows.first?.commitStatus == .empty)
        h.scheduler.advance(by: .milliseconds(150))
        #expect(Array(h.presenter.commitTasks.keys) == [3])
    }

    @Test("Stored commits fetched after the repository's last push are current whatever their age; a refresh that brings a newer push asks again")
    func pushedAtRule() throws {
        var snapshot = Sample.snapshot(30)
        for i in snapshot.repositories.indices { snapshot.repositories[i].pushedAt = Sample.now.addingTimeInterval(-3 * 86_400) }
        let h = Harness(stored: snapshot, now: Sample.now)
        // A day old, but fetched two days after the last push.
        let old = StoredCommits(commits: [], fetchedAt: Sample.now.addingTimeInterval(-86_400), isEmptyRepository: true)
        h.interactor.stored.withLock { stored in for id in 1...30 { stored[Int64(id)] = old } }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        h.scheduler.advance(by: .milliseconds(150))
        #expect(h.presenter.commitTasks.isEmpty)
        // The refresh says repo-0002 was pushed an hour ago: once the rows settle, only it is asked.
        snapshot.repositories[1].pushedAt = Sample.now.addingTimeInterval(-3600)
        let deliver = try #require(h.interactor.observer.withLock { $0 })
        deliver(snapshot)
        h.dispatcher.runPending()
        h.scheduler.advance(by: .milliseconds(150))
        #expect(Array(h.presenter.commitTasks.keys) == [2])
    }

    @Test("Below the request reserve, settled rows are not prefetched and the header says so; Enter still loads a row's commits")
    func budgetHoldsBackPrefetch() async throws {
        let h = Harness(stored: Sample.snapshot(30), now: Sample.now)
        h.interactor.prefetchAllowed.withLock { $0 = false }
        h.interactor.limit.withLock { $0 = RateLimit(limit: 60, remaining: 19, reset: Sample.now.addingTimeInterval(1800)) }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        h.scheduler.advance(by: .milliseconds(150))
        #expect(h.presenter.commitTasks.isEmpty)
        #expect(h.interactor.commitRequests.withLock { $0 }.isEmpty)
        #expect(h.view.last?.status.contains("commits on Enter · 19/60 left · set GH_TOKEN or run gh auth login") == true)
        h.presenter.handle(.moveDown)
        h.presenter.handle(.toggleExpand)
        #expect(Array(h.presenter.commitTasks.keys) == [2])
        await h.presenter.commitTasks.values.first?.value
        h.dispatcher.runPending()
        #expect(h.view.last?.lines.contains { if case .commit(let line) = $0 { line.sha == "a1b2c3d" } else { false } } == true)
    }

    @Test("commit_prefetch = \"enter\": settled rows request nothing and the header says nothing; Enter loads a row's commits")
    func prefetchOnEnterOnly() async throws {
        let h = Harness(stored: Sample.snapshot(30), now: Sample.now)
        h.presenter.commitLoader.prefetches = false
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        h.scheduler.advance(by: .milliseconds(150))
        #expect(h.presenter.commitTasks.isEmpty)
        #expect(h.interactor.commitRequests.withLock { $0 }.isEmpty)
        #expect(h.view.last?.status.contains("commits on Enter") == false)
        h.presenter.handle(.moveDown)
        h.presenter.handle(.toggleExpand)
        #expect(Array(h.presenter.commitTasks.keys) == [2])
        await h.presenter.commitTasks.values.first?.value
        h.dispatcher.runPending()
        h.scheduler.advance(by: .milliseconds(150))
        #expect(h.presenter.commitTasks.isEmpty, "only the row asked for")
    }

    @Test("With a token, the settled rows' commits come in one batched request; a repository GitHub does not know fails alone")
    func batched() async throws {
        let h = Harness(stored: Sample.snapshot(30), now: Sample.now)
        h.interactor.batching.withLock { $0 = true }
        h.interactor.unknownInBatch.withLock { $0 = [4] }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        h.scheduler.advance(by: .milliseconds(150))
        #expect(Set(h.presenter.commitTasks.keys) == Set(1...10))
        await h.presenter.commitTasks.values.first?.value
        h.dispatcher.runPending()
        #expect(h.interactor.batchRequests.withLock { $0 } == [Array(1...10)])
        #expect(h.interactor.commitRequests.withLock { $0 }.isEmpty, "no REST request")
        let rows = try #require(h.view.last?.rows)
        #expect(rows.filter { $0.commitStatus == .loaded }.count == 9)
        #expect(rows[3].commitStatus == .failed)
    }

    @Test("Scrolling asks the store for stored commits once per few screens, not on every key")
    func storedCommitsInBatches() {
        let h = Harness(stored: Sample.snapshot(300), now: Sample.now)
        let fresh = StoredCommits(commits: [], fetchedAt: Sample.now.addingTimeInterval(-60), isEmptyRepository: true)
        h.interactor.stored.withLock { stored in for id in 1...300 { stored[Int64(id)] = fresh } }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.dispatcher.runPending()
        let afterFirstFrame = h.interactor.storedCommitLookups.withLock { $0 }
        for _ in 0..<30 { h.presenter.handle(.moveDown) }
        #expect(h.interactor.storedCommitLookups.withLock { $0 } - afterFirstFrame <= 2)
        // Every visible row still shows what the store knows.
        #expect(h.view.last?.rows.allSatisfy { $0.commitStatus == .empty } == true)
        #expect(h.view.last?.rows.count == 10)
    }

    @Test("Near the end of the list the next page is requested, with a spinner row")
    func infiniteScroll() async {
        let h = loaded(30)
        h.interactor.morePages.withLock { $0 = true }
        h.presenter.handle(.end)
        #expect(h.view.last?.lines.last.map { if case .loadingMore = $0 { true } else { false } } == true)
        await h.presenter.pageTask?.value
        #expect(h.interactor.pageLoads.withLock { $0 } == 1)
    }

    @Test("A fresh store: the refresh that says there are more pages, answered before the list is shown, loads no second page")
    func noSecondPageBeforeTheList() async {
        let h = Harness(stored: OwnerListSnapshot(), now: Sample.now)
        h.interactor.morePages.withLock { $0 = true }
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        await h.finishRefresh()
        #expect(h.presenter.pageTask == nil, "nothing on screen, so the selection is near no end")
        h.presenter.storeDidChange(Sample.snapshot(100))
        #expect(h.presenter.pageTask == nil)
        h.presenter.handle(.end)
        await h.presenter.pageTask?.value
        #expect(h.interactor.pageLoads.withLock { $0 } == 1)
    }

    @Test("s cycles the sort order: name, updated, stars")
    func sorting() {
        var snapshot = Sample.snapshot(0)
        snapshot.repositories = [
            Sample.repository(1, name: "banana", stars: 5),
            Sample.repository(2, name: "Apple", stars: 1),
            Sample.repository(3, name: "cherry", stars: 9),
        ]
        let h = Harness(stored: snapshot)
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        #expect(h.view.last?.rows.map(\.name) == ["Apple", "banana", "cherry"])
        h.presenter.handle(.cycleSort)
        #expect(h.view.last?.rows.map(\.name) == ["banana", "Apple", "cherry"]) // updated: newest first (id 1 newest)
        #expect(h.view.last?.subtitle.hasSuffix("by updated") == true)
        h.presenter.handle(.cycleSort)
        #expect(h.view.last?.rows.map(\.name) == ["cherry", "banana", "Apple"])
        h.presenter.handle(.cycleSort)
        #expect(h.presenter.sortOrder == .name)
    }

    @Test("/ filters the loaded repositories instantly; Esc clears the filter")
    func filtering() {
        let h = loaded(30)
        h.presenter.handle(.startFilter)
        #expect(h.view.last?.filter?.isEditing == true)
        h.presenter.filterDidEdit(.insert("repo-001"))
        #expect(h.view.last?.rows.map(\.name) == (10...19).map { String(format: "repo-%04d", $0) })
        #expect(h.view.last?.filter?.matches == 10)
        // The shared text field: the cursor moves, Backspace deletes before it.
        h.presenter.filterDidEdit(.moveLeft)
        h.presenter.filterDidEdit(.deleteBackward)
        #expect(h.view.last?.filter?.text == "repo-01")
        #expect(h.view.last?.filter?.field.cursor == 6)
        h.presenter.filterDidEdit(.clear)
        h.presenter.filterDidEdit(.insert("zzz"))
        #expect(h.view.last?.placeholder == "No repository matches “zzz”.")
        h.presenter.filterDidEnd(keep: false)
        #expect(h.view.last?.filter == nil)
        #expect(h.view.last?.rows.count == 10)
    }

    @Test("Space opens the selected repository's detail through the router")
    func openDetail() {
        let h = loaded()
        h.presenter.handle(.moveDown)
        h.presenter.handle(.openDetail)
        #expect(h.router.details == ["repo-0002"])
        #expect(h.router.detailTabs == [.overview])
    }

    @Test("i opens the selected repository's view on its Issues tab")
    func openIssues() {
        #expect(RepoListKeys.table.action(for: .character("i")) == .openIssues)
        let h = loaded()
        h.presenter.handle(.moveDown)
        h.presenter.handle(.openIssues)
        #expect(h.router.details == ["repo-0002"])
        #expect(h.router.detailTabs == [.issues])
    }
}

@Suite("List: cloned repositories")
@MainActor
struct RepoListClonedTests {
    @Test("Rows with a clone in the clone root show it; a clone made in the overlay shows when the list is on top again")
    func clonedMark() throws {
        let interactor = FakeInteractor(stored: Sample.snapshot(30))
        let dispatcher = CollectingDispatcher()
        let view = SpyRepoListView()
        let cloner = SpyCloner()
        cloner.cloned = ["octo/repo-2"]
        let presenter = RepoListPresenter(interactor: interactor, router: SpyRouter(), dispatcher: dispatcher,
                                          scheduler: ManualScheduler(), isDemo: false, isOffline: true,
                                          cloner: cloner, now: { Sample.now })
        presenter.view = view
        presenter.viewDidChangeListHeight(10)
        presenter.viewDidLoad()
        dispatcher.runPending()
        var rows = try #require(view.last?.rows)
        #expect(rows.filter(\.isCloned).map(\.name) == ["repo-0002"])
        // Moving within the screen looks at the file system no more; a row coming into view is looked at once.
        let looks = cloner.lookedAt.count
        presenter.handle(.moveDown)
        #expect(cloner.lookedAt.count == looks)
        presenter.handle(.pageDown)
        #expect(cloner.lookedAt.count > looks)
        #expect(Set(cloner.lookedAt).count == cloner.lookedAt.count)
        presenter.handle(.home)
        cloner.cloned.insert("octo/repo-5")
        presenter.viewDidReappear()
        rows = try #require(view.last?.rows)
        #expect(rows.filter(\.isCloned).map(\.name) == ["repo-0002", "repo-0005"])
    }
}
