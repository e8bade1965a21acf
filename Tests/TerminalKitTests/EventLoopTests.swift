import Testing
@testable import TerminalKit

@MainActor
final class Flag { var value = false }

@Suite("Event loop and schedulers")
@MainActor
struct EventLoopTests {
    @Test("A job posted from another thread wakes the loop, which runs it on the main thread")
    func postWakesLoop() throws {
        let loop = try EventLoop()
        let queue = loop.mainQueue
        let flag = Flag()
        Task.detached {
            queue.post { flag.value = true; loop.stop() }
        }
        loop.run(inputFD: nil, onInput: {})
        #expect(flag.value)
    }

    @Test("Timers fire in order; a cancelled timer never fires")
    func timers() throws {
        let loop = try EventLoop()
        var fired: [Int] = []
        loop.schedule(after: .milliseconds(2)) { fired.append(2) }
        loop.schedule(after: .milliseconds(1)) { fired.append(1) }
        let cancelled = loop.schedule(after: .milliseconds(1)) { fired.append(99) }
        cancelled.cancel()
        loop.schedule(after: .milliseconds(3)) { loop.stop() }
        loop.run(inputFD: nil, onInput: {})
        #expect(fired == [1, 2])
    }

    @Test("The loop reports readable input and paints before each wait")
    func input() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var byte: UInt8 = 65
        _ = write(fds[1], &byte, 1)
        var inputs = 0, paints = 0
        loop.run(inputFD: fds[0], onInput: {
            inputs += 1
            var scratch: UInt8 = 0
            _ = read(fds[0], &scratch, 1)
            loop.stop()
        }, beforeWait: { paints += 1 })
        #expect(inputs == 1)
        #expect(paints == 1)
    }

    @Test("A closed input ends the loop instead of spinning")
    func hangUp() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        close(fds[1])
        var hungUp = false
        var inputs = 0
        loop.run(inputFD: fds[0], onInput: {
            inputs += 1
            var scratch: UInt8 = 0
            if read(fds[0], &scratch, 1) == 0 { loop.stop(); hungUp = true }
        }, onHangUp: { hungUp = true })
        close(fds[0])
        #expect(hungUp)
        #expect(inputs <= 1)
    }

    @Test("The manual scheduler runs due jobs only when time is advanced")
    func manualScheduler() {
        let scheduler = ManualScheduler()
        var log: [String] = []
        scheduler.schedule(after: .milliseconds(150)) { log.append("settled") }
        scheduler.schedule(after: .milliseconds(100)) { log.append("first") }
        let cancelled = scheduler.schedule(after: .milliseconds(120)) { log.append("never") }
        scheduler.advance(by: .milliseconds(100))
        #expect(log == ["first"])
        cancelled.cancel()
        scheduler.advance(by: .milliseconds(49))
        #expect(log == ["first"])
        scheduler.advance(by: .milliseconds(1))
        #expect(log == ["first", "settled"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test("The collecting dispatcher runs posted jobs on demand, one batch a call")
    func collectingDispatcher() {
        let dispatcher = CollectingDispatcher()
        var log: [Int] = []
        dispatcher.post { log.append(1); dispatcher.post { log.append(2) } }
        #expect(log.isEmpty)
        #expect(dispatcher.pendingCount == 1)
        dispatcher.runPending()
        #expect(log == [1])
        dispatcher.runPending()
        #expect(log == [1, 2])
    }
}

#if canImport(Glibc)
import Glibc
import TestSupport
#endif
