import Foundation
import Testing

/// Nothing in `Sources/` may stop the app on what it reads: no force unwrap (`x!`, an implicitly
/// unwrapped `T!`), `try!`, `as!`, `precondition`, `preconditionFailure` or `fatalError`. A README, a
/// server's answer or a file is handled, never trapped on (a README's code fence once ended the app).
/// The code of every `.swift` file is read with its comments and the text of its string literals blanked,
/// so `!=`, `!flag`, a `!` in a string or a comment never count; code inside `\(…)` does.
@Suite("Sources: no force unwrap, try!, as!, precondition or fatalError")
struct SourceTrapsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Not scanned: TestSupport is built only into the tests and the fake server, never into the app;
    /// its `preconditionFailure`s name a fixture missing from a broken test set-up.
    static let skippedFolders = ["TestSupport"]

    /// Traps still there while another change reworks their code, each with why. Shrinks to nothing.
    static let allowed: [(file: String, code: String, reason: String)] = []

    @Test("Every Swift file under Sources/ is free of traps (beyond the listed few)")
    func sourcesHaveNoTraps() throws {
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        var scanned = 0
        var found: [String] = []
        for url in files {
            let relative = String(url.path.dropFirst(Self.sources.path.count + 1))
            if Self.skippedFolders.contains(where: { relative.hasPrefix($0 + "/") }) { continue }
            scanned += 1
            let source = try String(contentsOf: url, encoding: .utf8)
            let lines = Array(source.utf8).split(separator: 0x0A, omittingEmptySubsequences: false)
            for trap in SwiftTraps.find(in: source) {
                let text = trap.line <= lines.count
                    ? String(decoding: lines[trap.line - 1], as: UTF8.self).trimmingCharacters(in: .whitespaces) : ""
                if Self.allowed.contains(where: { relative.hasSuffix($0.file) && text.contains($0.code) }) { continue }
                found.append("Sources/\(relative):\(trap.line): \(trap.kind): \(text)")
            }
        }
        #expect(scanned > 100, "Sources/ not found at \(Self.sources.path)")
        #expect(found.isEmpty, "\(found.count) traps:\n\(found.joined(separator: "\n"))")
    }

    @Test("The scanner finds every kind of trap, in code and in interpolations, on the right line")
    func scannerFinds() {
        let source = ##"""
            let a = value!
            let b = try! decode()
            let c = thing as! Int
            precondition(a > 0)
            Swift.fatalError("x")
            preconditionFailure ("y")
            var d: Encoder!
            let e = URL(string: text)!.path
            let f = list[0]!
            let g = "text \(name!) more"
            let h = #"raw \#(other!)"#
            let i = """
                lines \(deep(call(x!)))
                """
            """##
        let found = SwiftTraps.find(in: source)
        #expect(found.map(\.line) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13])
        #expect(found.map(\.kind) == ["force unwrap", "try!", "as!", "precondition", "fatalError", "preconditionFailure",
                                      "force unwrap", "force unwrap", "force unwrap", "force unwrap", "force unwrap",
                                      "force unwrap"])
    }

    @Test("Negations, comparisons, strings, raw strings, comments and names that only contain a trap's are no traps")
    func scannerIgnores() {
        let source = ##"""
            if a != b, !flag, a !== b, !(x && y) { return }
            let s = "Hello! fatalError(x) y! try! \"quoted!\" \(a != b) \(!c)"
            let r = #"raw "x!" \(not!) end"#
            let m = """
                many! lines as! Int
                "quoted!" \"""
                """
            // a comment with x! and precondition(y)
            /* a block /* nested x! */ still comment y! */
            /// Docs: `try!` traps.
            myprecondition(x); preconditionally(y); fatalErrors(z)
            #if !os(Linux)
            #endif
            let done = true
            """##
        #expect(SwiftTraps.find(in: source).isEmpty, "\(SwiftTraps.find(in: source))")
    }
}

/// Finds traps in Swift source: the code is read with comments and string literals' text blanked (line
/// breaks kept), the code of interpolations kept.
enum SwiftTraps {
    struct Trap: Equatable, CustomStringConvertible {
        var line: Int
        var kind: String
        var description: String { "\(line): \(kind)" }
    }

    static let trappingCalls: Set<String> = ["precondition", "preconditionFailure", "fatalError"]

    static func find(in source: String) -> [Trap] {
        var traps: [Trap] = []
        for (index, line) in blanked(source).split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            for kind in kinds(in: Array(line)) { traps.append(Trap(line: index + 1, kind: kind)) }
        }
        return traps
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F || byte >= 0x80
    }

    /// The traps on one line of blanked code.
    private static func kinds(in line: [UInt8]) -> [String] {
        var kinds: [String] = []
        var index = 0
        while index < line.count {
            let byte = line[index]
            if byte == UInt8(ascii: "!"), index > 0 {
                let previous = line[index - 1]
                let next: UInt8? = index + 1 < line.count ? line[index + 1] : nil
                // Postfix `!` (after a name, a call, a subscript or a generic type), not `!=` or `!==`.
                if isIdentifier(previous) || previous == UInt8(ascii: ")") || previous == UInt8(ascii: "]")
                    || previous == UInt8(ascii: ">"), next != UInt8(ascii: "=") {
                    var start = index
                    while start > 0, isIdentifier(line[start - 1]) { start -= 1 }
                    let word = String(decoding: line[start..<index], as: UTF8.self)
                    kinds.append(word == "try" ? "try!" : word == "as" ? "as!" : "force unwrap")
                }
                index += 1
            } else if isIdentifier(byte), index == 0 || !isIdentifier(line[index - 1]) {
                var end = index
                while end < line.count, isIdentifier(line[end]) { end += 1 }
                let word = String(decoding: line[index..<end], as: UTF8.self)
                var after = end
                while after < line.count, line[after] == UInt8(ascii: " ") { after += 1 }
                if trappingCalls.contains(word), after < line.count, line[after] == UInt8(ascii: "(") { kinds.append(word) }
                index = end
            } else {
                index += 1
            }
        }
        return kinds
    }

    private enum Context {
        case code(openParentheses: Int)
        case string(multiline: Bool, hashes: Int)
    }

    /// The source's bytes with comments and string literals' text (escapes included) made spaces;
    /// line breaks stay, so lines keep their numbers, and so does the code inside `\(…)`.
    static func blanked(_ source: String) -> [UInt8] {
        let bytes = Array(source.utf8)
        var code = bytes
        var stack: [Context] = [.code(openParentheses: 0)]
        var index = 0
        func blank(_ range: Range<Int>) {
            for position in range where position < code.count && code[position] != 0x0A { code[position] = 0x20 }
        }
        func starts(_ text: String, at position: Int) -> Bool {
            let pattern = Array(text.utf8)
            return position + pattern.count <= bytes.count && bytes[position..<(position + pattern.count)].elementsEqual(pattern)
        }
        func hashes(from position: Int) -> Int {
            var end = position
            while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
            return end - position
        }
        while index < bytes.count, let context = stack.last {
            switch context {
            case .code(let open):
                if starts("//", at: index) {
                    var end = index
                    while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                    blank(index..<end)
                    index = end
                } else if starts("/*", at: index) {
                    var depth = 0
                    var end = index
                    repeat {
                        if starts("/*", at: end) { depth += 1; end += 2 } else if starts("*/", at: end) { depth -= 1; end += 2 } else { end += 1 }
                    } while depth > 0 && end < bytes.count
                    blank(index..<end)
                    index = end
                } else if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "#") {
                    let count = hashes(from: index)
                    let quote = index + count
                    guard quote < bytes.count, bytes[quote] == UInt8(ascii: "\"") else { index += max(count, 1); continue }
                    let multiline = starts("\"\"\"", at: quote)
                    stack.append(.string(multiline: multiline, hashes: count))
                    index = quote + (multiline ? 3 : 1)
                } else if bytes[index] == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(openParentheses: open + 1)
                    index += 1
                } else if bytes[index] == UInt8(ascii: ")") {
                    if open == 0, stack.count > 1 {
                        stack.removeLast()   // the end of an interpolation: back in its string
                    } else {
                        stack[stack.count - 1] = .code(openParentheses: max(0, open - 1))
                    }
                    index += 1
                } else {
                    index += 1
                }
            case .string(let multiline, let count):
                let delimiter = String(repeating: "#", count: count)
                if bytes[index] == UInt8(ascii: "\\"), starts(delimiter, at: index + 1) {
                    let after = index + 1 + count
                    blank(index..<min(after + 1, bytes.count))
                    if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                        stack.append(.code(openParentheses: 0))
                    }
                    index = after + 1
                } else if starts((multiline ? "\"\"\"" : "\"") + delimiter, at: index) {
                    stack.removeLast()
                    index += (multiline ? 3 : 1) + count
                } else {
                    blank(index..<(index + 1))
                    index += 1
                }
            }
        }
        return code
    }
}
