#if canImport(Glibc)
import Glibc
#endif
import CNcursesw
import TerminalKit

/// Why the terminal could not be started.
public struct TerminalStartError: Error, CustomStringConvertible {
    public var description: String
}

/// What `TERM` must offer for curses to draw: checked before curses starts.
@MainActor
public enum TerminalRequirements {
    /// Nil when the terminfo entry `term` (nil: `$TERM`) can be used, else one line saying why not
    /// (no entry, no cursor addressing `cup`, no `clear`; `TERM=dumb` lacks both). Main thread only:
    /// terminfo lookups go through curses' global current terminal.
    public static func problem(term: String?) -> String? {
        let name = term ?? getenv("TERM").map { String(cString: $0) }
        guard let name, !name.isEmpty else { return "TERM is not set: set it to your terminal's type (e.g. xterm-256color)" }
        let printable = String(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(40).map(Character.init))
        let missing = name.withCString { tui_check_terminal($0) }
        if missing & 1 != 0 { return "unknown terminal type TERM=\(printable) (no terminfo entry)" }
        var lacking: [String] = []
        if missing & 2 != 0 { lacking.append("cursor addressing (cup)") }
        if missing & 4 != 0 { lacking.append("clearing the screen (clear)") }
        guard !lacking.isEmpty else { return nil }
        return "TERM=\(printable) cannot run a full-screen program: it lacks \(lacking.joined(separator: " and ")); use e.g. TERM=xterm-256color"
    }
}

/// The live backend: copies a `Buffer` to the screen through ncursesw, and reads keys, mouse reports
/// and resizes into `Event`s. Only this type (and the app) touches ncurses.
@MainActor
public final class NcursesTerminal: TerminalBackend {
    private let screen: OpaquePointer
    /// What the screen shows (nil: unknown, the next draw writes every cell).
    private var previous: Buffer?
    /// Makes each frame's bytes from terminfo's sequences; curses itself draws nothing after start-up.
    private let encoder: FrameEncoder
    /// The bytes of a frame, kept between frames so their storage is reused.
    private var output: [UInt8] = []
    private let colors: ColorMapper
    public let colorDepth: ColorDepth
    /// How colours look (`--theme`): applied to every style before it is mapped to colour numbers.
    private let theme: Theme
    /// Keys and pastes from what curses reads (a paste may span reads).
    private var input = InputDecoder()
    public var inputFD: Int32? { STDIN_FILENO }
    /// How the terminal shows pictures: asked at start-up, answered through the input.
    private var probe: GraphicsProbe
    private var probeConcluded = false
    /// When the probe's queries were written (nil: none were).
    private var probeSent: ContinuousClock.Instant?
    /// The pictures on screen beyond the cells (half blocks only until the probe concluded).
    private var graphicsLayer = GraphicsLayer(support: .blocks)
    private let graphicsOptions: GraphicsOptions

    /// How pictures are shown: the config's setting, the environment (hints, `TMUX`), a PNG encoder
    /// for iTerm2, and the app's last word on the probe's result (tmux's `allow-passthrough`).
    public struct GraphicsOptions {
        public var setting: ImagesSetting
        public var environment: [String: String]
        public var png: (PixelImage) -> [UInt8]?
        public var adjust: (GraphicsSupport) -> GraphicsSupport

        public init(setting: ImagesSetting = .blocks, environment: [String: String] = [:],
                    png: @escaping (PixelImage) -> [UInt8]? = { _ in nil },
                    adjust: @escaping (GraphicsSupport) -> GraphicsSupport = { $0 }) {
            self.setting = setting
            self.environment = environment
            self.png = png
            self.adjust = adjust
        }
    }

