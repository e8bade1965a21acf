#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one lock type of the project: a value guarded by a `pthread_mutex_t`, used like the standard
/// library's `Synchronization.Mutex` (`withLock { $0 … }`).
///
/// Not `Synchronization.Mutex`: on Linux that one waits with raw `futex` calls, which ThreadSanitizer
/// does not see, so every value it guards is reported as a race (`scripts/test --sanitize thread`
/// would be useless). ThreadSanitizer intercepts `pthread_mutex_lock`, so this lock keeps its reports
/// meaningful. A class, so it can be captured and shared without the move-only rules.
public final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, holding the lock.
    @inline(__always)
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
