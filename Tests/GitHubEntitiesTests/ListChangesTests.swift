import Foundation
@testable import GitHubEntities
import Testing

@Suite("What changed since the user last looked: two snapshots compared")
struct ListChangesTests {
    let then = Date(timeIntervalSince1970: 1_700_000_000)
    let later = Date(timeIntervalSince1970: 1_700_086_400)

    func repo(_ id: Int64, _ name: String, stars: Int = 10, forks: Int = 2, pushed: Date? = nil,
              description: String? = "d") -> Repository {
        Repository(id: id, name: name, fullName: "o/\(name)", ownerLogin: "o", description: description,
                   stargazersCount: stars, forksCount: forks, pushedAt: pushed)
    }

    var baseline: ListBaseline {
        ListBaseline(takenAt: then, repositories: [repo(1, "alpha", pushed: then), repo(2, "beta", pushed: then),
                                                   repo(3, "gamma", pushed: then)])
    }

    @Test func theSameListHasNoChanges() {
        let changes = ListChanges.compare(baseline, with: [repo(1, "alpha", pushed: then), repo(2, "beta", pushed: then),
                                                           repo(3, "gamma", pushed: then)])
        #expect(changes.isEmpty)
        #expect(changes.count == 0)
    }

    @Test func aNewRepositoryIsNew() {
        let changes = ListChanges.compare(baseline, with: [repo(1, "alpha", pushed: then), repo(2, "beta", pushed: then),
                                                           repo(3, "gamma", pushed: then), repo(4, "delta")])
        #expect(changes.rows == [4: RowChange(isNew: true)])
        #expect(changes.removed.isEmpty)
    }

    @Test func missingRepositoriesAreRemovedSortedByName() {
        let changes = ListChanges.compare(baseline, with: [repo(2, "beta", pushed: then)])
        #expect(changes.removed.map(\.name) == ["alpha", "gamma"])
        #expect(changes.rows.isEmpty)
        #expect(changes.count == 2)
    }

    @Test func aListNotKnownWholeRemovesNothing() {
        let changes = ListChanges.compare(baseline, with: [repo(2, "beta", pushed: then)], removesMissing: false)
        #expect(changes.isEmpty)
    }

    @Test func aNewerPushIsAPush() {
        let changes = ListChanges.compare(baseline, with: [repo(1, "alpha", pushed: later), repo(2, "beta", pushed: then),
                                                           repo(3, "gamma", pushed: then)])
        #expect(changes.rows == [1: RowChange(pushed: .init(old: then, new: later))])
    }

    @Test func anOlderOrMissingPushIsNoChange() {
        let earlier = then.addingTimeInterval(-60)
        #expect(ListChanges.change(of: repo(1, "alpha", pushed: earlier), from: BaselineEntry(repo(1, "alpha", pushed: then))).isEmpty)
        #expect(ListChanges.change(of: repo(1, "alpha", pushed: nil), from: BaselineEntry(repo(1, "alpha", pushed: then))).isEmpty)
        // A first push of a repository that had none.
        #expect(ListChanges.change(of: repo(1, "alpha", pushed: then), from: BaselineEntry(repo(1, "alpha")))
            == RowChange(pushed: .init(old: nil, new: then)))
    }

    @Test func starsUpAndDownAndForks() {
        let changes = ListChanges.compare(baseline, with: [repo(1, "alpha", stars: 17, pushed: then),
                                                           repo(2, "beta", stars: 4, pushed: then),
                                                           repo(3, "gamma", forks: 5, pushed: then)])
        #expect(changes.rows[1] == RowChange(stars: .init(old: 10, new: 17)))
        #expect(changes.rows[2] == RowChange(stars: .init(old: 10, new: 4)))
        #expect(changes.rows[3] == RowChange(forks: .init(old: 2, new: 5)))
    }

    @Test func renamedKeepsItsIDAndSaysTheOldName() {
        let changes = ListChanges.compare(baseline, with: [repo(1, "alpha2", pushed: then), repo(2, "beta", pushed: then),
                                                           repo(3, "gamma", pushed: then)])
        #expect(changes.rows == [1: RowChange(renamedFrom: "alpha")])
        #expect(changes.removed.isEmpty)
    }

    @Test func aChangedDescriptionCountsAndNilEqualsEmpty() {
        #expect(ListChanges.change(of: repo(1, "a", description: "new"), from: BaselineEntry(repo(1, "a"))).descriptionChanged)
        #expect(ListChanges.change(of: repo(1, "a", description: nil), from: BaselineEntry(repo(1, "a", description: ""))).isEmpty)
    }

    @Test func severalChangesOfOneRow() {
        let now = repo(1, "alpha", stars: 12, forks: 3, pushed: later, description: "x")
        let change = ListChanges.change(of: now, from: BaselineEntry(repo(1, "alpha", pushed: then)))
        #expect(change == RowChange(pushed: .init(old: then, new: later), stars: .init(old: 10, new: 12),
                                    forks: .init(old: 2, new: 3), descriptionChanged: true))
    }
}
