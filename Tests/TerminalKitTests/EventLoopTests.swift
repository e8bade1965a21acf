import Testing
@testable import TerminalKit
import TestSupport

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

    @Test("End of file (readable, nothing to read) is a hang-up: the loop ends without calling onInput")
    func endOfFile() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        // A socket whose peer shut down writing: poll says POLLIN (not POLLHUP) and read returns 0.
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(shutdown(fds[1], Int32(SHUT_WR)) == 0)
        var pollFD = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&pollFD, 1, 0) == 1)
        #expect(Int32(pollFD.revents) & Int32(POLLHUP) == 0)
        var inputs = 0, hangUps = 0
        loop.run(inputFD: fds[0], onInput: { inputs += 1; loop.stop() }, onHangUp: { hangUps += 1 })
        #expect(inputs == 0)
        #expect(hangUps == 1)
    }

    @Test("Pending bytes are input; bytes then end of file are input, then a hang-up")
    func bytesThenEndOfFile() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var bytes: [UInt8] = [65, 66]
        _ = write(fds[1], &bytes, 2)
        #expect(shutdown(fds[1], Int32(SHUT_WR)) == 0)
        var read = 0, hangUps = 0
        loop.run(inputFD: fds[0], onInput: {
            var scratch = [UInt8](repeating: 0, count: 8)
            read += Glibc.read(fds[0], &scratch, 8)
        }, onHangUp: { hangUps += 1 })
        #expect(read == 2)
        #expect(hangUps == 1)
    }

    @Test("A terminal that hangs up (the pty's other side closed) ends the loop: no spinning")
    func ptyHangUp() throws {
        // posix_openpt & co. are not in the Glibc module: the same through /dev/ptmx and its ioctls.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        var unlock: Int32 = 0, number: UInt32 = 0
        #expect(ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0)
        #expect(ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
        let name = "/dev/pts/\(number)"
        let terminal = open(name, O_RDWR | O_NOCTTY | O_NONBLOCK)
        try #require(terminal >= 0)
        defer { close(terminal) }
        close(master)
        let loop = try EventLoop()
        var inputs = 0, hangUps = 0
        loop.run(inputFD: terminal, onInput: { inputs += 1; if inputs > 3 { loop.stop() } }, onHangUp: { hangUps += 1 })
        #expect(hangUps == 1)
        #expect(inputs == 0)
    }

    @Test("Input state: hang-up and error bits win over readable; readable with bytes is input")
    func inputState() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var byte: UInt8 = 1
        _ = write(fds[1], &byte, 1)
        #expect(EventLoop.inputState(revents: Int16(POLLIN), fd: fds[0]) == .readable)
        #expect(EventLoop.inputState(revents: Int16(POLLIN) | Int16(POLLHUP), fd: fds[0]) == .hungUp)
        #expect(EventLoop.inputState(revents: Int16(POLLERR), fd: fds[0]) == .hungUp)
        #expect(EventLoop.inputState(revents: 0, fd: fds[0]) == .idle)
    }

    @Test("Every signal that would end the process is relayed or ignored; crash signals are not relayed")
    func terminatingSignals() {
        let relayed = Set(SignalRelay.terminatingSignals)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR] {
            #expect(relayed.contains(signal), "signal \(signal)")
        }
        #expect(relayed.isDisjoint(with: TerminalGuard.crashSignals))
        #expect(relayed.isDisjoint(with: SignalRelay.ignoredSignals))
        #expect(!relayed.contains(SIGWINCH) && !relayed.contains(SIGKILL) && !relayed.contains(SIGCHLD))
        #expect(SignalRelay.ignoredSignals.contains(SIGPIPE))
        #expect(relayed.allSatisfy { $0 > 0 && $0 < 256 })  // one byte on the relay pipe
    }

    @Test("A relayed SIGUSR1 reaches the loop as a signal (the app then quits and restores the terminal)")
    func relayedSignal() throws {
        try SignalRelay.install([SIGUSR1])
        let loop = try EventLoop()
        var received: [Int32] = []
        loop.schedule(after: .zero) { raise(SIGUSR1) }
        loop.run(inputFD: nil, onInput: {}, onSignal: { received.append($0); loop.stop() })
        #expect(received == [SIGUSR1])
    }

    @Test("The keypad reset bytes are kept for the crash path")
    func keypadReset() {
        TerminalGuard.setKeypadResetSequence(Array("\u{1B}[?1l\u{1B}>".utf8))
        #expect(TerminalGuard.keypadResetSequence == Array("\u{1B}[?1l\u{1B}>".utf8))
        TerminalGuard.setKeypadResetSequence([UInt8](repeating: 0x41, count: 100))
        #expect(TerminalGuard.keypadResetSequence.isEmpty)
        TerminalGuard.setKeypadResetSequence([])
    }

    @Test("The crash path turns bracketed paste and mouse reporting off and leaves the alternate screen")
    func crashReset() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let savedOutput = dup(STDOUT_FILENO)
        dup2(fds[1], STDOUT_FILENO)
        TerminalGuard.restoreFromSignalContext()
        dup2(savedOutput, STDOUT_FILENO)
        close(savedOutput)
        close(fds[1])
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(fds[0], &bytes, bytes.count)
        let written = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        #expect(written.contains("\u{1B}[?2004l"))
        #expect(written.contains("\u{1B}[?1000l"))
        #expect(written.contains("\u{1B}[?1049l"))
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
