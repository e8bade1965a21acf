import Foundation
import GitHubEntities
@testable import Persistence

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("persistence-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

/// Whole seconds plus a fraction that a Double keeps exactly.
func date(_ seconds: Double) -> Date { Date(timeIntervalSince1970: seconds) }

func repository(_ id: Int64, owner: String = "octo", name: String? = nil, stars: Int = 0) -> Repository {
    let name = name ?? "repo-\(id)"
    return Repository(id: id, name: name, fullName: "\(owner)/\(name)", ownerLogin: owner,
                      stargazersCount: stars, htmlURL: "https://github.com/\(owner)/\(name)")
}

func repositories(_ ids: ClosedRange<Int64>, owner: String = "octo") -> [Repository] {
    ids.map { repository($0, owner: owner) }
}

/// Records values delivered on any thread and lets a test wait, bounded, for one that matches.
/// The timeout only bounds a wait that should end as soon as the value arrives.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private struct Waiter {
        var id: UUID
        var predicate: @Sendable (Value) -> Bool
        var continuation: CheckedContinuation<Value?, Never>
    }

    private let lock = NSLock()
    private var storage: [Value] = []
    private var waiters: [Waiter] = []

    var values: [Value] { lock.withLock { storage } }

    func record(_ value: Value) {
        let ready: [Waiter] = lock.withLock {
            storage.append(value)
            let ready = waiters.filter { $0.predicate(value) }
            waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
            return ready
        }
        for waiter in ready { waiter.continuation.resume(returning: value) }
    }

    /// The first recorded value matching `predicate`, waiting up to `timeout` for it; nil on timeout.
    func first(timeout: Duration = .seconds(10),
               where predicate: @escaping @Sendable (Value) -> Bool) async -> Value? {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            let existing: Value? = lock.withLock {
                if let value = storage.first(where: predicate) { return value }
                waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
                return nil
            }
            if let existing {
                continuation.resume(returning: existing)
                return
            }
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
        }
    }

    private func expire(_ id: UUID) {
        let expired: Waiter? = lock.withLock {
            guard let index = waiters.firstIndex(where: { $0.id == id }) else { return nil }
            return waiters.remove(at: index)
        }
        expired?.continuation.resume(returning: nil)
    }
}
