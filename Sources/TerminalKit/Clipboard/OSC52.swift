/// The bytes that put text on the terminal's clipboard (OSC 52), which works over SSH: the terminal
/// emulator on the user's machine does the copying. Pure functions: the caller writes the bytes.
///
/// The sequence is `ESC ] 52 ; c ; BASE64 BEL` (or `ESC \` as terminator). Inside tmux (`$TMUX` set)
/// it is wrapped in a DCS passthrough, `ESC P tmux ; … ESC \`, with every ESC of the inner sequence
/// doubled, so tmux hands it on to the outer terminal (tmux needs `allow-passthrough on`, or
/// `set-clipboard on`, which reads the unwrapped form too).
public enum OSC52 {
    /// Longest base64 payload sent (100,000 bytes, about 75 KB of text): terminals drop or truncate
    /// longer sequences (xterm's default limit, hterm's), and a half-copied clipboard is worse than none.
    public static let maximumPayloadBytes = 100_000

    /// How the OSC sequence ends.
    public enum Terminator: Sendable, Hashable {
        /// BEL (0x07): understood by every terminal that implements OSC 52.
        case bell
        /// String terminator `ESC \`: the standard form.
        case stringTerminator
    }

    /// Why no sequence was produced.
    public enum Failure: Error, Sendable, Hashable {
        /// The text encodes to more than `maximumPayloadBytes` of base64.
        case tooLarge(payloadBytes: Int, limit: Int)
    }

    /// Whether the environment says we run inside tmux (`$TMUX` set and not empty).
    public static func isInsideTmux(environment: [String: String]) -> Bool {
        !(environment["TMUX"] ?? "").isEmpty
    }

    /// The bytes that copy `text` (as UTF-8) to the clipboard, wrapped for tmux when `insideTmux`.
    public static func sequence(copying text: String, insideTmux: Bool,
                                terminator: Terminator = .bell) throws(Failure) -> [UInt8] {
        let payloadBytes = (text.utf8.count + 2) / 3 * 4
        guard payloadBytes <= maximumPayloadBytes else {
            throw .tooLarge(payloadBytes: payloadBytes, limit: maximumPayloadBytes)
        }
        var osc: [UInt8] = [0x1B, 0x5D] + Array("52;c;".utf8)   // ESC ]
        osc.reserveCapacity(osc.count + payloadBytes + 2)
        osc += base64(text.utf8)
        switch terminator {
        case .bell: osc.append(0x07)
        case .stringTerminator: osc += [0x1B, 0x5C]                // ESC \
        }
        return insideTmux ? wrappedForTmux(osc) : osc
    }

    /// `sequence(copying:insideTmux:terminator:)` with tmux detected from the environment.
    public static func sequence(copying text: String, environment: [String: String],
                                terminator: Terminator = .bell) throws(Failure) -> [UInt8] {
        try sequence(copying: text, insideTmux: isInsideTmux(environment: environment), terminator: terminator)
    }

    /// A sequence in tmux's DCS passthrough: `ESC P tmux ;`, the sequence with each ESC doubled, `ESC \`.
    public static func wrappedForTmux(_ sequence: [UInt8]) -> [UInt8] {
        var wrapped: [UInt8] = [0x1B, 0x50] + Array("tmux;".utf8)   // ESC P
        for byte in sequence {
            if byte == 0x1B { wrapped.append(0x1B) }
            wrapped.append(byte)
        }
        wrapped += [0x1B, 0x5C]
        return wrapped
    }

    /// Standard base64 (RFC 4648, with padding).
    public static func base64<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let b0 = iterator.next() {
            let b1 = iterator.next(), b2 = iterator.next()
            let group = UInt32(b0) << 16 | UInt32(b1 ?? 0) << 8 | UInt32(b2 ?? 0)
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(b1 == nil ? 0x3D : alphabet[Int(group >> 6 & 0x3F)])
            output.append(b2 == nil ? 0x3D : alphabet[Int(group & 0x3F)])
        }
        return output
    }
}
