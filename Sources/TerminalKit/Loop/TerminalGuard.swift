#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var hasSavedModes = false
nonisolated(unsafe) private var guardFD: Int32 = 0

/// Escape sequences that leave the alternate screen and turn mouse reporting off and the cursor on.
private let resetSequence: [UInt8] = Array("\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l\r\n".utf8)

private func crashHandler(_ signal: Int32) {
    TerminalGuard.restoreFromSignalContext()
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = SIG_DFL
    #else
    action.__sigaction_u.__sa_handler = SIG_DFL
    #endif
    sigaction(signal, &action, nil)
    raise(signal)
}

/// Keeps the terminal usable on every exit path: remembers the terminal modes at start, and on a
/// crash signal (a Swift trap is SIGTRAP or SIGILL, an abort SIGABRT…) puts them back and leaves
/// the alternate screen before the default action runs.
public enum TerminalGuard {
    /// Saves the current modes of `fd` (stdin). Call before the terminal is switched to raw/cbreak.
    public static func saveModes(of fd: Int32 = STDIN_FILENO) {
        guardFD = fd
        hasSavedModes = tcgetattr(fd, &savedModes) == 0
    }

    /// Installs the crash handlers.
    public static func installCrashHandlers() {
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = crashHandler
            #else
            action.__sigaction_u.__sa_handler = crashHandler
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0 // the handler resets itself to SIG_DFL before re-raising
            sigaction(signal, &action, nil)
        }
    }

    /// Puts the saved modes back and resets the screen using only async-signal-safe calls.
    public static func restoreFromSignalContext() {
        _ = resetSequence.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if hasSavedModes { _ = tcsetattr(guardFD, TCSANOW, &savedModes) }
    }

    /// Puts the saved modes back (after the backend has shut down, as a belt-and-braces step).
    public static func restoreModes() {
        if hasSavedModes { _ = tcsetattr(guardFD, TCSANOW, &savedModes) }
    }
}
