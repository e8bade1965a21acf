import Testing
import TerminalKit

@Suite("OSC 52 clipboard")
struct OSC52Tests {
    private func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

    @Test("The sequence is ESC ] 52 ; c ; base64 BEL")
    func plainSequence() throws {
        let sequence = try OSC52.sequence(copying: "git clone https://github.com/o/r", insideTmux: false)
        #expect(sequence == bytes("\u{1B}]52;c;Z2l0IGNsb25lIGh0dHBzOi8vZ2l0aHViLmNvbS9vL3I=\u{07}"))
    }

    @Test("With the string terminator the sequence ends in ESC \\")
    func stringTerminator() throws {
        let sequence = try OSC52.sequence(copying: "abc", insideTmux: false, terminator: .stringTerminator)
        #expect(sequence == [0x1B, 0x5D, 0x35, 0x32, 0x3B, 0x63, 0x3B, 0x59, 0x57, 0x4A, 0x6A, 0x1B, 0x5C])
    }

    @Test("Inside tmux the sequence is wrapped in a DCS passthrough with every ESC doubled")
    func tmuxWrapped() throws {
        let sequence = try OSC52.sequence(copying: "owner/name", insideTmux: true)
        #expect(sequence == bytes("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;b3duZXIvbmFtZQ==\u{07}\u{1B}\\"))
        let withST = try OSC52.sequence(copying: "a", insideTmux: true, terminator: .stringTerminator)
        #expect(withST == bytes("\u{1B}Ptmux;\u{1B}\u{1B}]52;c;YQ==\u{1B}\u{1B}\\\u{1B}\\"))
    }

    @Test("tmux is detected from a non-empty $TMUX")
    func tmuxDetection() throws {
        #expect(OSC52.isInsideTmux(environment: ["TMUX": "/tmp/tmux-1000/default,123,0"]))
        #expect(!OSC52.isInsideTmux(environment: ["TMUX": ""]))
        #expect(!OSC52.isInsideTmux(environment: [:]))
        let wrapped = try OSC52.sequence(copying: "x", environment: ["TMUX": "/tmp/t,1,0"])
        #expect(wrapped.starts(with: bytes("\u{1B}Ptmux;")))
        let plain = try OSC52.sequence(copying: "x", environment: [:])
        #expect(plain == bytes("\u{1B}]52;c;eA==\u{07}"))
    }

    @Test("Base64 pads to whole groups and encodes UTF-8")
    func base64() {
        #expect(OSC52.base64([UInt8]()) == [])
        #expect(OSC52.base64(bytes("f")) == bytes("Zg=="))
        #expect(OSC52.base64(bytes("fo")) == bytes("Zm8="))
        #expect(OSC52.base64(bytes("foo")) == bytes("Zm9v"))
        #expect(OSC52.base64(bytes("foob")) == bytes("Zm9vYg=="))
        #expect(OSC52.base64([0xFF, 0xFE, 0xFD]) == bytes("//79"))
        #expect(OSC52.base64(bytes("日本")) == bytes("5pel5pys"))
    }

    @Test("Text whose payload passes the cap is refused; text at the cap is accepted")
    func sizeCap() throws {
        let atCap = String(repeating: "a", count: OSC52.maximumPayloadBytes / 4 * 3)
        let sequence = try OSC52.sequence(copying: atCap, insideTmux: false)
        #expect(sequence.count == OSC52.maximumPayloadBytes + 8)
        let over = atCap + "a"
        #expect(throws: OSC52.Failure.tooLarge(payloadBytes: OSC52.maximumPayloadBytes + 4, limit: OSC52.maximumPayloadBytes)) {
            try OSC52.sequence(copying: over, insideTmux: false)
        }
    }

    @Test("Control characters in the text travel inside the base64, never raw")
    func controlsEncoded() throws {
        let sequence = try OSC52.sequence(copying: "\u{1B}]0;pwned\u{07}", insideTmux: false)
        #expect(sequence.filter { $0 == 0x1B }.count == 1)
        #expect(sequence.filter { $0 == 0x07 }.count == 1)
    }
}
