/// Finding out once, at start-up, how the terminal shows pictures (pure: the backend writes
/// `queries`, hands every `TerminalReply` read from the input to `receive`, and calls `finish` at
/// the deadline). DA1 is asked last and every terminal answers it, so its answer ends the probe:
/// the answers to the earlier queries, if any, came before it. Environment hints (`TERM_PROGRAM`,
/// `KITTY_WINDOW_ID`, …) count only where the terminal said nothing.
///
/// The kitty query (an APC string) is sent only where no multiplexer can be in between
/// (`asksKitty`): inside tmux (`TMUX` set) tmux would not pass the answer back, and behind a
/// multiplexer the environment does not name (ssh from a tmux pane: `TERM=tmux-256color`, no `TMUX`)
/// the query would land in the pane's title. In both, `auto` uses only the multiplexer's own sixel
/// (tmux 3.4 built with it says 4 in its DA1): a picture wrapped for the passthrough reaches the
/// outer terminal at its cursor, not the pane's, and tmux's next redraw of the pane writes over it (tried in xterm: the photo came out torn at the top left). A protocol the
/// config names is still wrapped for the passthrough (`tmuxPassthrough`, which the app clears when
/// `allow-passthrough` is off).
public struct GraphicsProbe: Sendable {
    public let setting: ImagesSetting
    private let environment: [String: String]
    /// The screen in cells, to turn the window's pixels into a cell's.
    private var screen: (columns: Int, rows: Int)
    private var kittyAnswered = false
    private var sixelAttribute = false
    private var version: String?
    private var cellPixels: PixelSize?
    private var windowPixels: PixelSize?
    private var colorRegisters: Int?
    /// The outcome, once the probe is over (at once for `blocks` and `none`).
    public private(set) var result: GraphicsSupport?

    /// How long the app waits for answers before it settles for what it has.
    public static let deadline: Duration = .milliseconds(150)
    /// How long after the queries the terminal may still be answering (a slow link), unless DA1's
    /// answer, the last, came first: answers later than `deadline` are still read as answers, not keys.
    public static let answerWindow: Duration = .seconds(5)
    /// Whether DA1's answer came (then every answer has).
    private var lastAnswerCame = false

    public init(setting: ImagesSetting, environment: [String: String], columns: Int, rows: Int) {
        self.setting = setting
        self.environment = environment
        screen = (columns, rows)
        // The Linux console shows no pictures and would print the kitty query as text.
        if setting == .blocks || setting == .none || (environment["TERM"] ?? "").hasPrefix("linux") { result = .blocks }
    }

    private var insideTmux: Bool { !(environment["TMUX"] ?? "").isEmpty }

    /// Whether a multiplexer may sit between the app and the terminal: tmux says so (`TMUX`), or it
    /// may be there unseen: `TERM` naming screen or tmux, or `TERM_PROGRAM=tmux`, without `TMUX` (ssh
    /// from a tmux pane, `sudo` or `env -i` dropping it).
    static func mayBeMultiplexed(_ environment: [String: String]) -> Bool {
        if !(environment["TMUX"] ?? "").isEmpty { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("screen") || term.hasPrefix("tmux") || environment["TERM_PROGRAM"] == "tmux"
    }

    /// Whether the kitty graphics query (an APC string) may be written: only where no multiplexer can
    /// be in between. Inside tmux its answer would not come back (and wrapped for the passthrough it
    /// would only ask the outer terminal, which `auto` does not use there); behind a multiplexer the
    /// environment does not name, a string it does not understand can end up as text (tmux shows it
    /// as the pane's title). The CSI queries are safe everywhere: terminals ignore those they do not know.
    static func asksKitty(_ environment: [String: String]) -> Bool { !mayBeMultiplexed(environment) }

    /// The bytes to write: the kitty graphics query (a 1×1 image, `a=q`), XTVERSION, the cell and the
    /// window in pixels, sixel's colour registers (XTSMGRAPHICS), DA1 last. Empty when nothing is asked.
    public var queries: [UInt8] {
        guard result == nil else { return [] }
        var text = ""
        if Self.asksKitty(environment) { text += "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" }
        text += "\u{1B}[>0q\u{1B}[16t\u{1B}[14t\u{1B}[?1;1;0S\u{1B}[c"
        return Array(text.utf8)
    }

    /// The screen's size changed before the probe ended.
    public mutating func resize(columns: Int, rows: Int) { screen = (columns, rows) }

    /// Whether the terminal may still be answering at `now` the queries written at `sent` (nil: none
    /// were): until DA1's answer came, for at most `answerWindow`.
    public func awaitsAnswers(sentAt sent: ContinuousClock.Instant?, now: ContinuousClock.Instant) -> Bool {
        guard let sent, !lastAnswerCame else { return false }
        return now < sent + Self.answerWindow
    }

    /// One answer read from the input; DA1 ends the probe.
    public mutating func receive(_ reply: TerminalReply) {
        if case .primaryAttributes = reply { lastAnswerCame = true }
        guard result == nil else { return }
        switch reply {
        case .kittyGraphics(let ok): kittyAnswered = kittyAnswered || ok
        case .version(let text): version = text
        case .cellPixels(let size): cellPixels = size
        case .windowPixels(let size): windowPixels = size
        case .colorRegisters(let count): colorRegisters = count
        case .primaryAttributes(let attributes):
            sixelAttribute = attributes.contains(4)
            finish()
        }
    }

    /// The deadline passed (or DA1 came): settles with what is known.
    public mutating func finish() {
        guard result == nil else { return }
        let chosen: GraphicsProtocol?
        var passthrough = false
        switch setting {
        case .kitty: chosen = .kitty
        case .sixel: chosen = .sixel
        case .iterm2: chosen = .iterm2
        case .blocks, .none: chosen = nil
        case .auto: chosen = Self.mayBeMultiplexed(environment) ? (sixelAttribute ? .sixel : nil) : detected()
        }
        if insideTmux, let chosen, !(chosen == .sixel && sixelAttribute) { passthrough = true }
        result = GraphicsSupport(graphicsProtocol: chosen, cellPixels: cellSize(), tmuxPassthrough: passthrough,
                                 colorRegisters: chosen == .sixel ? colorRegisters : nil)
    }

    private func detected() -> GraphicsProtocol? {
        if kittyAnswered { return .kitty }
        if sixelAttribute { return .sixel }
        if let version, version.hasPrefix("iTerm2") || version.hasPrefix("WezTerm") { return .iterm2 }
        return Self.hint(environment)
    }

    /// What the environment says about the terminal (nil: nothing known).
    static func hint(_ environment: [String: String]) -> GraphicsProtocol? {
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        if !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty || term == "xterm-kitty" || term == "xterm-ghostty"
            || program == "ghostty" { return .kitty }
        if program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm2 }
        if term.hasPrefix("foot") || term.hasPrefix("mlterm") { return .sixel }
        return nil
    }

    /// A cell in pixels: as the terminal said, else the window's pixels over its cells, else usual.
    private func cellSize() -> PixelSize {
        func sane(_ size: PixelSize) -> PixelSize? {
            (1...256).contains(size.width) && (1...512).contains(size.height) ? size : nil
        }
        if let cellPixels, let size = sane(cellPixels) { return size }
        if let windowPixels, screen.columns > 0, screen.rows > 0,
           let size = sane(PixelSize(width: windowPixels.width / screen.columns, height: windowPixels.height / screen.rows)) {
            return size
        }
        return GraphicsSupport.defaultCellPixels
    }
}
