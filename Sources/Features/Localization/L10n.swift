import Foundation
import Locking

/// Every user-visible string of the interface, looked up by key in `Resources/<language>.lproj/Localizable.strings`.
///
/// All lookups go through `tr(_:)` (or `L10n.tr` outside Features) with a literal key, so a test
/// can find every key in the sources and check that each language's table has it, with the same
/// placeholders. The language is chosen once at start-up (`L10n.setLanguage`, from the locale
/// variables) before any screen is built; a test picks one for its own task with `L10n.$override`.
public enum L10n {
    private static let processLanguage = Mutex(Language.english)

    /// A language for the current task only (tests render in German while others render in English).
    @TaskLocal public static var override: Language?

    /// The language strings are looked up in now.
    static var language: Language { override ?? processLanguage.withLock { $0 } }

    /// Sets the process-wide language; call once at start-up, before any screen is built.
    public static func setLanguage(_ language: Language) {
        processLanguage.withLock { $0 = language }
    }

    /// Reads the current language's table now (before the terminal is taken over, so a missing or
    /// broken resource bundle is said on stderr, not on a half-drawn screen); nil, or what is wrong.
    public static func preload() -> String? {
        let table = table(language)
        return table.problem ?? (table.entries.isEmpty ? "the strings table of \(language.rawValue) is empty" : nil)
    }

    /// The string for `key` in the current language, its placeholders (`%@`, `%d`, `%1$@`…) filled
    /// with `arguments` in order (or by position). A key missing from the table (a test prevents it)
    /// falls back to English, then to the key itself.
    public static func tr(_ key: StaticString, _ arguments: any CustomStringConvertible...) -> String {
        lookUp(key, arguments)
    }

    static func lookUp(_ key: StaticString, _ arguments: [any CustomStringConvertible]) -> String {
        let template = template(for: key, in: language)
        return arguments.isEmpty ? template : StringFormat.format(template, arguments.map(\.description))
    }

    /// Templates already looked up, by language and the key literal's address: a list repaint asks
    /// for the same few keys on every visible row, and hashing the key's text each time showed in the
    /// key-to-screen latency.
    private struct TemplateKey: Hashable {
        var language: Language
        var address: UInt
    }
    private static let templates = Mutex([TemplateKey: String]())

    private static func template(for key: StaticString, in language: Language) -> String {
        guard key.hasPointerRepresentation else { return uncachedTemplate(key.description, in: language) }
        let cacheKey = TemplateKey(language: language, address: UInt(bitPattern: key.utf8Start))
        if let template = templates.withLock({ $0[cacheKey] }) { return template }
        let template = uncachedTemplate(key.description, in: language)
        templates.withLock { $0[cacheKey] = template }
        return template
    }

    private static func uncachedTemplate(_ key: String, in language: Language) -> String {
        table(language).entries[key] ?? table(.english).entries[key] ?? key
    }

    /// One language's table, read and parsed on first use (each at most once per process).
    static func table(_ language: Language) -> StringsTable {
        switch language {
        case .english: english
        case .german: german
        }
    }

    private static let english = StringsTable.load(.english)
    private static let german = StringsTable.load(.german)
}

/// Module-internal shorthand for `L10n.tr`: `tr("keys.quit")` is "quit" in English.
func tr(_ key: StaticString, _ arguments: any CustomStringConvertible...) -> String {
    L10n.lookUp(key, arguments)
}

/// A parsed `Localizable.strings`.
struct StringsTable: Sendable {
    let entries: [String: String]
    /// Why the table is empty, when it could not be read (shown by tests; the app falls back to keys).
    let problem: String?

    /// A whole file's bytes with `open`/`read` (no FileManager or Data on the first frame's path).
    static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 32 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// Where a language's table is: the resource bundle's `<code>.lproj/Localizable.strings`.
    static func url(_ language: Language) -> URL {
        resourceDirectory
            .appendingPathComponent("\(language.rawValue).lproj", isDirectory: true)
            .appendingPathComponent("Localizable.strings", isDirectory: false)
    }

    /// SwiftPM's accessor for the bundle (tests compare it with `resourceDirectory`).
    static var moduleBundleURL: URL { Bundle.module.bundleURL }

