import Foundation
import GitHubEntities
import Locking
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// A store's baselines in memory: the baseline the test sets, the list as stored now, and what the
/// presenter moved forward. Its changes follow `ListChanges.compare`, as the SQLite store's do.
final class FakeBaselines: ListChangesSource {
    let stored: Mutex<ListBaseline?>
    let list = Mutex<[Repository]>([])
    let seen = Mutex<[String]>([])
    let allSeen = Mutex<[Int]>([])

    init(_ baseline: ListBaseline?) { stored = Mutex(baseline) }

    func changes() -> ListChangesSince? {
        let repositories = list.withLock { $0 }
        return stored.withLock { baseline in
            baseline.map { ListChangesSince(changes: ListChanges.compare($0, with: repositories), since: $0.takenAt) }
        }
    }

    func markSeen(_ repositories: [Repository]) {
        seen.withLock { $0 += repositories.map(\.name) }
        stored.withLock { baseline in
            for repository in repositories { baseline?.entries[repository.id] = BaselineEntry(repository) }
        }
    }

    func markAllSeen(_ repositories: [Repository], at date: Date) {
        allSeen.withLock { $0.append(repositories.count) }
        stored.withLock { $0 = ListBaseline(takenAt: date, repositories: repositories) }
    }
}

@Suite("Repository list: what changed since the user last looked")
@MainActor
struct RepoListChangesTests {
    static let now = Sample.now.addingTimeInterval(300)

    /// The list now: 10 repositories. The baseline, taken a day and a half ago: repo-0003 had 5 stars,
    /// repo-0004 was pushed before its latest push, repo-0010 was not there, and "gone" was.
    static func baseline() -> ListBaseline {
        var repositories = Array(current().prefix(9))
        repositories[2].stargazersCount = 5
        repositories[3].pushedAt = Sample.now.addingTimeInterval(-86_400 * 10)
        repositories.append(Sample.repository(99, name: "gone"))
        return ListBaseline(takenAt: Sample.now.addingTimeInterval(-86_400 * 1.5), repositories: repositories)
    }

    static func current() -> [Repository] {
        var repositories = Sample.repositories(10)
        for index in repositories.indices { repositories[index].pushedAt = Sample.now.addingTimeInterval(-86_400 * 10) }
        repositories[3].pushedAt = Sample.now.addingTimeInterval(-7200)
        return repositories
    }

    static func snapshot() -> OwnerListSnapshot {
        var snapshot = Sample.snapshot(0)
        snapshot.repositories = current()
        return snapshot
    }

    @MainActor
    struct Harness {
        let interactor = FakeInteractor(stored: RepoListChangesTests.snapshot())
        let router = SpyRouter()
        let view = SpyRepoListView()
        let dispatcher = CollectingDispatcher()
        let baselines: FakeBaselines
        let presenter: RepoListPresenter

        init(baseline: ListBaseline? = RepoListChangesTests.baseline()) async {
            baselines = FakeBaselines(baseline)
            presenter = RepoListPresenter(interactor: interactor, router: router, dispatcher: dispatcher,
                                          scheduler: ManualScheduler(), isDemo: false, isOffline: false,
                                          changes: baselines, now: { RepoListChangesTests.now })
            presenter.view = view
            presenter.viewDidChangeListHeight(20)
            baselines.list.withLock { $0 = RepoListChangesTests.current() }
            presenter.viewDidLoad()
            await settle()
            await store(RepoListChangesTests.snapshot())
        }

        /// The list as stored changes: the presenter gets the snapshot, the store's changes follow.
        func store(_ snapshot: OwnerListSnapshot) async {
            baselines.list.withLock { $0 = snapshot.repositories }
            presenter.storeDidChange(snapshot)
            await settle()
        }

        /// Until the store's answers (and the questions they lead to) have all arrived.
        func settle() async {
            dispatcher.runPending()
            while let task = presenter.changeTracker.loadTask {
                await task.value
                dispatcher.runPending()
            }
        }

        var state: RepoListViewState { view.last! }
        func row(_ name: String) -> RepoRowState? { state.rows.first { $0.name == name } }
        func select(_ name: String) {
            while state.rows.first(where: \.isSelected)?.name != name, state.rows.contains(where: { $0.name == name }) {
                presenter.handle(.moveDown)
            }
        }
    }

    @Test("changed rows are marked, the header says how many and since when; unchanged rows are not")
    func marksAndHeader() async {
        let h = await Harness()
        #expect(h.state.status.contains("4 changed since yesterday"), "\(h.state.status)")
        #expect(h.state.rows.filter(\.isChanged).map(\.name) == ["repo-0003", "repo-0004", "repo-0010"])
        #expect(h.row("repo-0001")?.description == "Repository number 1", "marked rows keep their description")
    }

    @Test("no baseline: nothing is marked, and the header says nothing")
    func noBaseline() async {
        let h = await Harness(baseline: nil)
        #expect(!h.state.status.contains("changed"))
        #expect(h.state.rows.filter(\.isChanged).isEmpty)
    }

