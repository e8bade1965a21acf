/// What the app needs from a terminal: its size and colours, drawing a frame, and reading input.
/// `NcursesTerminal` is the live backend; tests use a recording one that keeps every frame, so the
/// screen stack runs without a terminal.
///
/// Lifecycle: a backend is started by its own factory (begin), `stop()` ends it for good (end);
/// `suspend()`/`resume()` hand the terminal to another program in between (a pager, an editor).
@MainActor
public protocol TerminalBackend: AnyObject {
    /// The screen size in cells.
    var size: (width: Int, height: Int) { get }
    /// How many colours frames are shown with (after `NO_COLOR`).
    var colorDepth: ColorDepth { get }
    /// The descriptor the event loop polls for input (nil: no input).
    var inputFD: Int32? { get }
    /// Re-reads the size after SIGWINCH; the next draw repaints everything.
    func updateSize() -> (width: Int, height: Int)
    /// Every input event pending now (called when `inputFD` is readable).
    func readEvents() -> [Event]
    /// Shows `buffer`, redrawing only what changed since the previous draw; returns whether
    /// anything was written (the screen changed, or was written whole after `invalidate`).
    @discardableResult func draw(_ buffer: Buffer) -> Bool
    /// Forgets what is on screen: the next draw repaints everything.
    func invalidate()
    /// Gives the terminal back (its modes and screen as before) until `resume()`.
    func suspend()
    /// Takes the terminal again after `suspend()`; the next draw repaints everything.
    func resume()
    /// Ends the backend: the terminal's modes and screen are restored.
    func stop()
    /// How the terminal shows pictures (`GraphicsProbe`; half blocks while unknown).
    var graphics: GraphicsSupport { get }
    /// The graphics probe's deadline passed: settle with the answers so far.
    func finishGraphicsProbe()
}

extension TerminalBackend {
    public var graphics: GraphicsSupport { .blocks }
    public func finishGraphicsProbe() {}
}
