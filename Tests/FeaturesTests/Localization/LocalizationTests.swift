import Foundation
import Testing
@testable import Features

@Suite("Strings files: the parser")
struct StringsFileTests {
    @Test("Entries, comments of both kinds, spacing and a byte-order mark")
    func entries() throws {
        let text = "\u{FEFF}/* header\n comment */\n\"a\" = \"one\";\n// line comment\n  \"b.c\"=\"two words\" ;\n\"empty\" = \"\";"
        #expect(try StringsFile.parse(text) == ["a": "one", "b.c": "two words", "empty": ""])
    }

    @Test("Escapes: quote, backslash, newline, tab, \\U with a surrogate pair; raw UTF-8 kept")
    func escapes() throws {
        let text = #""k" = "say \"hi\" \\ back\nline\ttab \U00e9 \UD83D\UDE80 ★ “quoted”";"#
        #expect(try StringsFile.parse(text)["k"] == "say \"hi\" \\ back\nline\ttab é 🚀 ★ “quoted”")
    }

    @Test("Malformed input is an error with its line, never a crash",
          arguments: ["\"a\" = \"x\"", "\"a\" \"x\";", "\"a\" = \"x", "/* open", "\"a\" = \"\\q\";",
                      "\"a\" = \"1\";\n\"a\" = \"2\";", "a = \"x\";", "\"a\" = \"\\U12\";", "\"a\" = \"\\UD83D\";"])
    func malformed(text: String) {
        #expect(throws: StringsFile.ParseError.self) { try StringsFile.parse(text) }
    }

    @Test("Random bytes and mangled tables never crash the parser")
    func robustness() throws {
        var generator = SystemRandomNumberGenerator()
        let english = try String(contentsOf: StringsTable.url(.english), encoding: .utf8)
        let alphabet = Array("\"\\=;/*\nUu0Dx é★".utf8)
        for round in 0..<300 {
            var bytes = Array(english.utf8)
            for _ in 0..<(1 + round % 8) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[at] = round.isMultiple(of: 3) ? UInt8.random(in: 0...255, using: &generator)
                    : alphabet.randomElement(using: &generator)!
            }
            _ = try? StringsFile.parse(utf8: bytes)
            _ = try? StringsFile.parse(utf8: Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))))
        }
    }

    @Test("The line of an error is counted")
    func errorLine() {
        #expect(throws: StringsFile.ParseError(line: 3, reason: "expected \";\"")) {
            try StringsFile.parse("\"a\" = \"1\";\n\n\"b\" = \"2\" x\n")
        }
    }
}

@Suite("Strings: placeholders and formatting")
struct StringFormatTests {
    @Test("%@ and %d in order, positional %1$@, %% and %ld")
    func format() {
        #expect(StringFormat.format("%@ of %d", ["a", "3"]) == "a of 3")
        #expect(StringFormat.format("%2$@ before %1$@", ["one", "two"]) == "two before one")
        #expect(StringFormat.format("100%% %ld", ["5"]) == "100% 5")
        #expect(StringFormat.format("no args %", []) == "no args %")
    }

    @Test("Placeholders by position, with their kinds")
    func placeholders() {
        #expect(StringFormat.placeholders(in: "%1$d of %2$@") == [1: .integer, 2: .object])
        #expect(StringFormat.placeholders(in: "%@ · %d%%") == [1: .object, 2: .integer])
        #expect(StringFormat.placeholders(in: "plain") == [:])
    }
}

@Suite("Language from the environment")
struct LanguageSelectionTests {
    @Test("LC_ALL, then LC_MESSAGES, then LANG; the first set and non-empty decides")
    func order() {
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LC_ALL": "C", "LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LC_MESSAGES": "de_AT.UTF-8", "LANG": "en_US.UTF-8"]) == .german)
        #expect(Language.fromEnvironment(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "de"]) == .german)
        #expect(Language.fromEnvironment(["LC_ALL": "de_CH@euro", "LC_MESSAGES": "en_GB"]) == .german)
        #expect(Language.fromEnvironment([:]) == .english)
    }

    @Test("C, POSIX and languages without a table are English", arguments: ["C", "POSIX", "C.UTF-8", "fr_FR.UTF-8", "en_US", "x"])
    func english(locale: String) {
        #expect(Language.fromEnvironment(["LANG": locale]) == .english)
    }

