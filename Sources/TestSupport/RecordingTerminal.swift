#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Locking
import TerminalKit

/// A terminal backend for tests: keeps every frame the app draws and feeds it scripted input, so
/// the app's screen stack runs without a terminal (and without tmux).
///
/// The script is a list of steps. `.events` steps are delivered one batch per loop turn (the loop
/// paints between batches); a `.waitFor` step holds the script until a drawn frame satisfies it
/// (background work arrives through the loop, so no sleeping). When the script is done and the app
/// is still running, the input hangs up (the loop ends as on SIGHUP). A watchdog hangs up after
/// `timeout` if a `.waitFor` is never met, and sets `timedOut`.
@MainActor
public final class RecordingTerminal: TerminalBackend {
    /// One step of the input script.
    public enum Step {
        /// Input events, delivered together in one turn of the loop.
        case events([Event])
        /// Waits until a frame drawn satisfies the condition (named for failure messages).
        case waitFor(String, (Buffer) -> Bool)
    }

    public var size: (width: Int, height: Int)
    public var colorDepth: ColorDepth
    /// Every frame drawn, in order.
    public private(set) var frames: [Buffer] = []
    /// Whether `stop()` was called.
    public private(set) var isStopped = false
    /// Whether the watchdog ended the run; `pendingStepName` says what was awaited.
    public private(set) var timedOut = false
    /// Calls of suspend / resume / invalidate, in order (e.g. `["suspend", "resume"]`).
    public private(set) var lifecycle: [String] = []

    private var script: [Step]
    private let readFD: Int32
    private let writer: PipeWriter
    private var byteWritten = false

    /// - Parameters:
    ///   - timeout: how long a `.waitFor` may wait before the run is ended (a test failure, not a delay).
    public init(width: Int = 100, height: Int = 30, colorDepth: ColorDepth = .palette256,
                script: [Step], timeout: Duration = .seconds(60)) {
        size = (width, height)
        self.colorDepth = colorDepth
        self.script = script
        var fds: [Int32] = [0, 0]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        readFD = fds[0]
        writer = PipeWriter(fd: fds[1])
        _ = fcntl(readFD, F_SETFL, fcntl(readFD, F_GETFL) | O_NONBLOCK)
        let writer = writer
        let (seconds, attoseconds) = timeout.components
        DispatchQueue.global().asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18) {
            writer.write(PipeWriter.timeoutByte)
        }
    }

    deinit {
        close(readFD)
        writer.close()
    }

    /// The name of the `.waitFor` step not yet met, if any.
    public var pendingStepName: String? {
        if case .waitFor(let name, _)? = script.first { return name }
        return nil
    }

    /// The last frame drawn.
    public var lastFrame: Buffer? { frames.last }

    public var inputFD: Int32? { readFD }

    public func updateSize() -> (width: Int, height: Int) { size }

    public func readEvents() -> [Event] {
        var scratch = [UInt8](repeating: 0, count: 64)
        var sawTimeout = false
        while true {
            let n = read(readFD, &scratch, scratch.count)
            if n <= 0 { break }
            if scratch[0..<n].contains(PipeWriter.timeoutByte) { sawTimeout = true }
        }
        if sawTimeout {
            timedOut = true
            writer.close()
            return []
        }
        guard byteWritten, case .events(let events)? = script.first else { return [] }
        byteWritten = false
        script.removeFirst()
        return events
    }

    @discardableResult public func draw(_ buffer: Buffer) -> Bool {
        let changed = frames.last != buffer
        frames.append(buffer)
        advance(after: buffer)
        return changed
    }

    public func invalidate() { lifecycle.append("invalidate") }
    public func suspend() { lifecycle.append("suspend") }
    public func resume() { lifecycle.append("resume") }

    public func stop() {
        isStopped = true
        writer.close()
    }

    /// Passes the `.waitFor` steps this frame satisfies, then offers the next events (or hangs up).
    private func advance(after frame: Buffer) {
        while case .waitFor(_, let condition)? = script.first, condition(frame) { script.removeFirst() }
        switch script.first {
        case .events?:
            if !byteWritten {
                byteWritten = true
                writer.write(1)
            }
        case .waitFor?:
            break
        case nil:
            writer.close()
        }
    }
}

/// The pipe's write end, shared with the watchdog: closed once, never written after closing.
private final class PipeWriter: Sendable {
    static let timeoutByte: UInt8 = 0xFF
    private let fd: Mutex<Int32?>

    init(fd: Int32) { self.fd = Mutex(fd >= 0 ? fd : nil) }

    func write(_ byte: UInt8) {
        fd.withLock { fd in
            guard let fd else { return }
            var value = byte
            _ = Glibc.write(fd, &value, 1)
        }
    }

    func close() {
        fd.withLock { fd in
            if let open = fd { _ = Glibc.close(open) }
            fd = nil
        }
    }
}
