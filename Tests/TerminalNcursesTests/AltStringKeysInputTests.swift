import CNcursesw
import Testing
import TerminalKit
@testable import TerminalNcurses

/// A clock a test moves by hand.
final class ManualClock {
    var now = ContinuousClock.now

    func advance(by duration: Duration) { now += duration }
}

/// Alt-], Alt-P and Alt-_ send `ESC ]`, `ESC P` and `ESC _`, which also begin the strings a terminal
/// answers queries with. They are keys unless the terminal owes answers, and even then a string that
/// does not end within `replyPatience` (or within the longest answer) was typed: its characters are keys.
@Suite("Alt-], Alt-P, Alt-_: keys, never a string that swallows the keys after it")
struct AltStringKeysInputTests {
    let clock = ManualClock()

    func decoder(expectsReplies: Bool) -> InputDecoder {
        let clock = clock
        var decoder = InputDecoder(now: { clock.now })
        decoder.expectsReplies = expectsReplies
        return decoder
    }

    /// One read: `text` a character a `wget_wch` value, then the end of the input.
    func read(_ text: String, into decoder: inout InputDecoder) -> [Event] {
        var events: [Event] = []
        for scalar in text.unicodeScalars { decoder.decode(scalar.value, isKeyCode: false, into: &events) }
        decoder.endOfInput(into: &events)
        return events
    }

    func keys(_ text: String) -> [Event] {
        text.map { .key(.character($0)) }
    }

    @Test("Nothing asked: ESC ], ESC P, ESC _ are Escape and the character, and q after them is q",
          arguments: ["]", "P", "_"])
    func nothingAsked(introducer: String) {
        var decoder = decoder(expectsReplies: false)
        #expect(read("\u{1B}" + introducer + "q", into: &decoder) == [.key(.escape)] + keys(introducer + "q"))
        // Alone at the end of a read, then q in the next: nothing is held back.
        #expect(read("\u{1B}" + introducer, into: &decoder) == [.key(.escape)] + keys(introducer))
        #expect(read("q", into: &decoder) == keys("q"))
        #expect(decoder.replyDeadline == nil)
    }

    @Test("Nothing asked: what looks like an answer is keys too (nothing reads it as one)")
    func answerShapedKeys() {
        var decoder = decoder(expectsReplies: false)
        #expect(read("\u{1B}_Gi=31;OK\u{1B}\\", into: &decoder)
                == [.key(.escape)] + keys("_Gi=31;OK") + [.key(.escape), .key(.character("\\"))])
        #expect(decoder.takeReplies().isEmpty)
        // Control sequences are still read whole and dropped (a key curses did not know).
        #expect(read("\u{1B}[1;2Pq", into: &decoder) == keys("q"))
    }

    @Test("Answers owed: an answer split over reads within the patience is an answer, never keys")
    func answerSplit() {
        var decoder = decoder(expectsReplies: true)
        #expect(read("\u{1B}P>|XTe", into: &decoder).isEmpty)
        #expect(decoder.replyDeadline == clock.now + InputDecoder.replyPatience)
        clock.advance(by: .milliseconds(20))
        #expect(read("rm(390)\u{1B}\\j", into: &decoder) == keys("j"))
        #expect(decoder.takeReplies() == [.version("XTerm(390)")])
        #expect(decoder.replyDeadline == nil)
    }

    @Test("Answers owed: Alt-] and q, then nothing: at the deadline they are Escape, ] and q")
    func typedWhileOwedThenSilence() {
        var decoder = decoder(expectsReplies: true)
        #expect(read("\u{1B}]q", into: &decoder).isEmpty)
        clock.advance(by: InputDecoder.replyPatience - .milliseconds(1))
        var events: [Event] = []
        decoder.endOfInput(into: &events)
        #expect(events.isEmpty, "still within the patience")
        clock.advance(by: .milliseconds(1))
        decoder.endOfInput(into: &events)
        #expect(events == [.key(.escape)] + keys("]q"))
        #expect(decoder.replyDeadline == nil)
        #expect(read("?", into: &decoder) == keys("?"))
    }

    @Test("Answers owed: Alt-P, then q after the patience: Escape, P, q")
    func typedWhileOwedThenKey() {
        var decoder = decoder(expectsReplies: true)
        #expect(read("\u{1B}P", into: &decoder).isEmpty)
        clock.advance(by: .milliseconds(300))
        #expect(read("q", into: &decoder) == [.key(.escape)] + keys("Pq"))
    }

    @Test("Answers owed: a key curses recognised (an arrow) ends the string: its keys, then the arrow")
    func keyCodeEndsString() {
        var decoder = decoder(expectsReplies: true)
        var events: [Event] = []
        for scalar in "\u{1B}_x".unicodeScalars { decoder.decode(scalar.value, isKeyCode: false, into: &events) }
        decoder.decode(UInt32(bitPattern: KEY_UP), isKeyCode: true, into: &events)
        #expect(events == [.key(.escape), .key(.character("_")), .key(.character("x")), .key(.up)])
    }

    @Test("Answers owed: a paste starting ends the string: its keys, then the paste")
    func pasteEndsString() {
        var decoder = decoder(expectsReplies: true)
        var events: [Event] = []
        for scalar in "\u{1B}]".unicodeScalars { decoder.decode(scalar.value, isKeyCode: false, into: &events) }
        decoder.decode(UInt32(InputDecoder.pasteStartCode), isKeyCode: true, into: &events)
        for scalar in "hi".unicodeScalars { decoder.decode(scalar.value, isKeyCode: false, into: &events) }
        decoder.decode(UInt32(InputDecoder.pasteEndCode), isKeyCode: true, into: &events)
        #expect(events == [.key(.escape), .key(.character("]")), .key(.paste("hi"))])
    }

    @Test("Answers owed: a string longer than any answer is keys at once, Escape inside it too")
    func longerThanAnyAnswer() {
        var decoder = decoder(expectsReplies: true)
        let typed = String(repeating: "a", count: TerminalReply.maximumLength + 10)
        #expect(read("\u{1B}_" + typed + "\u{1B}q", into: &decoder)
                == [.key(.escape)] + keys("_" + typed) + [.key(.escape), .key(.character("q"))])
    }

    @Test("Answers owed: the string's other characters come back as the keys they were (Ctrl, Escape)")
    func controlKeysInside() {
        var decoder = decoder(expectsReplies: true)
        #expect(read("\u{1B}]\u{03}x", into: &decoder).isEmpty)
        clock.advance(by: .seconds(1))
        var events: [Event] = []
        decoder.endOfInput(into: &events)
        #expect(events == [.key(.escape), .key(.character("]")), .key(.control("c")), .key(.character("x"))])
    }

    @Test("Answers owed: Alt-] and q typed just before the answers came: the keys, then the answers")
    func typedBeforeAnswers() {
        var decoder = decoder(expectsReplies: true)
        let answers = "\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2;4c"
        #expect(read("\u{1B}]q" + answers, into: &decoder) == [.key(.escape)] + keys("]q"))
        #expect(decoder.takeReplies() == [.version("tmux 3.4"), .primaryAttributes([1, 2, 4])])
        // An ESC in a string before another ESC or a key: Escape keys, nothing held.
        #expect(read("\u{1B}_a\u{1B}\u{1B}b", into: &decoder)
                == [.key(.escape)] + keys("_a") + [.key(.escape), .key(.escape), .key(.character("b"))])
        #expect(decoder.replyDeadline == nil)
    }
}