    /// A locale variable names a locale this machine does not have (`LANG=de_DE.UTF-8` in a container
    /// with only C.UTF-8): glibc then sets none, and curses would take every byte above 127 as garbage.
    /// The character type alone is tried, then C.UTF-8 when the variable asked for UTF-8 anyway.
    static func useUTF8CharactersWithoutTheLocale() {
        if setlocale(LC_CTYPE, "") != nil { return }
        let names: [String] = ["LC_ALL", "LC_CTYPE", "LANG"]
        let wanted = names.lazy.compactMap { name -> String? in getenv(name).map { String(cString: $0) } }
            .first { !$0.isEmpty } ?? ""
        let lowered = wanted.lowercased()
        if lowered.contains("utf-8") || lowered.contains("utf8") { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// The screen size comes from the terminal (`TIOCGWINSZ`), never from exported `LINES`/`COLUMNS`:
    /// curses would otherwise take them over the real size (a `COLUMNS=99999` left in a shell's
    /// environment drew for a screen that is not there). Terminfo's size stays the last resort, when
    /// the terminal says none. Called before curses computes the size (`newterm`).
    static func useTerminalSizeOnly() {
        use_env(false)
        use_tioctl(true)
    }

    /// Starts curses on the process's terminal. Fails (without exiting) when `TERM` is unusable:
    /// unknown, or without what curses needs (`TerminalRequirements`).
    public static func start(useColor: Bool, theme: Theme = .default,
                             graphics: GraphicsOptions = GraphicsOptions()) throws -> NcursesTerminal {
        if setlocale(LC_ALL, "") == nil { useUTF8CharactersWithoutTheLocale() }
        useTerminalSizeOnly()
        if let problem = TerminalRequirements.problem(term: nil) { throw TerminalStartError(description: problem) }
        guard let screen = tui_newterm() else {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw TerminalStartError(description: "cannot use this terminal (TERM=\(term))")
        }
        // A crash signal cannot ask curses to leave keypad-transmit mode: hand the guard the bytes now.
        if let rmkx = tui_string_capability("rmkx") {
            TerminalGuard.setKeypadResetSequence(Array(String(cString: rmkx).utf8))
        }
        return NcursesTerminal(screen: screen, useColor: useColor, theme: theme, graphics: graphics)
    }

    private init(screen: OpaquePointer, useColor: Bool, theme: Theme, graphics: GraphicsOptions) {
        self.screen = screen
        self.theme = theme
        graphicsOptions = graphics
        probe = GraphicsProbe(setting: graphics.setting, environment: graphics.environment,
                              columns: Int(tui_cols()), rows: Int(tui_lines()))
        let window = tui_stdscr()
        cbreak()
        noecho()
        nonl()
        // Ctrl-S and Ctrl-Q reach the app as keys (config.toml can bind them) instead of pausing and
        // resuming output (XON/XOFF flow control). The saved modes, restored on the way out, keep it.
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            modes.c_iflag &= ~tcflag_t(IXON)
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        }
        keypad(window, true)
        // Curses only reads keys and sets the terminal up; should it ever update the screen (after a
        // resize), it does not look at the keyboard midway. The event loop reads every pending key
        // before it draws anyway.
        typeahead(-1)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        let wantsColor = useColor && has_colors()
        if wantsColor {
            start_color()
            use_default_colors()
        }
        colorDepth = theme.depth(on: ColorMapper.depth(colors: Int(tui_colors()), hasRGB: tui_has_rgb_capability() != 0,
                                                       colorAllowed: wantsColor))
        colors = ColorMapper(depth: colorDepth)
        mouseinterval(0)
        mousemask(tui_all_mouse_events() | tui_report_mouse_position(), nil)
        // Keys that terminals send in more than one form: tmux sends Home/End as ESC [ 1 ~ / ESC [ 4 ~ while terminfo says ESC O H / ESC O F.
        let extra: [(String, Int32)] = [
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END),
            ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
            ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[3~", KEY_DC), ("\u{1B}[Z", KEY_BTAB),
        ]
        for (sequence, code) in extra { define_key(sequence, code) }
        define_key(InputDecoder.pasteStartSequence, InputDecoder.pasteStartCode)
        define_key(InputDecoder.pasteEndSequence, InputDecoder.pasteEndCode)
        encoder = FrameEncoder(controls: Self.terminfoControls(depth: colorDepth, colors: colors, theme: theme))
        // Curses enters its modes and clears the screen once; from here on frames are written by
        // `draw`, and curses' own idea of the screen (blank, the cursor at the top left) stays true
        // wherever it matters: every frame ends with the cursor there and the style plain.
        erase()
        refresh()
        Self.writeAll(Self.bracketedPasteOn)
        // The probe's queries go out before the first frame; their answers come with the input. The
        // window's pixels as the terminal set them for the kernel (xterm does; its CSI 14 t is off by
        // default) count until the terminal answers CSI 16 t or 14 t.
        var pixels = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &pixels) == 0, pixels.ws_xpixel > 0, pixels.ws_ypixel > 0 {
            probe.receive(.windowPixels(PixelSize(width: Int(pixels.ws_xpixel), height: Int(pixels.ws_ypixel))))
        }
        let queries = probe.queries
        if !queries.isEmpty {
            Self.writeAll(queries)
            probeSent = ContinuousClock().now
        }
        concludeProbeIfDone()
    }

    /// How the terminal shows pictures (half blocks until the probe concluded).
    public var graphics: GraphicsSupport { graphicsLayer.support }

    /// The probe's deadline passed: what was answered so far decides.
    public func finishGraphicsProbe() {
        probe.finish()
        concludeProbeIfDone()
    }

    /// Leaving the terminal before the probe's answers came (a quit at once): they are read here, for
    /// at most what is left of the deadline, so that none reaches the shell afterwards.
    private func awaitProbeAnswers() {
        guard !probeConcluded, let sent = probeSent else { return }
        let end = sent + GraphicsProbe.deadline
        let clock = ContinuousClock()
        while !probeConcluded, clock.now < end {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Self.milliseconds(end - clock.now)) > 0 else { break }
            _ = readEvents()
        }
        finishGraphicsProbe()
    }

