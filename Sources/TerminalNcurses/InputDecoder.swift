import TerminalKit

/// Turns what `wget_wch` returns, one value after another, into keys and pastes: pure and stateful
/// (a paste may span several reads), so it is tested without a terminal.
///
/// Escape sequences curses did not recognise as keys arrive as ESC and then their characters: the
/// terminal's answers to the graphics probe (`ESC [ ? 62 ; 4 c`, `ESC _G…ESC \`, `ESC P>|…ESC \`)
/// among them. They are read whole, never turned into keys: an answer becomes a `TerminalReply`
/// (`takeReplies`), anything else is dropped. An ESC that ends a read, or is followed by anything
/// but `[`, is the Escape key (and an Alt combination is Escape and then its key).
///
/// A string (`ESC _`, `ESC P`, `ESC ]` … `ESC \` or BEL) is only ever the terminal answering a
/// query, and the terminal only answers when asked: it is read as one only while the backend says
/// answers are owed (`expectsReplies`), and even then only if it ends within `replyPatience` of its
/// first character (`replyDeadline`; the clock is injected) and within `TerminalReply.maximumLength`.
/// Otherwise it was typed: Alt-], Alt-P, Alt-_ and whatever came after them are keys, so a mistyped
/// Alt-] never leaves the app deaf to q.
///
/// Bracketed paste: the terminal wraps pasted text in `ESC[200~` … `ESC[201~`, which curses hands
/// over as the two key codes `pasteStartCode` and `pasteEndCode` (`define_key`). Everything between
/// them is text: it becomes `Key.paste`, never keys, so a pasted `x⏎q` cannot quit. The text is
/// cleaned here, at the boundary: escape sequences (whole) and control characters are dropped, line
/// breaks become `\n`, and a paste keeps at most `maximumPasteLength` characters (the rest of a
/// longer or never-ended paste is dropped; Ctrl-C still quits, being a signal).
public struct InputDecoder {
    /// The key codes the two bracketed-paste sequences are defined as (above curses' own and the
    /// extended keys terminfo adds, which count up from `KEY_MAX`).
    public static let pasteStartCode: Int32 = 0x7E00
    public static let pasteEndCode: Int32 = 0x7E01
    /// What the terminal sends around pasted text once `ESC[?2004h` asked for it.
    public static let pasteStartSequence = "\u{1B}[200~"
    public static let pasteEndSequence = "\u{1B}[201~"
    /// At most this many characters (Unicode scalars) of one paste are kept.
    public static let maximumPasteLength = 65_536
    /// How long a string the terminal may be answering with can take to end after its ESC: a
    /// terminal writes its answer at once (a few dozen bytes), so one still open after this was typed.
    static let replyPatience: Duration = .milliseconds(100)

    /// An escape sequence being dropped from pasted text.
    fileprivate enum Escape {
        /// After ESC: the next character says which kind.
        case started
        /// ESC followed by intermediates (0x20–0x2F): ends with a final character.
        case intermediate
        /// SS2, SS3 (`ESC N`, `ESC O`): one more character belongs to it.
        case singleShift
        /// CSI (`ESC [`, or C1 0x9B): parameters and intermediates, then a final 0x40–0x7E.
        case controlSequence
        /// OSC, DCS, SOS, PM, APC: a string that ends with BEL or ST (`ESC \\`, C1 0x9C).
        case string
        /// ESC inside such a string: `\\` ends it.
        case stringEscape
    }

    fileprivate struct Paste {
        var text = String.UnicodeScalarView()
        /// Scalars kept so far in this paste (across the parts delivered at the end of each read).
        var kept = 0
        var escape: Escape?
        var lastWasCarriageReturn = false
    }

    /// The paste being read (nil: keys are keys).
    private var paste: Paste?
    /// An escape sequence being read outside a paste (nil: none).
    private var sequence: EscapeSequence?
    /// The terminal's answers read so far (`takeReplies`).
    private var replies: [TerminalReply] = []
    /// The time now (injected: tests advance their own clock).
    private let now: () -> ContinuousClock.Instant
    /// Whether the terminal owes answers to queries it was sent (the backend says): only then do
    /// `ESC ]`, `ESC P` and `ESC _` start a string rather than being Alt-], Alt-P and Alt-_.
    var expectsReplies = false