    @Test("c shows only the changed rows, each saying what changed, then the removed ones; c again shows all")
    func changedOnly() async {
        let h = await Harness()
        h.presenter.handle(.toggleChangedOnly)
        #expect(h.state.rows.map(\.name) == ["repo-0003", "repo-0004", "repo-0010"])
        #expect(h.row("repo-0003")?.description == "★ 5 → 0")
        #expect(h.row("repo-0004")?.description == "pushed 2 h ago")
        #expect(h.row("repo-0010")?.description == "new")
        #expect(h.state.lines.last == .note("removed: gone", isError: false))
        #expect(h.state.position == "1/3")
        h.presenter.handle(.toggleChangedOnly)
        #expect(h.state.rows.count == 10)
        #expect(!h.state.lines.contains(.note("removed: gone", isError: false)))
    }

    @Test("Enter (expanding) looks at a row: its mark goes, its baseline entry moves forward; collapsing changes nothing")
    func expandClears() async {
        let h = await Harness()
        h.select("repo-0003")
        h.presenter.handle(.toggleExpand)
        #expect(h.row("repo-0003")?.isChanged == false)
        #expect(h.baselines.seen.withLock { $0 } == ["repo-0003"])
        #expect(h.state.status.contains("3 changed since yesterday"))
        h.presenter.handle(.toggleExpand)
        #expect(h.baselines.seen.withLock { $0 } == ["repo-0003"])
    }

    @Test("opening a row's details looks at it; in the changed-only view the row stays listed, unmarked")
    func openClears() async {
        let h = await Harness()
        h.presenter.handle(.toggleChangedOnly)
        h.select("repo-0010")
        h.presenter.handle(.openDetail)
        #expect(h.router.details == ["repo-0010"])
        #expect(h.baselines.seen.withLock { $0 } == ["repo-0010"])
        #expect(h.state.rows.map(\.name) == ["repo-0003", "repo-0004", "repo-0010"])
        #expect(h.row("repo-0010")?.isChanged == false)
        #expect(h.row("repo-0010")?.description == "new", "it still says what had changed")
    }

    @Test("C dismisses every mark: the baseline becomes the list now, the changed-only view closes")
    func dismissAll() async {
        let h = await Harness()
        h.presenter.handle(.toggleChangedOnly)
        h.presenter.handle(.dismissChanges)
        #expect(h.baselines.allSeen.withLock { $0 } == [10])
        #expect(!h.state.status.contains("changed"))
        #expect(h.state.rows.count == 10)
        #expect(h.state.rows.filter(\.isChanged).isEmpty)
        // A later refresh compares with the new baseline: only what moved since is marked.
        var snapshot = RepoListChangesTests.snapshot()
        snapshot.repositories[0].stargazersCount = 3
        await h.store(snapshot)
        #expect(h.state.rows.filter(\.isChanged).map(\.name) == ["repo-0001"])
        #expect(h.state.status.contains("1 changed since just now"))
    }

    @Test("the changed-only view with nothing changed says so")
    func nothingChanged() async {
        let h = await Harness(baseline: ListBaseline(takenAt: Sample.now, repositories: RepoListChangesTests.current()))
        h.presenter.handle(.toggleChangedOnly)
        #expect(h.state.rows.isEmpty)
        #expect(h.state.placeholder == "Nothing changed since you last looked")
    }

    @Test("header wording: yesterday between one and two days, else how long ago; German too")
    func headerText() {
        let changes = ListChanges(rows: [1: RowChange(isNew: true)], removed: [BaselineEntry(Sample.repository(2))])
        let now = Sample.now
        #expect(ChangeText.header(changes, since: now.addingTimeInterval(-86_400 * 1.2), now: now) == "2 changed since yesterday")
        #expect(ChangeText.header(changes, since: now.addingTimeInterval(-86_400 * 3), now: now) == "2 changed since 3 d ago")
        #expect(ChangeText.header(changes, since: now.addingTimeInterval(-7200), now: now) == "2 changed since 2 h ago")
        #expect(ChangeText.header(ListChanges(), since: now, now: now) == nil)
        let german = L10n.$override.withValue(.german) {
            ChangeText.header(changes, since: now.addingTimeInterval(-86_400 * 1.2), now: now)
        }
        #expect(german == "2 geändert (Stand gestern)")
    }

    @Test("a row's text: renamed, pushed, stars and forks both ways, description; hostile names sanitized")
    func rowText() {
        let now = Sample.now
        let change = RowChange(pushed: .init(old: nil, new: now.addingTimeInterval(-120)), stars: .init(old: 12, new: 17),
                               forks: .init(old: 1200, new: 900), descriptionChanged: true, renamedFrom: "old\u{1B}[31m")
        let text = Glyphs.$override.withValue(.unicode) { ChangeText.row(change, now: now) }
        #expect(text == "renamed from old[31m · pushed 2 min ago · ★ 12 → 17 · ψ 1.2k → 900 · description changed")
        #expect(ChangeText.row(RowChange(isNew: true, stars: .init(old: 1, new: 2)), now: now) == "new")
    }
}
