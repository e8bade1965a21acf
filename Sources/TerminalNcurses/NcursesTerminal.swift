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
    /// Collects each update so it reaches the terminal in one write (nil: curses writes directly).
    private let output: FrameOutput?
    private var previous: Buffer?
    private var pairs: ColorPairTable
    private let colors: ColorMapper
    public let colorDepth: ColorDepth
    /// How colours look (`--theme`): applied to every style before it is mapped to colour numbers.
    private let theme: Theme
    public var inputFD: Int32? { STDIN_FILENO }

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

    /// Starts curses on the process's terminal. Fails (without exiting) when `TERM` is unusable:
    /// unknown, or without what curses needs (`TerminalRequirements`).
    public static func start(useColor: Bool, theme: Theme = .default) throws -> NcursesTerminal {
        if setlocale(LC_ALL, "") == nil { useUTF8CharactersWithoutTheLocale() }
        if let problem = TerminalRequirements.problem(term: nil) { throw TerminalStartError(description: problem) }
        let output = FrameOutput()
        guard let screen = output.map({ tui_newterm_writing_to($0.cursesFD) }) ?? tui_newterm() else {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw TerminalStartError(description: "cannot use this terminal (TERM=\(term))")
        }
        // A crash signal cannot ask curses to leave keypad-transmit mode: hand the guard the bytes now.
        if let rmkx = tui_string_capability("rmkx") {
            TerminalGuard.setKeypadResetSequence(Array(String(cString: rmkx).utf8))
        }
        return NcursesTerminal(screen: screen, output: output, useColor: useColor, theme: theme)
    }

    private init(screen: OpaquePointer, output: FrameOutput?, useColor: Bool, theme: Theme) {
        self.screen = screen
        self.output = output
        self.theme = theme
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
        // A list scrolled by a row is sent as a scroll of the terminal's lines and the rows that
        // changed, not as every row again (curses finds the shifted lines; a terminal without
        // scrolling regions or line insertion gets the rows redrawn as before).
        idlok(window, true)
        // No look at the keyboard in the middle of an update: curses would flush what it has so far
        // before each look, turning one frame into half a dozen writes (and as many polls). The event
        // loop reads every pending key before it draws anyway.
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
        pairs = ColorPairTable(colorPairs: colorDepth == .none ? 0 : Int(tui_color_pairs()))
        mouseinterval(0)
        mousemask(tui_all_mouse_events() | tui_report_mouse_position(), nil)
        // Keys that terminals send in more than one form (see ENGINEERING.md §2).
        let extra: [(String, Int32)] = [
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[4~", KEY_END), ("\u{1B}[H", KEY_HOME), ("\u{1B}[F", KEY_END),
            ("\u{1B}OH", KEY_HOME), ("\u{1B}OF", KEY_END), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[8~", KEY_END),
            ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
            ("\u{1B}OA", KEY_UP), ("\u{1B}OB", KEY_DOWN), ("\u{1B}OC", KEY_RIGHT), ("\u{1B}OD", KEY_LEFT),
            ("\u{1B}[5~", KEY_PPAGE), ("\u{1B}[6~", KEY_NPAGE), ("\u{1B}[3~", KEY_DC), ("\u{1B}[Z", KEY_BTAB),
        ]
        for (sequence, code) in extra { define_key(sequence, code) }
        erase()
    }

    /// The screen size in cells.
    public var size: (width: Int, height: Int) { (Int(tui_cols()), Int(tui_lines())) }

    /// Re-reads the window size from the terminal (after SIGWINCH) and tells ncurses.
    public func updateSize() -> (width: Int, height: Int) {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 {
            resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
        }
        previous = nil
        return size
    }

    /// Reads every pending input event (call when the input is readable; ncurses may buffer more
    /// than `poll` sees, so this reads until there is nothing left).
    public func readEvents() -> [Event] {
        var events: [Event] = []
        let window = tui_stdscr()
        while true {
            var code: wint_t = 0
            let status = wget_wch(window, &code)
            if status == ERR { break }
            let isKeyCode = status == tui_key_code_yes()
            if isKeyCode, Int32(code) == KEY_RESIZE {
                previous = nil
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
            if let key = KeyDecoder.decode(UInt32(code), isKeyCode: isKeyCode) { events.append(.key(key)) }
        }
        return events
    }

    /// Copies `buffer` to the screen, touching only the runs of cells that changed since the last
    /// draw (`BufferDiff`). When the colour pairs run out mid-frame, the pair table is emptied and the
    /// whole frame repainted, so no cell on screen keeps a pair that was redefined.
    public func draw(_ buffer: Buffer) {
        let window = tui_stdscr()
        // A list scrolled by a few rows: the window's lines are scrolled the same way (curses sends
        // the terminal a scroll, `idlok`) and only the rows that are new get painted.
        var shift: LineShift?
        if let previous, let found = BufferDiff.verticalShift(from: previous, to: buffer) {
            wsetscrreg(window, Int32(found.top), Int32(found.bottom))
            scrollok(window, true)
            wscrl(window, Int32(found.by))
            scrollok(window, false)
            wsetscrreg(window, 0, Int32(buffer.height - 1))
            shift = found
        }
        if !paint(buffer, window: window, shift: shift, canStartOver: true) {
            pairs.removeAll()
            previous = nil
            clearok(window, true)
            _ = paint(buffer, window: window, shift: nil, canStartOver: false)
        }
        wnoutrefresh(window)
        if let output { output.collect { doupdate() } } else { doupdate() }
        previous = buffer
    }

    /// Writes the changed cells into curses' window; false when a new colour pair was needed and the
    /// table is full (and `canStartOver`), leaving the frame half written.
    private func paint(_ buffer: Buffer, window: UnsafeMutablePointer<WINDOW>?, shift: LineShift?, canStartOver: Bool) -> Bool {
        let full = previous.map { $0.width != buffer.width || $0.height != buffer.height } ?? true
        if full { werase(window) }
        let width = buffer.width
        var cell = cchar_t()
        var lastStyle: Style?
        var attrs = tui_attr_normal()
        var pair: Int32 = 0
        var complete = true
        // Cells are plain values: the wide string handed to ncurses (at most `Cell.maxScalars`
        // scalars and a 0) lives on the stack.
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Cell.maxScalars + 1) { wide in
            buffer.cells.withUnsafeBufferPointer { cells in
                BufferDiff.forEachChangedRun(from: full ? nil : previous, to: buffer, shift: shift) { y, columns in
                    guard complete else { return }
                    let row = y * width
                    for x in columns {
                        let current = cells[row + x]
                        if current.isContinuation { continue }
                        let count = current.scalarCount
                        for i in 0..<count { wide[i] = wchar_t(bitPattern: current.scalarValue(at: i)) }
                        if count == 0 { wide[0] = 0x20 }
                        wide[max(1, count)] = 0
                        if current.style != lastStyle {
                            lastStyle = current.style
                            attrs = attributes(for: current.style)
                            guard let found = colorPair(for: current.style, canStartOver: canStartOver) else {
                                complete = false
                                return
                            }
                            pair = found
                        }
                        tui_setcchar_pair(&cell, wide.baseAddress, attrs, pair)
                        mvwadd_wch(window, Int32(y), Int32(x), &cell)
                    }
                }
            }
        }
        return complete
    }

    /// Forgets what is on screen so the next draw repaints everything (after a resize or suspend).
    public func invalidate() {
        previous = nil
        clearok(tui_stdscr(), true)
    }

    /// Hands the terminal to another program (`git clone`): curses' modes are saved and the screen
    /// restored as the shell had it, until `resume()`.
    public func suspend() {
        def_prog_mode()
        endwin()
    }

    /// Takes the terminal back after `suspend()` and repaints everything on the next draw.
    public func resume() {
        reset_prog_mode()
        invalidate()
        refresh()
    }

    /// Leaves curses mode: the terminal's modes and screen are restored.
    public func stop() {
        mousemask(0, nil)
        endwin()
        delscreen(screen)
    }

    private func attributes(for style: Style) -> attr_t {
        var attrs = tui_attr_normal()
        if style.attributes.contains(.bold) { attrs |= tui_attr_bold() }
        if style.attributes.contains(.dim) { attrs |= tui_attr_dim() }
        if style.attributes.contains(.reverse) { attrs |= tui_attr_reverse() }
        if style.attributes.contains(.underline) { attrs |= tui_attr_underline() }
        if style.attributes.contains(.italic) { attrs |= tui_attr_italic() }
        return attrs
    }

    /// The pair showing the style's colours; nil when the table is full and `canStartOver` (else pair 0).
    private func colorPair(for style: Style, canStartOver: Bool) -> Int32? {
        guard colorDepth != .none, style.hasColor else { return 0 }
        let style = theme.apply(style)
        let fg = colors.number(named: style.foreground, rgb: style.foregroundRGB)
        let bg = colors.number(named: style.background, rgb: style.backgroundRGB)
        if fg == -1, bg == -1 { return 0 }
        switch pairs.pair(foreground: fg, background: bg) {
        case .existing(let pair):
            return pair
        case .new(let pair):
            init_extended_pair(pair, fg, bg)
            return pair
        case .full:
            return canStartOver ? nil : 0
        }
    }
}