    public init(now: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now }) {
        self.now = now
    }

    /// Whether a paste has started and not yet ended.
    public var isInPaste: Bool { paste != nil }

    /// When the string being read must have ended to be an answer (nil: none is being read). The
    /// backend waits for the rest of it until then; `endOfInput` after that turns it into keys.
    var replyDeadline: ContinuousClock.Instant? {
        guard let sequence, sequence.isString else { return nil }
        return sequence.started + Self.replyPatience
    }

    /// One value `wget_wch` returned: the events it completes, appended to `events`.
    /// - Parameters:
    ///   - code: the wide character or key code.
    ///   - isKeyCode: whether `wget_wch` returned `KEY_CODE_YES`.
    public mutating func decode(_ code: UInt32, isKeyCode: Bool, into events: inout [Event]) {
        let keyCode = Int32(truncatingIfNeeded: code)
        if isKeyCode, keyCode == Self.pasteStartCode {
            flushEscape(into: &events)
            if paste == nil { paste = Paste() }
            return
        }
        if isKeyCode, keyCode == Self.pasteEndCode {
            guard let ended = paste else { return } // an end without a start: nothing to end
            paste = nil
            if !ended.text.isEmpty { events.append(.key(.paste(String(ended.text)))) }
            return
        }
        if paste != nil {
            // Inside a paste a key code is an escape sequence curses recognised (an arrow's, say): dropped.
            guard !isKeyCode, let scalar = Unicode.Scalar(code) else { return }
            paste?.append(scalar)
            return
        }
        if let pending = sequence, pending.isString, now() >= pending.started + Self.replyPatience {
            giveUp(into: &events)
        }
        if sequence != nil {
            if isKeyCode {
                flushEscape(into: &events)
            } else if continueSequence(code, into: &events) {
                return
            }
        }
        if !isKeyCode, code == 0x1B {
            sequence = EscapeSequence(started: now())
            return
        }
        if let key = KeyDecoder.decode(code, isKeyCode: isKeyCode) { events.append(.key(key)) }
    }

    /// The read ended (nothing more is pending): a lone ESC is the Escape key; the text of a paste
    /// still open so far, so a long paste shows as it arrives and a never-ended one is not held back.
    /// A string still open past its `replyDeadline` was typed: its characters are keys.
    public mutating func endOfInput(into events: inout [Event]) {
        if sequence?.state == .escape { flushEscape(into: &events) }
        if let deadline = replyDeadline, now() >= deadline { giveUp(into: &events) }
        guard var open = paste, !open.text.isEmpty else { return }
        let text = String(open.text)
        open.text = String.UnicodeScalarView()
        paste = open
        events.append(.key(.paste(text)))
    }

    /// The terminal's answers recognised since the last call (`TerminalReply`).
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies.removeAll() }
        return replies
    }

    /// A key code came (curses recognised a key): a pending ESC is the Escape key, a string was typed
    /// (its characters are keys), a control sequence cut short is dropped.
    private mutating func flushEscape(into events: inout [Event]) {
        if sequence?.state == .escape { events.append(.key(.escape)) }
        if sequence?.isString == true { giveUp(into: &events) }
        sequence = nil
    }

    /// The string being read is no answer: its ESC is the Escape key and the rest are keys, as typed.
    private mutating func giveUp(into events: inout [Event]) {
        guard let typed = sequence else { return }
        sequence = nil
        for code in typed.codes {
            if let key = KeyDecoder.decode(code, isKeyCode: false) { events.append(.key(key)) }
        }
    }

    /// Feeds `code` to the sequence being read; false when it ended the sequence without belonging to
    /// it (an ESC followed by a key: Escape, then that key).
    private mutating func continueSequence(_ code: UInt32, into events: inout [Event]) -> Bool {
        guard var current = sequence else { return false }
        sequence = nil
        switch current.advance(code, stringsExpected: expectsReplies) {
        case .continues:
            sequence = current
            return true
        case .complete:
            if let reply = TerminalReply.parse(current.bytes) { replies.append(reply) }
            return true
        case .dropped:
            return true
        case .notASequence:
            events.append(.key(.escape))
            return false
        case .typed:
            // Longer than any answer: typed. Its characters so far are keys, and so is this one.
            sequence = current
            giveUp(into: &events)
            return false
        case .interrupted:
            // An ESC inside a string that does not end it (no answer holds one): the string was typed
            // (Alt-] and what followed), and that ESC begins what comes next (maybe an answer).
            current.dropLast()
            sequence = current
            giveUp(into: &events)
            sequence = EscapeSequence(started: now())
            return continueSequence(code, into: &events)
        }
    }
}

