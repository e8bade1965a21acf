import TerminalKit

/// A spinner (`Glyphs.spinner`) ticking on the injected scheduler (tests move time by hand). `onTick` runs on
/// the UI thread after each frame change; stopping cancels the timer.
@MainActor
final class Spinner {
    /// The frames, from the interface's symbols.
    nonisolated static var frames: [String] { Glyphs.current.spinner }
    static let interval: Duration = .milliseconds(100)

    private let scheduler: any Scheduler
    private var timer: (any Cancellable)?
    private(set) var frame = 0

    init(scheduler: any Scheduler) {
        self.scheduler = scheduler
    }

    isolated deinit {
        timer?.cancel()
    }

    var isRunning: Bool { timer != nil }
    /// The current frame's character.
    var symbol: String {
        let frames = Self.frames
        return frames[frame % frames.count]
    }

    /// Starts ticking (a running spinner keeps its timer).
    func start(onTick: @escaping @MainActor () -> Void) {
        guard timer == nil else { return }
        schedule(onTick)
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func schedule(_ onTick: @escaping @MainActor () -> Void) {
        timer = scheduler.schedule(after: Self.interval) { [weak self] in
            guard let self, self.timer != nil else { return }
            self.frame = (self.frame + 1) % Self.frames.count
            self.schedule(onTick)
            onTick()
        }
    }
}