    /// The name SwiftPM gives Features' resource bundle (a test checks it against `Bundle.module`).
    static let bundleName = "github-tui_Features.resources"

    /// Features' resource bundle: beside the executable, where `swift build` puts it and the install
    /// script copies it — the first place `Bundle.module` looks too. Found without creating a `Bundle`
    /// (Foundation's costs ~0.9 ms, on the first frame's path). On Linux it is there or nowhere: a binary
    /// copied away from it gets `preload`'s clear message, where `Bundle.module` would stop the process
    /// with a fatal error. Where /proc/self/exe cannot be read, and on other systems, `Bundle.module`.
    static let resourceDirectory: URL = {
        #if os(Linux)
        var path = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &path, path.count - 1)
        if length > 0 {
            let executable = String(decoding: path[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
                .appendingPathComponent(bundleName, isDirectory: true)
            return directory
        }
        #endif
        return Bundle.module.bundleURL
    }()

    /// The resource bundle's `<code>.lproj/Localizable.strings`, read with our own parser.
    static func load(_ language: Language) -> StringsTable {
        let url = url(language)
        guard let bytes = readFile(url.path) else {
            return StringsTable(entries: [:], problem: "cannot read \(url.path)")
        }
        do {
            return StringsTable(entries: try StringsFile.parse(utf8: bytes), problem: nil)
        } catch {
            return StringsTable(entries: [:], problem: "\(url.path): \(error)")
        }
    }
}

/// `printf`-style placeholders, as `.strings` files write them — `%@`, `%d` (`%ld`, `%lld`, `%u`),
/// positional `%1$@`, and `%%` — filled with text we already formatted (numbers included), so no
/// `String(format:)` and no locale machinery.
enum StringFormat {
    enum Kind: Character, Sendable, Equatable { case object = "@", integer = "d" }

    /// The placeholders of a template, by argument position (1-based), with their kinds.
    static func placeholders(in template: String) -> [Int: Kind] {
        var result: [Int: Kind] = [:]
        scan(template) { position, kind in result[position] = kind } literal: { _ in }
        return result
    }

    /// The template with its placeholders replaced by `arguments`.
    static func format(_ template: String, _ arguments: [String]) -> String {
        var output = String.UnicodeScalarView()
        scan(template) { position, _ in
            if position >= 1, position <= arguments.count { output.append(contentsOf: arguments[position - 1].unicodeScalars) }
        } literal: { output.append($0) }
        return String(output)
    }

    /// Walks the template by Unicode scalars (placeholders are ASCII; no grapheme breaking needed).
    private static func scan(_ template: String, placeholder: (Int, Kind) -> Void, literal: (Unicode.Scalar) -> Void) {
        var characters = template.unicodeScalars[...]
        var next = 1
        while let character = characters.popFirst() {
            guard character == "%" else { literal(character); continue }
            if characters.first == "%" { characters.removeFirst(); literal("%"); continue }
            var spec = characters
            var position: Int?
            let digits = spec.prefix { $0.value >= 0x30 && $0.value <= 0x39 }
            if !digits.isEmpty, spec.dropFirst(digits.count).first == "$" {
                position = Int(String(digits))
                spec = spec.dropFirst(digits.count + 1)
            }
            while spec.first == "l" { spec.removeFirst() }
            guard let type = spec.first, let kind: Kind = type == "@" ? .object : (type == "d" || type == "u" || type == "i") ? .integer : nil
            else { literal(character); continue }
            spec.removeFirst()
            characters = spec
            let index = position ?? next
            next = index + 1
            placeholder(index, kind)
        }
    }
}

/// A value built from localized strings (a key table), made once per language and kept.
final class PerLanguage<Value: Sendable>: Sendable {
    private let make: @Sendable () -> Value
    private let values = Mutex<[Language: Value]>([:])

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// The value for the current language.
    var value: Value {
        let language = L10n.language
        if let value = values.withLock({ $0[language] }) { return value }
        let made = make()
        return values.withLock { values in
            if let existing = values[language] { return existing }
            values[language] = made
            return made
        }
    }
}
