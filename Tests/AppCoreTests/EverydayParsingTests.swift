import ArgumentParser
import Foundation
import Testing
@testable import AppCore

@Suite("Command line: the everyday fast path agrees with swift-argument-parser")
struct EverydayParsingTests {
    static let tokens = [
        "octo", "Octo-Cat", "bad--login", "日本", "", "--demo", "--offline", "--api-url", "http://127.0.0.1:8080",
        "https://example.com/api", "ftp://x", "--api-url=http://127.0.0.1:9", "--api-url=", "--data-dir", "/tmp/x",
        "--data-dir=", "--data-dir=/d", "-h", "--help", "--version", "--", "-x", "--demo=1",
        "--theme", "light", "--theme=mono", "--theme=purple", "terminal",
        "--plain", "--json", "name,url", "--json=stargazerCount", "--json=nope", "name,nope",
        "--config", "/tmp/c.toml", "--config=", "--config=~/c.toml",
        "--starred", "--starred=1", "--starred=sferik",
        "--hostname", "github.example.com", "--hostname=octo.ghe.com", "--hostname=evil.com/x", "ghe.corp:8443",
    ]

    /// Every list of up to two tokens, and a fixed pseudo-random sample of longer ones.
    static var lines: [[String]] {
        var lines: [[String]] = [[]]
        for a in tokens {
            lines.append([a])
            for b in tokens { lines.append([a, b]) }
        }
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        for _ in 0..<600 {
            lines.append((0..<(3 + next() % 4)).map { _ in tokens[next() % tokens.count] })
        }
        return lines
    }

    static func describe(_ command: AppCommand) -> String {
        "\(command.owner ?? "-") demo=\(command.demo) offline=\(command.offline) starred=\(command.starred) host=\(command.hostname ?? "-") api=\(command.apiURL ?? "-") data=\(command.dataDir ?? "-") theme=\(command.theme?.rawValue ?? "-") plain=\(command.plain) json=\(command.json ?? "-") config=\(command.configPath ?? "-")"
    }

    @Test("whatever the fast path accepts, the full parser accepts with the same values")
    func agreement() throws {
        var accepted = 0
        for line in Self.lines {
            guard let fast = AppCommand.parseEveryday(line) else { continue }
            accepted += 1
            let full = try #require(try? AppCommand.parse(line), "the full parser refuses \(line)")
            #expect(Self.describe(fast) == Self.describe(full), "\(line)")
        }
        #expect(accepted > 30, "the fast path should take the everyday lines")
    }

    @Test("the everyday lines take the fast path", arguments: [
        [], ["octo"], ["--demo"], ["--demo", "demo-unicode"],
        ["--api-url", "http://127.0.0.1:9", "--data-dir", "/tmp/store", "scale"], ["octo", "--offline"],
        ["--api-url=https://ghe.example/api/v3", "octo"], ["--theme", "light", "octo"], ["--demo", "--theme=mono"],
        ["octo", "--plain"], ["--json", "name,url", "octo"], ["--offline", "--json=name"],
        ["--config", "/tmp/c.toml", "octo"], ["--demo", "--config=/tmp/c.toml"],
        ["--starred", "sferik"], ["--demo", "--starred", "sferik"], ["--starred"], ["octo", "--starred", "--plain"],
        ["--hostname", "github.example.com", "myteam"], ["--hostname=octo.ghe.com", "--api-url", "http://127.0.0.1:9/api/v3"],
    ])
    func everyday(line: [String]) throws {
        let fast = try #require(AppCommand.parseEveryday(line))
        #expect(Self.describe(fast) == Self.describe(try AppCommand.parse(line)))
    }

    @Test("help, version, errors and anything unusual go to the full parser", arguments: [
        ["--help"], ["-h"], ["--version"], ["bad--login"], ["--api-url", "http://example.com"], ["--data-dir="],
        ["a", "b"], ["--demo", "--demo"], ["--api-url"], ["--", "octo"], ["--nope"],
        ["--theme", "purple"], ["--theme=light", "--theme=mono"],
        ["--json", "nope"], ["--json"], ["--plain", "--json", "name"], ["--plain", "--plain"], ["--json=name", "--json=url"],
        ["--config"], ["--config="], ["--config", "/a", "--config", "/b"],
        ["--starred", "--starred"], ["--starred=sferik"],
        ["--hostname", "evil.com/x"], ["--hostname"], ["--hostname", "a.com", "--hostname", "b.com"],
    ])
    func unusual(line: [String]) {
        #expect(AppCommand.parseEveryday(line) == nil)
    }
}
