import Foundation
import GitHubEntities
@testable import Persistence
import Testing

@Suite("Observation")
struct ObservationTests {
    private struct Delivery: Sendable {
        var snapshot: OwnerListSnapshot
        var onMainThread: Bool
    }

    private func observe(_ store: SQLiteStore, _ login: String) -> (Recorder<Delivery>, any StoreCancellable) {
        let recorder = Recorder<Delivery>()
        let cancellable = store.observeOwnerList(ownerLogin: login) { snapshot in
            recorder.record(Delivery(snapshot: snapshot, onMainThread: Thread.isMainThread))
        }
        return (recorder, cancellable)
    }

    @Test("Several favourite marks are one transaction: observers see them all at once, never a part", arguments: [false, true])
    func favouritesTogether(onDisk: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = onDisk ? SQLiteStore.open(directory: directory.url).store : try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...5), ownerLogin: "octo", fetchedAt: date(10))
        try store.setFavourite(true, repositoryID: 5)
        let (recorder, cancellable) = observe(store, "octo")
        defer { cancellable.cancel() }
        #expect(await recorder.first { $0.snapshot.favouriteIDs == [5] } != nil)
        try store.setFavourites([1: true, 2: true, 3: true, 5: false])
        #expect(await recorder.first { $0.snapshot.favouriteIDs == [1, 2, 3] } != nil)
        try store.setFavourites([2: false, 4: true, 3: true])
        #expect(await recorder.first { $0.snapshot.favouriteIDs == [1, 3, 4] } != nil)
        #expect(recorder.values.map(\.snapshot.favouriteIDs) == [[5], [1, 2, 3], [1, 3, 4]])
        #expect(try store.favouriteIDs() == [1, 3, 4])
        try store.setFavourites([:])
    }

    @Test("delivers the initial value and each change, off the main thread, and stops after cancel",
          arguments: [false, true])
    func deliversChanges(onDisk: Bool) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = onDisk ? SQLiteStore.open(directory: directory.url).store : try SQLiteStore.inMemory()
        try store.replaceRepositories(repositories(1...2), ownerLogin: "octo", fetchedAt: date(10))

        let (recorder, cancellable) = observe(store, "OCTO")
        let initial = await recorder.first { $0.snapshot.repositories.count == 2 }
        #expect(initial?.snapshot.repositories.map(\.id) == [1, 2])
        #expect(initial?.snapshot.listFetchedAt == date(10))

        try store.replaceRepositories(repositories(1...3), ownerLogin: "octo", fetchedAt: date(20))
        let replaced = await recorder.first { $0.snapshot.repositories.count == 3 }
        #expect(replaced?.snapshot.listFetchedAt == date(20))

        try store.setFavourite(true, repositoryID: 3)
        let favoured = await recorder.first { $0.snapshot.favouriteIDs == [3] }
        #expect(favoured != nil)

        try store.saveOwner(Owner(id: 1, login: "Octo", name: "The Octo"), fetchedAt: date(30))
        let owned = await recorder.first { $0.snapshot.owner?.name == "The Octo" }
        #expect(owned?.snapshot.ownerFetchedAt == date(30))

        // Unrelated writes and identical rewrites deliver nothing new: no two consecutive values are equal.
        try store.replaceRepositories(repositories(50...51, owner: "other"), ownerLogin: "other", fetchedAt: date(40))
        try store.setSetting(SettingKey.lastOwner, value: "octo")
        try store.setFavourite(true, repositoryID: 3)

        cancellable.cancel()
        let countAtCancel = recorder.values.count
        try store.replaceRepositories(repositories(1...4), ownerLogin: "octo", fetchedAt: date(50))

        // A second observer sees the write: by then the first one would have seen it too, had it not stopped.
        let (witness, witnessCancellable) = observe(store, "octo")
        defer { witnessCancellable.cancel() }
        #expect(await witness.first { $0.snapshot.repositories.count == 4 } != nil)
        #expect(recorder.values.count == countAtCancel)
        #expect(!recorder.values.contains { $0.snapshot.repositories.count == 4 })

        let values = recorder.values
        #expect(!values.contains { $0.onMainThread })
        for (previous, next) in zip(values, values.dropFirst()) {
            #expect(previous.snapshot != next.snapshot, "duplicate delivered")
        }
    }

    @Test("an owner with nothing stored is observed as empty, then filled by a first page")
    func emptyThenFilled() async throws {
        let store = try SQLiteStore.inMemory()
        let (recorder, cancellable) = observe(store, "new")
        defer { cancellable.cancel() }
        let initial = await recorder.first { _ in true }
        #expect(initial?.snapshot == OwnerListSnapshot())
        try store.upsertRepositories(repositories(1...2, owner: "new"), ownerLogin: "new", startingAt: 0,
                                     fetchedAt: date(1))
        let filled = await recorder.first { !$0.snapshot.repositories.isEmpty }
        #expect(filled?.snapshot.repositories.map(\.id) == [1, 2])
    }

    @Test("releasing the cancellable stops the observation")
    func releasingStops() async throws {
        let store = try SQLiteStore.inMemory()
        var (recorder, cancellable): (Recorder<Delivery>, (any StoreCancellable)?) = observe(store, "octo")
        #expect(await recorder.first { _ in true } != nil)
        cancellable = nil
        _ = cancellable
        let countAtRelease = recorder.values.count
        try store.replaceRepositories(repositories(1...1), ownerLogin: "octo", fetchedAt: date(1))
        let (witness, witnessCancellable) = observe(store, "octo")
        defer { witnessCancellable.cancel() }
        #expect(await witness.first { $0.snapshot.repositories.count == 1 } != nil)
        #expect(recorder.values.count == countAtRelease)
    }
}
