#if canImport(Glibc)
import Glibc
#endif
import CNcursesw
import TerminalKit

/// Why the terminal could not be started.
public struct TerminalStartError: Error, CustomStringConvertible {
    public var description: String
}

/// The one backend: copies a `Buffer` to the screen through ncursesw, and reads keys, mouse reports
/// and resizes into `Event`s. Only this type (and the app) touches ncurses.
@MainActor
public final class NcursesTerminal {
    private let screen: OpaquePointer
    private var previous: Buffer?
    private var colorPairs: [Int: Int16] = [:]
    private let useColor: Bool

    /// Starts curses on the process's terminal. Fails (without exiting) when `TERM` is unusable.
    public static func start(useColor: Bool) throws -> NcursesTerminal {
        setlocale(LC_ALL, "")
        guard let screen = tui_newterm() else {
            let term = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw TerminalStartError(description: "cannot use this terminal (TERM=\(term))")
        }
        return NcursesTerminal(screen: screen, useColor: useColor)
    }

    private init(screen: OpaquePointer, useColor: Bool) {
        self.screen = screen
        let window = tui_stdscr()
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        let wantsColor = useColor && has_colors()
        if wantsColor {
            start_color()
            use_default_colors()
        }
        self.useColor = wantsColor
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

    /// Copies `buffer` to the screen, touching only cells that changed since the last draw.
    public func draw(_ buffer: Buffer) {
        let window = tui_stdscr()
        let full = previous.map { $0.width != buffer.width || $0.height != buffer.height } ?? true
        if full { werase(window) }
        let width = buffer.width
        let cells = buffer.cells
        let before = full ? nil : previous?.cells
        var cell = cchar_t()
        var lastStyle: Style?
        var attrs = tui_attr_normal()
        var pair: Int16 = 0
        // Cells are plain values: comparing them is a few integer compares, and the wide string
        // handed to ncurses (at most `Cell.maxScalars` scalars and a 0) lives on the stack.
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Cell.maxScalars + 1) { wide in
            cells.withUnsafeBufferPointer { cells in
                for y in 0..<buffer.height {
                    let row = y * width
                    var x = 0
                    while x < width {
                        let current = cells[row + x]
                        if current.isContinuation { x += 1; continue }
                        let index = row + x
                        x += Int(current.width)
                        if let before, before[index] == current,
                           current.width < 2 || before[index + 1] == cells[index + 1] { continue }
                        let count = current.scalarCount
                        for i in 0..<count { wide[i] = wchar_t(bitPattern: current.scalarValue(at: i)) }
                        if count == 0 { wide[0] = 0x20 }
                        wide[max(1, count)] = 0
                        if current.style != lastStyle {
                            lastStyle = current.style
                            attrs = attributes(for: current.style)
                            pair = colorPair(for: current.style)
                        }
                        tui_setcchar(&cell, wide.baseAddress, attrs, pair)
                        mvwadd_wch(window, Int32(y), Int32(index - row), &cell)
                    }
                }
            }
        }
        wnoutrefresh(window)
        doupdate()
        previous = buffer
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

    private func colorPair(for style: Style) -> Int16 {
        guard useColor, style.foreground != nil || style.background != nil else { return 0 }
        let fg = style.foreground?.rawValue ?? -1
        let bg = style.background?.rawValue ?? -1
        let key = (fg + 1) * 16 + (bg + 1)
        if let pair = colorPairs[key] { return pair }
        let pair = Int16(colorPairs.count + 1)
        guard Int32(pair) < tui_color_pairs() else { return 0 }
        init_pair(pair, Int16(fg), Int16(bg))
        colorPairs[key] = pair
        return pair
    }
}
