#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var hasSavedModes = false
nonisolated(unsafe) private var guardFD: Int32 = 0
/// The terminal's own "leave keypad-transmit mode" (`rmkx`), copied here once so a signal handler
/// can write it without calling into curses. The count is set last, after the bytes.
private let keypadResetCapacity = 64
nonisolated(unsafe) private let keypadReset = UnsafeMutablePointer<UInt8>.allocate(capacity: keypadResetCapacity)
nonisolated(unsafe) private var keypadResetCount = 0

/// Escape sequences that leave the alternate screen and turn mouse reporting and bracketed paste off
/// and the cursor on.
private let resetSequence: [UInt8] = Array("\u{1B}[?2004l\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l\u{1B}[?25h\u{1B}[0m\u{1B}[?1049l\r\n".utf8)

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
/// crash signal (a Swift trap is SIGTRAP or SIGILL, an abort SIGABRT…) puts them back, leaves
/// keypad-transmit mode and the alternate screen before the default action runs.
public enum TerminalGuard {
    /// Saves the current modes of `fd` (stdin). Call before the terminal is switched to raw/cbreak.
    public static func saveModes(of fd: Int32 = STDIN_FILENO) {
        guardFD = fd
        hasSavedModes = tcgetattr(fd, &savedModes) == 0
    }

    /// Signals raised by a fault in the process itself; their default action ends it (with a core).
    public static let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS]

    /// Remembers the bytes that leave keypad-transmit mode (terminfo `rmkx`), written on a crash.
    /// Call on the main thread once the backend knows them; longer sequences are ignored.
    public static func setKeypadResetSequence(_ bytes: [UInt8]) {
        keypadResetCount = 0
        guard bytes.count <= keypadResetCapacity else { return }
        for (index, byte) in bytes.enumerated() { keypadReset[index] = byte }
        keypadResetCount = bytes.count
    }

    /// The keypad reset bytes remembered (for tests).
    public static var keypadResetSequence: [UInt8] { Array(UnsafeBufferPointer(start: keypadReset, count: keypadResetCount)) }

    /// Installs the crash handlers.
    public static func installCrashHandlers() {
        for signal in crashSignals {
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
        if keypadResetCount > 0 { _ = write(STDOUT_FILENO, keypadReset, keypadResetCount) }
        _ = resetSequence.withUnsafeBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        if hasSavedModes { _ = tcsetattr(guardFD, TCSANOW, &savedModes) }
    }

    /// Puts the saved modes back (after the backend has shut down, as a belt-and-braces step).
    public static func restoreModes() {
        if hasSavedModes { _ = tcsetattr(guardFD, TCSANOW, &savedModes) }
    }
}