    @Test("A task can pick a language for itself; the process-wide one stays English in tests")
    func override() {
        #expect(L10n.language == .english)
        L10n.$override.withValue(.german) {
            #expect(L10n.language == .german)
            #expect(tr("keys.quit") == "beenden")
        }
        #expect(tr("keys.quit") == "quit")
    }
}

@Suite("Strings tables: complete and consistent")
struct StringsTableTests {
    static let sourcesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every literal key passed to `tr(…)` or `L10n.tr(…)` in Sources/, with the file it is in.
    static func keysUsed() throws -> [String: String] {
        var keys: [String: String] = [:]
        let enumerator = try #require(FileManager.default.enumerator(at: sourcesDirectory, includingPropertiesForKeys: nil))
        // `tr(` after anything but an identifier character (`L10n.tr(` too; `\b` would not split "L10n.tr").
        let pattern = try Regex(#"(?:^|[^A-Za-z0-9_])tr\(\s*"([^"\\]+)""#)
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let key = match.output[1].substring { keys[String(key), default: url.lastPathComponent] = url.lastPathComponent }
            }
        }
        return keys
    }

    @Test("Each table loads from the resource bundle without a problem")
    func loads() {
        for language in Language.allCases {
            let table = L10n.table(language)
            #expect(table.problem == nil, "\(language): \(table.problem ?? "")")
            #expect(table.entries.count > 100)
        }
    }

    @Test("The bundle found beside the executable is the one Bundle.module names")
    func bundleLocation() {
        #expect(StringsTable.moduleBundleURL.lastPathComponent == StringsTable.bundleName)
        #expect(StringsTable.resourceDirectory.resolvingSymlinksInPath().path
                == StringsTable.moduleBundleURL.resolvingSymlinksInPath().path)
    }

    @Test("Every key used in Sources/ is in every language's table")
    func everyKeyExists() throws {
        let used = try Self.keysUsed()
        #expect(used.count > 100, "the scan found the keys")
        for language in Language.allCases {
            let entries = L10n.table(language).entries
            for (key, file) in used.sorted(by: { $0.key < $1.key }) where entries[key] == nil {
                Issue.record("\(language.rawValue).lproj has no \"\(key)\" (used in \(file))")
            }
        }
    }

    @Test("Every key in a table is used (no stale strings)")
    func noUnusedKeys() throws {
        let used = try Self.keysUsed()
        for key in L10n.table(.english).entries.keys.sorted() where used[key] == nil {
            Issue.record("en.lproj has \"\(key)\", which no source uses")
        }
    }

    @Test("Every language has the same keys as English, with the same placeholders (count and kinds)")
    func sameKeysAndPlaceholders() {
        let english = L10n.table(.english).entries
        for language in Language.allCases where language != .english {
            let other = L10n.table(language).entries
            #expect(Set(other.keys) == Set(english.keys),
                    "\(language.rawValue): missing \(Set(english.keys).subtracting(other.keys).sorted()), extra \(Set(other.keys).subtracting(english.keys).sorted())")
            for (key, value) in english {
                guard let translated = other[key] else { continue }
                #expect(StringFormat.placeholders(in: translated) == StringFormat.placeholders(in: value),
                        "\(language.rawValue) \"\(key)\": \"\(translated)\" vs \"\(value)\"")
            }
        }
    }

    @Test("Loading and parsing a table is cheap (rough figures, printed)")
    func loadCost() throws {
        let clock = ContinuousClock()
        let runs = 20
        var count = 0
        let load = clock.measure {
            for _ in 0..<runs { count += StringsTable.load(.german).entries.count }
        }
        let text = try String(contentsOf: StringsTable.url(.german), encoding: .utf8)
        let bytes = Array(text.utf8)
        let parse = try clock.measure {
            for _ in 0..<runs { count += try StringsFile.parse(utf8: bytes).count }
        }
        print("strings table (\(bytes.count) bytes, \(count / (2 * runs)) entries): read + parse \(load / runs), parse alone \(parse / runs)")
        #expect(load / runs < .milliseconds(20))
    }
}
