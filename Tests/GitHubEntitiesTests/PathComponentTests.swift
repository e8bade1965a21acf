import GitHubEntities
import Testing

@Suite("PathComponent: an untrusted name as one folder name, or refused")
struct PathComponentTests {
    @Test("Ordinary names (GitHub's, a release asset's, unicode) pass unchanged",
          arguments: ["r", "github-tui", "sferik", ".github", "a.b_c-d", "...", "x..y", "~home", "v1.0 (linux).tar.gz",
                      "日本語", "café", "e\u{301}", "🚀", "github.com", "127.0.0.1", String(repeating: "x", count: 255),
                      String(repeating: "é", count: 127)])
    func passes(_ name: String) throws {
        #expect(try PathComponent.checked(name) == name)
        #expect(PathComponent.valid(name) == name)
    }

    @Test("Hostile names are refused, each with its reason", arguments: [
        ("", PathComponent.Refusal.empty),
        (".", .dots), ("..", .dots),
        ("a/b", .separator), ("a/../../b", .separator), ("/etc", .separator), ("../../../../../../tmp/x", .separator),
        ("a\\b", .separator), ("/", .separator), ("x/", .separator),
        ("-rf", .leadingDash), ("--upload-pack=touch x", .leadingDash), ("-", .leadingDash),
        ("a\u{0}b", .controlCharacter), ("\u{0}", .controlCharacter), ("a\nb", .controlCharacter), ("a\rb", .controlCharacter),
        ("a\tb", .controlCharacter), ("\u{1B}]0;owned\u{7}", .controlCharacter), ("a\u{7F}", .controlCharacter),
        ("a\u{9B}31m", .controlCharacter), ("a\u{202E}txt.exe", .controlCharacter), ("a\u{2066}b", .controlCharacter),
        ("a\u{200B}b", .controlCharacter), ("\u{FEFF}a", .controlCharacter), ("a\u{2028}b", .controlCharacter),
        ("a\u{FFFF}", .controlCharacter),
        (" a", .surroundingWhitespace), ("a ", .surroundingWhitespace), ("\u{3000}a", .surroundingWhitespace), (" ", .surroundingWhitespace),
        (String(repeating: "x", count: 256), .tooLong), (String(repeating: "é", count: 128), .tooLong),
    ])
    func refused(_ name: String, _ reason: PathComponent.Refusal) {
        #expect(throws: reason) { try PathComponent.checked(name) }
        #expect(PathComponent.valid(name) == nil)
    }

    @Test("Whatever passes is one component: no separator, not . or .., no control, no leading dash (random names)")
    func randomNames() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = ["a", ".", "..", "/", "\\", "-", " ", "\u{0}", "\u{1B}", "\n", "é", "日", "\u{202E}", "x", "_"]
        for _ in 0..<2_000 {
            let name = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            guard let component = PathComponent.valid(name) else { continue }
            #expect(component == name)
            #expect(!component.isEmpty && component != "." && component != "..")
            #expect(!component.contains("/") && !component.contains("\\") && !component.hasPrefix("-"))
            #expect(component.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F && $0 != "\u{202E}" })
        }
    }
}
