#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

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
    ///   - onHangUp: the input is gone (the terminal hung up: `POLLHUP`, `POLLERR`, end of file);
    ///     the loop ends after it, as it does for SIGHUP.
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
            if let inputFD, inputIndex < fds.count {
                switch Self.inputState(revents: fds[inputIndex].revents, fd: inputFD) {
                case .readable: onInput()
                case .hungUp: onHangUp(); running = false
                case .idle: break
                }
            }
        }
    }

    /// What `poll` said about the input.
    enum InputState: Equatable { case idle, readable, hungUp }

    /// Classifies the input's `revents`: a hang-up or error wins over pending bytes (a vanished
    /// terminal may report both, and its bytes no longer matter), and "readable" with no byte to
    /// read is end of file (a read would return 0). Without this, a loop whose terminal went away
    /// wakes at once forever.
    static func inputState(revents: Int16, fd: Int32) -> InputState {
        let events = Int32(revents)
        if events & (Int32(POLLHUP) | Int32(POLLERR) | Int32(POLLNVAL)) != 0 { return .hungUp }
        guard events & Int32(POLLIN) != 0 else { return .idle }
        var available: Int32 = 0
        if ioctl(fd, UInt(FIONREAD), &available) == 0, available == 0 { return .hungUp }
        return .readable
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
