import Foundation
import GitHubAPI
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// The inbox's polling: never sooner than GitHub's X-Poll-Interval, raised and lowered as it says, 304s
/// keep the Last-Modified, failures back off. Time is the ManualScheduler's: nothing waits.
@Suite("Inbox polling")
@MainActor
struct InboxPollScheduleTests {
    static func page(interval: Int?, lastModified: String? = nil, notModified: Bool = false) -> NotificationsPage {
        NotificationsPage(threads: [], notModified: notModified, lastModified: lastModified, pollInterval: interval)
    }

    @Test("pure: 60 s until GitHub says; its interval raised and lowered; failures double the wait up to 15 min; an answer ends the back-off")
    func schedule() {
        let start = ContinuousClock.now
        var schedule = InboxPollSchedule()
        #expect(schedule.delay(at: start) == .zero)
        schedule.asked(at: start)
        #expect(schedule.delay(at: start) == .seconds(60))
        #expect(schedule.delay(at: start + .seconds(59)) == .seconds(1))
        #expect(schedule.delay(at: start + .seconds(61)) == .zero)
        schedule.answered(Self.page(interval: 120, lastModified: "A"))
        #expect(schedule.wait == .seconds(120) && schedule.lastModified == "A")
        schedule.answered(Self.page(interval: 30, notModified: true))
        #expect(schedule.wait == .seconds(30) && schedule.lastModified == "A")
        schedule.failed()
        #expect(schedule.wait == .seconds(60))
        schedule.failed()
        #expect(schedule.wait == .seconds(120))
        for _ in 0..<20 { schedule.failed() }
        #expect(schedule.wait == InboxPollSchedule.longestWait)
        schedule.answered(Self.page(interval: nil))
        #expect(schedule.wait == .seconds(30))
        // Nonsense intervals are not taken.
        schedule.answered(Self.page(interval: 0))
        #expect(schedule.wait == .seconds(30))
        #expect(InboxPollSchedule(interval: 90, lastModified: "B").wait == .seconds(90))
    }

    @Test("the poller asks at once, then exactly when the interval has passed, with the last Last-Modified; r early waits")
    func poller() {
        let scheduler = ManualScheduler()
        var asked: [String?] = []
        let poller = InboxPoller(scheduler: scheduler, schedule: InboxPollSchedule(lastModified: "stored")) { asked.append($0) }
        poller.askSoon()
        #expect(asked == ["stored"] && poller.isAsking)
        // A request out: asking again sends nothing more.
        poller.askSoon()
        #expect(asked.count == 1)
        poller.answered(Self.page(interval: 90, lastModified: "L1"))
        scheduler.advance(by: .seconds(89))
        #expect(asked.count == 1)
        // r before the interval: nothing now, the one request when it has passed.
        #expect(poller.askSoon() == .seconds(1))
        #expect(asked.count == 1)
        scheduler.advance(by: .seconds(1))
        #expect(asked == ["stored", "L1"])
        // A 304 keeps the Last-Modified; GitHub lowers the interval.
        poller.answered(Self.page(interval: 45, notModified: true))
        scheduler.advance(by: .seconds(45))
        #expect(asked == ["stored", "L1", "L1"])
        // Failures: 90 s, then 180 s.
        poller.failed()
        scheduler.advance(by: .seconds(89))
        #expect(asked.count == 3)
        scheduler.advance(by: .seconds(1))
        #expect(asked.count == 4)
        poller.failed()
        scheduler.advance(by: .seconds(179))
        #expect(asked.count == 4)
        scheduler.advance(by: .seconds(1))
        #expect(asked.count == 5)
        poller.stop()
        scheduler.advance(by: .seconds(3_600))
        #expect(asked.count == 5)
    }

    @Test("another filter is asked at once with its own Last-Modified, keeping GitHub's interval")
    func restart() {
        let scheduler = ManualScheduler()
        var asked: [String?] = []
        let poller = InboxPoller(scheduler: scheduler, schedule: InboxPollSchedule()) { asked.append($0) }
        poller.askSoon()
        poller.answered(Self.page(interval: 120, lastModified: "unread"))
        poller.restart(lastModified: "all")
        #expect(asked == [nil, "all"])
        #expect(poller.schedule.wait == .seconds(120))
        #expect(scheduler.pendingCount == 0)
    }
}
