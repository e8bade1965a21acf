/// A full-screen (or overlay) view the app's screen stack can show: it renders itself into a
/// buffer and takes input events. Views are passive: what they draw comes from their presenter.
@MainActor
public protocol Screen: AnyObject {
    /// Draws the screen into `buffer` (sized to the terminal): blank for the bottom screen of the
    /// stack, holding what the screens below drew for the others.
    func render(into buffer: inout Buffer)
    /// Handles one input event (resizes arrive as `.resize`).
    func handle(_ event: Event)
    /// Called once, after the screen is pushed and has been told its size.
    func viewDidAppear()
    /// Called when the screen above it went away and it is on top again.
    func viewDidReappear()
    /// Called when another screen covers it, and when it leaves the stack: what it does only while it
    /// is seen (watching, animating) stops until `viewDidReappear()`.
    func viewDidDisappear()
    /// Events that arrived together (one read of the terminal: a burst of keys, a paste) are handled
    /// between `willHandleEvents()` and `didHandleEvents()`, which the app calls on every screen of
    /// the stack: a screen may then do once, at the end, what each event asked for (build its state,
    /// write to the store). The frame is drawn after `didHandleEvents()`.
    func willHandleEvents()
    func didHandleEvents()
}

extension Screen {
    public func viewDidAppear() {}
    public func viewDidReappear() {}
    public func viewDidDisappear() {}
    public func willHandleEvents() {}
    public func didHandleEvents() {}
}

/// Something that can run a job on the UI thread later, from any thread. The event loop's
/// `MainQueue` is the live one; tests use TestSupport's `CollectingDispatcher` and run jobs by hand.
public protocol UIDispatcher: Sendable {
    func post(_ job: @escaping @Sendable @MainActor () -> Void)
}

extension MainQueue: UIDispatcher {}
