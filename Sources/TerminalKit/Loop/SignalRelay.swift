#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Written once before any handler is installed, then only read (from handlers too).
nonisolated(unsafe) private var relayWriteFD: Int32 = -1
nonisolated(unsafe) private var relayReadFD: Int32 = -1

private func relayHandler(_ signal: Int32) {
    var byte = UInt8(truncatingIfNeeded: signal)
    let saved = errno
    _ = write(relayWriteFD, &byte, 1)
    errno = saved
}

/// Turns asynchronous signals (SIGINT, SIGTERM, SIGHUP, SIGWINCH…) into bytes on a pipe the event
/// loop polls. The handler only calls `write(2)`, which is async-signal-safe; all real work
/// (restoring the terminal, re-laying out) happens on the loop.
public enum SignalRelay {
    /// Installs the relay for `signals`. Call once, on the main thread, before the loop runs.
    public static func install(_ signals: [Int32]) throws(SystemCallError) {
        if relayReadFD < 0 {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw SystemCallError(call: "pipe", errno: errno) }
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            relayReadFD = fds[0]
            relayWriteFD = fds[1]
        }
        // A parent may have left these blocked or ignored (test runners, some launchers): take them back.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signal in signals { sigaddset(&unblock, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        for signal in signals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = relayHandler
            #else
            action.__sigaction_u.__sa_handler = relayHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0 // no SA_RESTART: poll returns EINTR at once
            sigaction(signal, &action, nil)
        }
    }

    /// Asynchronous signals whose default action ends the process: relayed, so the app quits through
    /// its loop and restores the terminal (exit 128 + N). SIGWINCH is not among them (it is harmless)
    /// nor are the crash signals (`TerminalGuard.crashSignals`) nor SIGKILL and SIGSTOP (uncatchable).
    public static var terminatingSignals: [Int32] {
        var signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
                                SIGXCPU, SIGIO, SIGPWR]
        #if canImport(Glibc)
        signals.append(SIGSTKFLT)
        // Real-time signals end the process too; glibc keeps the first few for itself (below SIGRTMIN).
        let first = __libc_current_sigrtmin(), last = __libc_current_sigrtmax()
        if first > 0, first <= last, last < 128 { signals.append(contentsOf: first...last) }
        #endif
        return signals
    }

    /// Signals that report a failed write (a closed pipe, the file-size limit): ignored, so the write
    /// returns its error (EPIPE, EFBIG) to the code that made it instead of ending the process.
    public static let ignoredSignals: [Int32] = [SIGPIPE, SIGXFSZ]

    /// Ignores `ignoredSignals`.
    public static func ignoreWriteFailureSignals() {
        for signal in ignoredSignals {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = SIG_IGN
            #else
            action.__sigaction_u.__sa_handler = SIG_IGN
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }

    /// Stops the process as Ctrl-Z's default action does (the shell says "Stopped"), and returns once
    /// it is continued (`fg`). The relay's handler for SIGTSTP is set aside meanwhile. Call on the loop
    /// after the terminal was handed back: relaying Ctrl-Z lets the app do that first (curses' own
    /// handler cannot turn bracketed paste off).
    public static func stopLikeCtrlZ() {
        var defaultAction = sigaction()
        var relayed = sigaction()
        #if canImport(Glibc)
        defaultAction.__sigaction_handler.sa_handler = SIG_DFL
        #else
        defaultAction.__sigaction_u.__sa_handler = SIG_DFL
        #endif
        sigemptyset(&defaultAction.sa_mask)
        sigaction(SIGTSTP, &defaultAction, &relayed)
        raise(SIGTSTP)
        sigaction(SIGTSTP, &relayed, nil)
    }

    /// The pipe's read end, or -1 before `install`.
    public static var readFD: Int32 { relayReadFD }

    /// Signals received since the last call.
    public static func drain() -> [Int32] {
        guard relayReadFD >= 0 else { return [] }
        var result: [Int32] = []
        var scratch = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(relayReadFD, &scratch, scratch.count)
            if n <= 0 { break }
            result.append(contentsOf: scratch[0..<n].map { Int32($0) })
        }
        return result
    }
}
