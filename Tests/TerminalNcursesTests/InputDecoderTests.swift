import CNcursesw
import Testing
import TerminalKit
@testable import TerminalNcurses

@Suite("Input decoding: keys and bracketed paste")
struct InputDecoderTests {
    /// What one `wget_wch` call returned.
    enum Raw {
        /// Characters, one call each.
        case text(String)
        case keyCode(Int32)
        static let start = Raw.keyCode(InputDecoder.pasteStartCode)
        static let end = Raw.keyCode(InputDecoder.pasteEndCode)
    }

    /// One read: every value in turn, then the end of the input.
    func read(_ raws: [Raw], into decoder: inout InputDecoder) -> [Event] {
        var events: [Event] = []
        for raw in raws {
            switch raw {
            case .text(let text):
                for scalar in text.unicodeScalars {
                    decoder.decode(scalar.value, isKeyCode: false, into: &events)
                }
            case .keyCode(let code):
                decoder.decode(UInt32(bitPattern: code), isKeyCode: true, into: &events)
            }
        }
        decoder.endOfInput(into: &events)
        return events
    }

    func read(_ raws: Raw...) -> [Event] {
        var decoder = InputDecoder()
        return read(raws, into: &decoder)
    }

    @Test("Outside a paste keys are keys, as KeyDecoder makes them")
    func keys() {
        #expect(read(.text("q\r"), .keyCode(KEY_UP)) == [.key(.character("q")), .key(.enter), .key(.up)])
    }

    @Test("A paste is one event of text: its line breaks, f and q are not keys")
    func pasteIsText() {
        #expect(read(.text("a"), .start, .text("gem\rfj"), .end, .text("q"))
                == [.key(.character("a")), .key(.paste("gem\nfj")), .key(.character("q"))])
        #expect(read(.start, .text("x\rq"), .end) == [.key(.paste("x\nq"))])
        #expect(read(.start, .text("one\r\ntwo\nthree\tfour"), .end) == [.key(.paste("one\ntwo\nthree\tfour"))])
    }

    @Test("Escape sequences and control characters in a paste are dropped whole, never run")
    func pasteIsSanitized() {
        let hostile = "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}ok\u{1B}]8;;http://x\u{1B}\\link\u{01}\u{7F}\u{9B}2J\u{202E}\u{1B}OAz\u{1B}(B!"
        #expect(read(.start, .text(hostile), .end) == [.key(.paste("red oklinkz!"))])
        // Sequences curses recognised as keys (an arrow's) are dropped too; so is Esc alone, and Esc
        // with the character after it (Alt-b).
        #expect(read(.start, .text("a"), .keyCode(KEY_UP), .keyCode(KEY_ENTER), .text("b\u{1B}"), .end) == [.key(.paste("ab"))])
        #expect(read(.start, .text("a\u{1B}bc"), .end) == [.key(.paste("ac"))])
    }

    @Test("A paste split across reads: each read delivers what it brought; the rest stays text until the end")
    func splitAcrossReads() {
        var decoder = InputDecoder()
        #expect(read([.start, .text("ab\r")], into: &decoder) == [.key(.paste("ab\n"))])
        #expect(decoder.isInPaste)
        // The line feed of a CR LF split between reads, and an escape sequence split between reads.
        #expect(read([.text("\ncd\u{1B}[3")], into: &decoder) == [.key(.paste("cd"))])
        #expect(read([.text("1mq"), .end, .text("q")], into: &decoder) == [.key(.paste("q")), .key(.character("q"))])
        #expect(!decoder.isInPaste)
    }

    @Test("A paste that never ends keeps at most maximumPasteLength characters; its end makes keys keys again")
    func neverEndedPasteIsBounded() {
        var decoder = InputDecoder()
        var kept = 0
        let chunk = String(repeating: "a", count: 10_000)
        for index in 0..<10 {
            let events = read(index == 0 ? [.start, .text(chunk)] : [.text(chunk)], into: &decoder)
            for case .key(.paste(let text)) in events { kept += text.count }
            #expect(events.allSatisfy { if case .key(.paste) = $0 { true } else { false } })
        }
        #expect(kept == InputDecoder.maximumPasteLength)
        #expect(read([.text("q")], into: &decoder) == [])
        #expect(read([.end, .text("q")], into: &decoder) == [.key(.character("q"))])
    }

    @Test("An end without a start, a start twice, an empty paste: nothing odd")
    func edges() {
        #expect(read(.end, .text("q")) == [.key(.character("q"))])
        #expect(read(.start, .text("a"), .start, .text("b"), .end) == [.key(.paste("ab"))])
        #expect(read(.start, .end) == [])
        #expect(read(.start, .text("\u{1B}[2J"), .end) == [])
    }

    @Test("The paste codes are no key curses or terminfo's extended keys use")
    func codes() {
        #expect(InputDecoder.pasteStartCode > KEY_MAX + 1000)
        #expect(InputDecoder.pasteEndCode != InputDecoder.pasteStartCode)
        #expect(KeyDecoder.decode(UInt32(InputDecoder.pasteStartCode), isKeyCode: true) == nil)
    }
}
