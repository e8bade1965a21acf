#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Hands work from any thread to the UI thread: queued under a lock, then one byte on the loop's
/// wake-up pipe so `poll(2)` returns. This is the only way background work reaches views.
public final class MainQueue: Sendable {
    private let jobs = Mutex<[@Sendable @MainActor () -> Void]>([])
    private let wakeFD: Int32

    init(wakeFD: Int32) { self.wakeFD = wakeFD }

    /// Runs `job` on the UI thread at the loop's next turn.
    public func post(_ job: @escaping @Sendable @MainActor () -> Void) {
        let wasEmpty = jobs.withLock { queue in
            queue.append(job)
            return queue.count == 1
        }
        if wasEmpty {
            var byte: UInt8 = 1
            _ = write(wakeFD, &byte, 1)
        }
    }

    func drain() -> [@Sendable @MainActor () -> Void] {
        jobs.withLock { queue in
            let taken = queue
            queue.removeAll()
            return taken
        }
    }
}

/// The single-threaded UI loop: sleeps in `poll(2)` on the terminal's input, a wake-up pipe and a
/// signal pipe, so it takes no CPU while idle. Timers, posted jobs and signals all run here.
@MainActor
public final class EventLoop: Scheduler {
    /// Where background work posts its results.
    public nonisolated let mainQueue: MainQueue
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var timers: [ScheduledJob] = []
    private var timerCounter = 0
    private var running = false
    private let clock = ContinuousClock()

    public init() throws(SystemCallError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SystemCallError(call: "pipe", errno: errno) }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        mainQueue = MainQueue(wakeFD: wakeWrite)
    }

    isolated deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    public var now: ContinuousClock.Instant { clock.now }

    @discardableResult
    public func schedule(after delay: Duration, _ job: @escaping @MainActor () -> Void) -> any Cancellable {
        timerCounter += 1
        let timer = ScheduledJob(due: clock.now.advanced(by: delay), order: timerCounter, job: job)
        timers.append(timer)
        return timer
    }

    /// Runs until `stop()`.
    /// - Parameters:
    ///   - inputFD: the terminal's input; `onInput` is called when it is readable (read until empty).
    ///   - onSignal: called with each signal number the `SignalRelay` caught.
    ///   - onHangUp: the input was closed (terminal gone).
    ///   - beforeWait: called before each sleep: the place to paint if something changed.
    public func run(
        inputFD: Int32?,
        onInput: () -> Void,
        onSignal: (Int32) -> Void = { _ in },
        onHangUp: () -> Void = {},
        beforeWait: () -> Void = {}
    ) {
        running = true
        while running {
            runDueTimers()
            guard running else { break }
            beforeWait()
            var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let signalFD = SignalRelay.readFD
            if signalFD >= 0 { fds.append(pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)) }
            let inputIndex = fds.count
            if let inputFD { fds.append(pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)) }

            let result = poll(&fds, nfds_t(fds.count), pollTimeout())
            if result < 0 { continue } // EINTR: a signal; its byte is in the signal pipe
            if fds[0].revents != 0 {
                drainPipe(wakeRead)
                for job in mainQueue.drain() { job() }
            }
            if signalFD >= 0, fds[1].revents != 0 {
                for signal in SignalRelay.drain() { onSignal(signal) }
            }
            if inputFD != nil, inputIndex < fds.count {
                let revents = Int32(fds[inputIndex].revents)
                if revents & Int32(POLLIN) != 0 { onInput() }
                else if revents & (Int32(POLLHUP) | Int32(POLLERR) | Int32(POLLNVAL)) != 0 { onHangUp(); running = false }
            }
        }
    }

    /// Ends `run` after the current turn.
    public func stop() { running = false }

    /// Runs posted jobs and due timers once without waiting (for tests).
    public func runPending() {
        drainPipe(wakeRead)
        for job in mainQueue.drain() { job() }
        runDueTimers()
    }

    private func pollTimeout() -> Int32 {
        timers.removeAll { $0.job == nil }
        guard let next = timers.map(\.due).min() else { return -1 }
        let remaining = clock.now.duration(to: next)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: ms)
    }

    private func runDueTimers() {
        let now = clock.now
        let due = timers.filter { $0.job != nil && $0.due <= now }.sorted(by: ScheduledJob.precedes)
        for timer in due {
            let job = timer.job
            timer.job = nil
            job?()
        }
        timers.removeAll { $0.job == nil }
    }

    private func drainPipe(_ fd: Int32) {
        var scratch = [UInt8](repeating: 0, count: 256)
        while read(fd, &scratch, scratch.count) > 0 {}
    }
}

/// A failed system call, with its errno.
public struct SystemCallError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var errno: Int32
    public var description: String { "\(call) failed: \(String(cString: strerror(errno)))" }
}