extension InputDecoder.Paste {
    /// Adds one pasted scalar, or drops it (part of an escape sequence, a control character, past
    /// the limit).
    mutating func append(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        let wasCarriageReturn = lastWasCarriageReturn
        lastWasCarriageReturn = false
        if let state = escape {
            escape = Self.escape(after: state, value)
            return
        }
        switch value {
        case 0x1B: escape = .started; return
        case 0x9B: escape = .controlSequence; return
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: escape = .string; return
        case 0x0D: lastWasCarriageReturn = true; keep("\n"); return
        case 0x0A: if !wasCarriageReturn { keep("\n") }; return
        case 0x09: keep("\t"); return
        default: break
        }
        if Sanitizer.isAllowed(scalar) { keep(scalar) }
    }

    private mutating func keep(_ scalar: Unicode.Scalar) {
        guard kept < InputDecoder.maximumPasteLength else { return }
        kept += 1
        text.append(scalar)
    }

    /// The state after `value` inside an escape sequence (nil: the sequence ended).
    private static func escape(after state: InputDecoder.Escape, _ value: UInt32) -> InputDecoder.Escape? {
        switch state {
        case .started:
            switch value {
            case 0x5B: return .controlSequence                          // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: return .string           // ] P X ^ _
            case 0x20...0x2F: return .intermediate
            case 0x4E, 0x4F: return .singleShift                        // N O
            case 0x1B: return .started
            default: return nil                                         // a two-character sequence
            }
        case .intermediate:
            return (0x20...0x2F).contains(value) ? .intermediate : nil
        case .singleShift:
            return nil
        case .controlSequence:
            // Parameters 0x30–0x3F and intermediates 0x20–0x2F continue; anything else ends it.
            return (0x20...0x3F).contains(value) ? .controlSequence : nil
        case .string:
            switch value {
            case 0x07, 0x9C: return nil
            case 0x1B: return .stringEscape
            default: return .string
            }
        case .stringEscape:
            return value == 0x5C ? nil : .string
        }
    }
}

/// An escape sequence read outside a paste: CSI (`ESC [` … final byte) or, while answers are
/// expected, a string (`ESC _`, `ESC P`, `ESC ]` … `ESC \\` or BEL), bounded by
/// `TerminalReply.maximumLength`.
private struct EscapeSequence {
    enum State: Equatable { case escape, controlSequence, string, stringEscape }
    enum Step {
        case continues, complete, dropped, notASequence
        /// A string longer than any answer: not one (the code that made it so is not kept).
        case typed
        /// An ESC in a string followed by anything but `\\`: the string is no answer, and that ESC
        /// (kept, the code after it not) begins another sequence.
        case interrupted
    }

    var state = State.escape
    /// When its ESC was read.
    let started: ContinuousClock.Instant
    /// What was read, as read (a string given up becomes these keys again).
    private(set) var codes: [UInt32] = [0x1B]
    /// Longer than any reply: read to its end, then dropped.
    var overflowed = false
    private var discarded = 0

    init(started: ContinuousClock.Instant) {
        self.started = started
    }

    /// Whether it is a string (which ends only at BEL or ST, so may have been typed).
    var isString: Bool { state == .string || state == .stringEscape }

    /// The sequence's bytes (a character beyond Latin-1 as `?`: no answer has one).
    var bytes: [UInt8] { codes.map { $0 < 0x100 ? UInt8($0) : 0x3F } }

    mutating func advance(_ code: UInt32, stringsExpected: Bool) -> Step {
        switch state {
        case .escape:
            switch code {
            case 0x5B: state = .controlSequence
            case 0x5F, 0x50, 0x5D:
                guard stringsExpected else { return .notASequence }
                state = .string
            default: return .notASequence
            }
        case .controlSequence:
            guard (0x20...0x7E).contains(code) else { return .dropped }
            if code >= 0x40 { keep(code); return overflowed ? .dropped : .complete }
        case .string, .stringEscape:
            if state == .stringEscape { return code == 0x5C ? finish(code) : .interrupted }
            if code == 0x07 { return finish(code) }
            guard codes.count < TerminalReply.maximumLength else { return .typed }
            if code == 0x1B { state = .stringEscape }
            codes.append(code)
            return .continues
        }
        keep(code)
        // A control sequence never ended must not swallow the keys after it: past four times the
        // longest reply, it is given up.
        if codes.count >= TerminalReply.maximumLength { overflowed = true }
        if overflowed, discarded > 4 * TerminalReply.maximumLength { return .dropped }
        return .continues
    }

    /// Its last code taken away (the ESC that interrupted a string).
    mutating func dropLast() {
        if codes.count > 1 { codes.removeLast() }
    }

    private mutating func finish(_ code: UInt32) -> Step {
        codes.append(code)
        return .complete
    }

    private mutating func keep(_ code: UInt32) {
        if overflowed { discarded += 1; return }
        codes.append(code)
    }
}
