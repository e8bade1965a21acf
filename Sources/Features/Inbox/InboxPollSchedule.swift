import GitHubAPI
import TerminalKit

/// When the inbox asks GitHub again (pure: instants in, durations out; the clock is the scheduler's).
///
/// Never sooner than GitHub's `X-Poll-Interval` after the last request (60 s until it says), raised or
/// lowered as each answer says; a 304 changes nothing but the time; each failure in a row doubles the wait
/// (up to `longestWait`), and an answer ends the back-off.
struct InboxPollSchedule: Equatable {
    /// Until GitHub says otherwise.
    static let defaultInterval: Duration = .seconds(60)
    /// The longest wait after failures.
    static let longestWait: Duration = .seconds(15 * 60)

    /// GitHub's interval (its last `X-Poll-Interval`).
    private(set) var interval: Duration = Self.defaultInterval
    /// Failures since the last answer.
    private(set) var failures = 0
    /// When the last request was sent.
    private(set) var lastAsked: ContinuousClock.Instant?
    /// The `Last-Modified` to send as `If-Modified-Since`.
    private(set) var lastModified: String?

    init(interval: Int? = nil, lastModified: String? = nil) {
        if let interval, interval > 0 { self.interval = .seconds(interval) }
        self.lastModified = lastModified
    }

    /// The wait between two requests now: the interval, doubled for each failure in a row, bounded.
    var wait: Duration {
        var wait = interval
        for _ in 0..<min(failures, 10) where wait < Self.longestWait { wait *= 2 }
        return max(interval, min(wait, Self.longestWait))
    }

    /// How long from `now` until a request may be sent (zero when it may be sent now).
    func delay(at now: ContinuousClock.Instant) -> Duration {
        guard let lastAsked else { return .zero }
        return max(.zero, lastAsked + wait - now)
    }

    /// A request was sent at `now`.
    mutating func asked(at now: ContinuousClock.Instant) {
        lastAsked = now
    }

    /// GitHub answered (a list, or 304): its interval and `Last-Modified` are taken, the back-off ends.
    mutating func answered(_ page: NotificationsPage) {
        failures = 0
        if let seconds = page.pollInterval, seconds > 0 { interval = .seconds(min(seconds, 3_600)) }
        if let lastModified = page.lastModified { self.lastModified = lastModified }
    }

    /// The request failed: the next one waits longer.
    mutating func failed() {
        failures += 1
    }

}

/// Asks for the inbox on the schedule: `poll` is called with the `Last-Modified` to send, and the
/// presenter reports how the request ended. Timers are the scheduler's (the loop's; `ManualScheduler`
/// in tests), so the schedule is tested without waiting.
@MainActor
final class InboxPoller {
    private(set) var schedule: InboxPollSchedule
    private let scheduler: any Scheduler
    private let poll: @MainActor (String?) -> Void
    private var timer: (any Cancellable)?
    /// A request is out.
    private(set) var isAsking = false

    init(scheduler: any Scheduler, schedule: InboxPollSchedule, poll: @escaping @MainActor (String?) -> Void) {
        self.scheduler = scheduler
        self.schedule = schedule
        self.poll = poll
    }

    isolated deinit {
        timer?.cancel()
    }

    /// Asks as soon as the schedule allows: now when the interval has passed, else when it has.
    /// Returns how long that is.
    @discardableResult
    func askSoon() -> Duration {
        guard !isAsking else { return .zero }
        let delay = schedule.delay(at: scheduler.now)
        timer?.cancel()
        if delay == .zero {
            timer = nil
            ask()
        } else {
            timer = scheduler.schedule(after: delay) { [weak self] in self?.ask() }
        }
        return delay
    }

    /// GitHub answered: its interval is taken and the next request waits for it.
    func answered(_ page: NotificationsPage) {
        isAsking = false
        schedule.answered(page)
        scheduleNext()
    }

    /// The request failed: the next one waits longer.
    func failed() {
        isAsking = false
        schedule.failed()
        scheduleNext()
    }

    /// Another list (a filter changed): its own `Last-Modified`, asked at once; GitHub's interval is kept.
    func restart(lastModified: String?) {
        timer?.cancel()
        timer = nil
        isAsking = false
        schedule = InboxPollSchedule(interval: Int(schedule.interval.components.seconds), lastModified: lastModified)
        ask()
    }

    /// Another asked for the same list just now (the inbox screen, for the app-wide count): the next
    /// request waits a whole interval from now, with `lastModified`.
    func othersAsked(interval: Int?, lastModified: String?) {
        timer?.cancel()
        isAsking = false
        schedule = InboxPollSchedule(interval: interval ?? Int(schedule.interval.components.seconds), lastModified: lastModified)
        schedule.asked(at: scheduler.now)
        scheduleNext()
    }

    /// No more requests (the screen goes).
    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func ask() {
        timer = nil
        isAsking = true
        schedule.asked(at: scheduler.now)
        poll(schedule.lastModified)
    }

    private func scheduleNext() {
        timer?.cancel()
        timer = scheduler.schedule(after: schedule.wait) { [weak self] in self?.ask() }
    }
}