    private func concludeProbeIfDone() {
        guard !probeConcluded, let result = probe.result else { return }
        probeConcluded = true
        graphicsLayer = GraphicsLayer(support: graphicsOptions.adjust(result), png: graphicsOptions.png)
    }

    /// Asks the terminal to wrap pasted text in `ESC[200~` … `ESC[201~` (xterm's bracketed paste),
    /// and to stop again: on every way out (`stop`, `suspend`; `TerminalGuard` on a crash).
    static let bracketedPasteOn = Array("\u{1B}[?2004h".utf8)
    static let bracketedPasteOff = Array("\u{1B}[?2004l".utf8)

    /// A terminfo string without its padding delays (`$<5>`, `$<2/>`, `$<1.5*>`): curses' `tputs`
    /// turns them into waits, which no terminal emulator needs; written as they are they would show.
    static func withoutPadding(_ sequence: [UInt8]) -> [UInt8] {
        guard sequence.contains(UInt8(ascii: "$")) else { return sequence }
        var result: [UInt8] = []
        var index = 0
        while index < sequence.count {
            if sequence[index] == UInt8(ascii: "$"), index + 1 < sequence.count, sequence[index + 1] == UInt8(ascii: "<"),
               let close = sequence[(index + 2)...].firstIndex(of: UInt8(ascii: ">")),
               sequence[(index + 2)..<close].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".")
                                                           || $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "/") }) {
                index = close + 1
                continue
            }
            result.append(sequence[index])
            index += 1
        }
        return result
    }

    /// The sequences `FrameEncoder` writes, from the terminal's terminfo entry.
    private static func terminfoControls(depth: ColorDepth, colors: ColorMapper, theme: Theme) -> TerminalControls {
        func bytes(_ text: UnsafePointer<CChar>?) -> [UInt8] {
            guard let text else { return [] }
            return Self.withoutPadding(Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                                                                 count: strlen(text))))
        }
        func capability(_ name: String) -> [UInt8]? {
            let found = tui_string_capability(name).map { bytes($0) }
            return found?.isEmpty == false ? found : nil
        }
        let cup = tui_string_capability("cup")
        let csr = tui_string_capability("csr")
        let setaf = tui_string_capability("setaf"), setab = tui_string_capability("setab")
        let reset = capability("sgr0") ?? []
        let attributeSequences: [(Attributes, [UInt8])] = [(Attributes.bold, "bold"), (.dim, "dim"), (.reverse, "rev"),
                                                           (.underline, "smul"), (.italic, "sitm")]
            .compactMap { attribute, name in capability(name).map { (attribute, $0) } }
        let scrollUp = capability("ind") ?? [0x0A], scrollDown = capability("ri")
        return TerminalControls(
            moveCursor: { row, column in bytes(cup.flatMap { tui_tiparm2($0, Int32(row), Int32(column)) }) },
            setStyle: { style in
                var sequence = reset
                for (attribute, on) in attributeSequences where style.attributes.contains(attribute) { sequence += on }
                guard depth != .none, style.hasColor else { return sequence }
                let themed = theme.apply(style)
                let foreground = colors.number(named: themed.foreground, rgb: themed.foregroundRGB)
                let background = colors.number(named: themed.background, rgb: themed.backgroundRGB)
                if foreground >= 0, let setaf { sequence += bytes(tui_tiparm1(setaf, foreground)) }
                if background >= 0, let setab { sequence += bytes(tui_tiparm1(setab, background)) }
                return sequence
            },
            resetStyle: reset,
            setScrollRegion: csr == nil || scrollDown == nil ? nil : { top, bottom in
                bytes(csr.flatMap { tui_tiparm2($0, Int32(top), Int32(bottom)) })
            },
            scrollUp: scrollUp,
            scrollDown: scrollDown ?? [],
            lastCellScrolls: tui_flag_capability("am") != 0 && tui_flag_capability("xenl") == 0)
    }

    /// The screen size in cells.
    public var size: (width: Int, height: Int) { (Int(tui_cols()), Int(tui_lines())) }

    /// Re-reads the window size from the terminal (after SIGWINCH) and tells ncurses.
    public func updateSize() -> (width: Int, height: Int) {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
        }
        cursesRefresh()
        return size
    }

    /// Reads every pending input event (call when the input is readable; ncurses may buffer more
    /// than `poll` sees, so this reads until there is nothing left).
    ///
    /// While the terminal may still be answering the probe, a string it began (`ESC _`, `ESC P`,
    /// `ESC ]`) is waited for until `InputDecoder.replyDeadline`: an answer's rest comes at once,
    /// and what has not ended by then was typed (Alt-] and the keys after it), delivered as keys.
    public func readEvents() -> [Event] {
        var events: [Event] = []
        input.expectsReplies = probe.awaitsAnswers(sentAt: probeSent, now: ContinuousClock.now)
        readPending(into: &events)
        while let deadline = input.replyDeadline {
            let left = deadline - ContinuousClock.now
            if left > .zero {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                _ = poll(&descriptor, 1, Self.milliseconds(left))
            }
            readPending(into: &events)
        }
        for reply in input.takeReplies() { probe.receive(reply) }
        concludeProbeIfDone()
        return events
    }

    /// `duration` in whole milliseconds for `poll`, at least 1.
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    /// What curses has read so far, decoded, to the end of the input pending now.
    private func readPending(into events: inout [Event]) {
        let window = tui_stdscr()
        while true {
            var code: wint_t = 0
            let status = wget_wch(window, &code)
            if status == ERR { break }
            let isKeyCode = status == tui_key_code_yes()
            if isKeyCode, Int32(code) == KEY_RESIZE {
                cursesRefresh()
                events.append(.resize(width: size.width, height: size.height))
                continue
            }
            if isKeyCode, Int32(code) == KEY_MOUSE {
                var report = MEVENT()
                while getmouse(&report) == OK {
                    if let mouse = MouseDecoder.decode(buttonState: report.bstate, x: Int(report.x), y: Int(report.y)) {
                        events.append(.mouse(mouse))
                    }
                }
                continue
            }
            input.decode(UInt32(code), isKeyCode: isKeyCode, into: &events)
        }
        input.endOfInput(into: &events)
    }

    /// Copies `buffer` to the screen in one write: the runs of cells that changed since the last
    /// draw (`FrameEncoder`), a list scrolled by a few rows sent as a scroll of the terminal's lines.
    ///
    /// Pictures (`Buffer.drawPicture`) that nothing covers are written after the cells with the
    /// terminal's graphics protocol (`GraphicsLayer`), their cells blank underneath; while any is
    /// shown lines are not scrolled (the pictures would move with them).
    @discardableResult public func draw(_ buffer: Buffer) -> Bool {
        let (frame, update, mayScroll) = graphicsLayer.frame(buffer, previous: &previous, moveCursor: encoder.controls.moveCursor)
        let shift = encoder.canScroll && mayScroll ? previous.flatMap { BufferDiff.verticalShift(from: $0, to: frame) } : nil
        output.removeAll(keepingCapacity: true)
        encoder.encode(from: previous, to: frame, shift: shift, into: &output)
        output += update.bytes
        previous = frame
        let wrote = !output.isEmpty
        output.withUnsafeBytes { Self.writeAll($0) }
        if output.count > 1 << 20 { output = [] } // a huge frame (a big terminal repainted) is not kept
        return wrote
    }

    /// Writes all the bytes to the terminal, through interruptions and partial writes (a terminal
    /// that reads slowly); stops on any other error, as curses does.
    private static func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAll($0) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let written = write(STDOUT_FILENO, base + done, bytes.count - done)
            if written > 0 {
                done += written
            } else if written < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                return
            }
        }
    }

    /// Lets curses update the screen after it resized its windows (it clears the screen), and
    /// forgets what was there: the next draw writes every cell.
    private func cursesRefresh() {
        refresh()
        previous = nil
    }

    /// Forgets what is on screen so the next draw repaints everything (after a resize or suspend).
    public func invalidate() {
        previous = nil
    }

    /// Hands the terminal to another program (`git clone`): curses' modes are saved and the screen
    /// restored as the shell had it, until `resume()`.
    public func suspend() {
        awaitProbeAnswers()
        Self.writeAll(graphicsLayer.removeAll())
        Self.writeAll(Self.bracketedPasteOff)
        def_prog_mode()
        endwin()
    }

    /// Takes the terminal back after `suspend()` and repaints everything on the next draw.
    public func resume() {
        reset_prog_mode()
        invalidate()
        refresh()
        Self.writeAll(Self.bracketedPasteOn)
    }

    /// Leaves curses mode: the terminal's modes and screen are restored.
    public func stop() {
        awaitProbeAnswers()
        mousemask(0, nil)
        Self.writeAll(graphicsLayer.removeAll())
        Self.writeAll(Self.bracketedPasteOff)
        // A terminal without an alternate screen (vt100, the Linux console) would keep the last frame,
        // and the shell's next line would be written over its footer: the screen is cleared instead.
        let clear = tui_string_capability("rmcup") == nil ? tui_string_capability("clear") : nil
        let clearBytes = clear.map { Self.withoutPadding(Array(String(cString: $0).utf8)) } ?? []
        endwin()
        clearBytes.withUnsafeBytes { Self.writeAll($0) }
        delscreen(screen)
    }
}
