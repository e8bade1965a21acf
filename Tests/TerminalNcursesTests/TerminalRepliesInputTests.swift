import CNcursesw
import Testing
import TerminalKit
@testable import TerminalNcurses

@Suite("The probe's answers in the input: consumed, never keys")
struct TerminalRepliesInputTests {
    /// Feeds each read (characters one `wget_wch` value each) and ends it, the terminal owing answers
    /// and the clock standing still (every answer comes at once); the events and the replies.
    func read(_ reads: [String], keyCodes: [Int: Int32] = [:]) -> (events: [Event], replies: [TerminalReply]) {
        let instant = ContinuousClock.now
        var decoder = InputDecoder(now: { instant })
        decoder.expectsReplies = true
        var events: [Event] = []
        for (index, text) in reads.enumerated() {
            for scalar in text.unicodeScalars { decoder.decode(scalar.value, isKeyCode: false, into: &events) }
            if let code = keyCodes[index] { decoder.decode(UInt32(bitPattern: code), isKeyCode: true, into: &events) }
            decoder.endOfInput(into: &events)
        }
        return (events, decoder.takeReplies())
    }

    @Test("xterm -ti vt340's answers between two keys: the keys, and the replies")
    func xtermAnswers() {
        let answers = "\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[4;510;700t\u{1B}[?63;1;2;4;6;9;15;16;22;28c"
        let result = read(["j" + answers + "k"])
        #expect(result.events == [.key(.character("j")), .key(.character("k"))])
        #expect(result.replies == [.version("XTerm(390)"), .windowPixels(PixelSize(width: 700, height: 510)),
                                   .primaryAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28])])
    }

    @Test("kitty's answer split over two reads is still one answer")
    func split() {
        let result = read(["\u{1B}_Gi=31;O", "K\u{1B}\\q"])
        #expect(result.events == [.key(.character("q"))])
        #expect(result.replies == [.kittyGraphics(ok: true)])
    }

    @Test("Escape stays a key: alone, before a letter, before a function key, twice")
    func escapeKey() {
        #expect(read(["\u{1B}"]).events == [.key(.escape)])
        #expect(read(["\u{1B}q"]).events == [.key(.escape), .key(.character("q"))])
        #expect(read(["\u{1B}"], keyCodes: [0: KEY_UP]).events == [.key(.escape), .key(.up)])
        #expect(read(["\u{1B}\u{1B}"]).events == [.key(.escape), .key(.escape)])
    }

    @Test("Garbage sequences are dropped whole, the keys after them kept")
    func garbage() {
        let result = read(["\u{1B}[99;99Xa", "\u{1B}]11;rgb:0/0/0\u{07}b", "\u{1B}[1\u{01}c"])
        #expect(result.events == [.key(.character("a")), .key(.character("b")), .key(.character("c"))])
        #expect(result.replies.isEmpty)
    }

    @Test("A string longer than any answer was typed: every character of it is a key")
    func neverEnded() {
        let result = read(["\u{1B}_G" + String(repeating: "x", count: 3000), "q"])
        #expect(result.events == [.key(.escape), .key(.character("_")), .key(.character("G"))]
                + Array(repeating: .key(.character("x")), count: 3000) + [.key(.character("q"))])
        #expect(result.replies.isEmpty)
    }

    @Test("Inside a paste an answer-like text is pasted text, as before")
    func paste() {
        var decoder = InputDecoder()
        var events: [Event] = []
        decoder.decode(UInt32(InputDecoder.pasteStartCode), isKeyCode: true, into: &events)
        for scalar in "a\u{1B}[?62cb".unicodeScalars { decoder.decode(scalar.value, isKeyCode: false, into: &events) }
        decoder.decode(UInt32(InputDecoder.pasteEndCode), isKeyCode: true, into: &events)
        #expect(events == [.key(.paste("ab"))])
        #expect(decoder.takeReplies().isEmpty)
    }
}
