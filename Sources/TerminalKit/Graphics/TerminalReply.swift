/// An answer a terminal sends to one of the probe's queries, parsed from the bytes of one complete
/// escape sequence (which arrive as input). Anything else is `nil`: garbage is never an answer.
public enum TerminalReply: Sendable, Equatable {
    /// `ESC _G i=…;OK ESC \`: the kitty graphics protocol answered the query (`ok` false: an error text).
    case kittyGraphics(ok: Bool)
    /// DA1, `ESC [ ? 62 ; 4 ; 22 c`: the attributes (4 = sixel).
    case primaryAttributes([Int])
    /// XTVERSION, `ESC P > | xterm(390) ESC \`: the name and version, sanitized.
    case version(String)
    /// `CSI 16 t`'s answer `ESC [ 6 ; height ; width t`: one cell in pixels.
    case cellPixels(PixelSize)
    /// `CSI 14 t`'s answer `ESC [ 4 ; height ; width t`: the text area in pixels.
    case windowPixels(PixelSize)
    /// XTSMGRAPHICS's answer about sixel's colour registers, `ESC [ ? 1 ; 0 ; registers S`.
    case colorRegisters(Int)

    /// Longest sequence looked at: a reply is short, anything longer is not one.
    public static let maximumLength = 512

    /// The reply `sequence` (from its ESC to its last byte) is, or nil.
    public static func parse(_ sequence: [UInt8]) -> TerminalReply? {
        guard sequence.count >= 3, sequence.count <= maximumLength, sequence[0] == 0x1B else { return nil }
        switch sequence[1] {
        case UInt8(ascii: "["): return controlSequence(Array(sequence[2...]))
        case UInt8(ascii: "_"): return kitty(stringBody(sequence))
        case UInt8(ascii: "P"): return version(stringBody(sequence))
        default: return nil
        }
    }

    /// The body of a string sequence (APC, DCS) without its introducer and ST (`ESC \` or BEL).
    private static func stringBody(_ sequence: [UInt8]) -> [UInt8] {
        var body = Array(sequence[2...])
        if body.last == 0x07 || body.last == 0x9C {
            body.removeLast()
        } else if body.count >= 2, body[body.count - 2] == 0x1B, body[body.count - 1] == UInt8(ascii: "\\") {
            body.removeLast(2)
        } else {
            return []
        }
        return body
    }

    private static func kitty(_ body: [UInt8]) -> TerminalReply? {
        guard body.first == UInt8(ascii: "G"), let semicolon = body.firstIndex(of: UInt8(ascii: ";")) else { return nil }
        let message = body[(semicolon + 1)...]
        return .kittyGraphics(ok: Array(message) == Array("OK".utf8))
    }

    private static func version(_ body: [UInt8]) -> TerminalReply? {
        guard body.count >= 2, body[0] == UInt8(ascii: ">"), body[1] == UInt8(ascii: "|") else { return nil }
        let text = body[2...].prefix(80).filter { $0 >= 0x20 && $0 < 0x7F }
        return .version(String(decoding: text, as: UTF8.self))
    }

    /// `params final` after `ESC [`; a private marker `?` allowed for DA1.
    private static func controlSequence(_ rest: [UInt8]) -> TerminalReply? {
        guard let final = rest.last else { return nil }
        var body = rest.dropLast()
        let isPrivate = body.first == UInt8(ascii: "?")
        if isPrivate { body = body.dropFirst() }
        guard body.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ";") }) else { return nil }
        let numbers = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field -> Int? in
            guard !field.isEmpty, field.count <= 6 else { return nil }
            return field.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        switch (final, isPrivate) {
        case (UInt8(ascii: "c"), true):
            return .primaryAttributes(numbers.compactMap { $0 })
        case (UInt8(ascii: "S"), true):
            // Item 1 (colour registers), status 0 (success), the count.
            guard numbers.count == 3, numbers[0] == 1, numbers[1] == 0, let registers = numbers[2], registers > 0 else { return nil }
            return .colorRegisters(registers)
        case (UInt8(ascii: "t"), false):
            guard numbers.count == 3, let kind = numbers[0], let height = numbers[1], let width = numbers[2],
                  width > 0, height > 0 else { return nil }
            let size = PixelSize(width: width, height: height)
            switch kind {
            case 6: return .cellPixels(size)
            case 4: return .windowPixels(size)
            default: return nil
            }
        default:
            return nil
        }
    }
}
