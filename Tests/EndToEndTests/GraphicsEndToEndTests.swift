#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TestSupport

/// The app on a pseudo-terminal this test plays the terminal of: it reads what the app writes,
/// answers the graphics probe as a given terminal would, and types keys. One test uses one, in turn
/// (hence `@unchecked Sendable`); its blocking reads run on a thread of their own, never on the
/// cooperative pool that the fake server (and every other test running meanwhile) needs.
final class PlayedTerminal: @unchecked Sendable {
    let master: Int32
    let pid: pid_t
    /// Everything the app wrote so far.
    private(set) var output: [UInt8] = []

    init(arguments: [String], environment: [String: String], width: Int = 100, height: Int = 30) throws {
        // posix_openpt and friends are not imported into Swift: /dev/ptmx with the two ioctls they make.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, UInt(0x4004_5431) /* TIOCSPTLCK */, &unlock) == 0,
              ioctl(master, UInt(0x8004_5430) /* TIOCGPTN */, &number) == 0 else { throw ScriptRunError("no pseudo-terminal") }
        var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let path = "/dev/pts/\(number)"
        pid = try Spawn.start(arguments, environment: environment) { actions in
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR | O_NOCTTY, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
    }

    deinit {
        kill(pid, SIGKILL)
        _ = Spawn.wait(pid)
        close(master)
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `condition` holds for everything written so far, or the timeout passes.
    @discardableResult
    func read(until condition: @escaping @Sendable ([UInt8]) -> Bool, timeout: Duration = .seconds(20)) async -> Bool {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.readBlocking(until: condition, timeout: timeout)) }
        }
    }

    private func readBlocking(until condition: ([UInt8]) -> Bool, timeout: Duration) -> Bool {
        let clock = ContinuousClock(), end = clock.now + timeout
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !condition(output) {
            let left = end - clock.now
            guard left > .zero else { return false }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(1000, max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            guard poll(&descriptor, 1, milliseconds) >= 0 else { return false }
            if descriptor.revents & Int16(POLLIN) != 0 {
                let count = Glibc.read(master, &buffer, buffer.count)
                if count <= 0 { return condition(output) }
                output += buffer[0..<count]
            }
        }
        return true
    }

    func read(untilContains text: String, timeout: Duration = .seconds(20)) async -> Bool {
        let needle = Array(text.utf8)
        return await read(until: { $0.contains(needle) }, timeout: timeout)
    }

    /// Answers `query` with `answer` as soon as the app has written it, from the reading thread (as a
    /// terminal answers: at once, however busy the test's own threads are; the app's probe waits 150 ms).
    func answer(_ query: String, with answer: String, timeout: Duration = .seconds(20)) async -> Bool {
        let needle = Array(query.utf8)
        return await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                let seen = self.readBlocking(until: { $0.contains(needle) }, timeout: timeout)
                if seen { self.write(answer) }
                continuation.resume(returning: seen)
            }
        }
    }

    func contains(_ text: String) -> Bool { output.contains(Array(text.utf8)) }
}

extension Array where Element == UInt8 {
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

@Suite("Pictures through the terminal's graphics protocol, on a played terminal", .serialized)
struct GraphicsEndToEndTests {
    static let da1Query = "\u{1B}[c"
    static let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"

    /// Starts the demo, answers the probe with `answers`, waits for the list, opens sferik's profile.
    static func profile(answering answers: String) async throws -> PlayedTerminal {
        let home = try temporaryDirectory()
        let terminal = try PlayedTerminal(arguments: [TmuxSession.binary.path, "--demo"], environment: [
            "TERM": "xterm-256color", "HOME": home.path, "XDG_CONFIG_HOME": "/nonexistent/github-tui-e2e",
            "XDG_DATA_HOME": home.path, "LC_ALL": "C.UTF-8", "LC_MESSAGES": "C", "PATH": "/usr/bin:/bin",
        ])
        #expect(await terminal.answer(da1Query, with: answers), "the probe was sent")
        #expect(terminal.contains(kittyQuery))
        #expect(await terminal.read(untilContains: "1/30"), "the list came")
        terminal.write("p")
        #expect(await terminal.read(untilContains: "followers"), "the profile came")
        return terminal
    }

    @Test("A sixel terminal (xterm -ti vt340): the photo as sixel at its cell, sized by the cell's pixels; gone with the profile")
    func sixel() async throws {
        let terminal = try await Self.profile(answering: "\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?63;1;2;4;6;9;15;16;22;28c")
        // Row 1, column 1 (1-based 2;2), 10×5 cells of 10×20 pixels: the square photo 100×100.
        #expect(await terminal.read(untilContains: "\u{1B}[2;2H\u{1B}P0;1;0q\"1;1;100;100#"))
        #expect(!terminal.contains("\u{1B}_Ga=T"))
        terminal.write("\u{1B}")
        #expect(await terminal.read(untilContains: "30 repositories"), "back on the list")
    }

    @Test("A kitty terminal: the photo as kitty RGBA over 10×5 cells, deleted by id when the profile closes")
    func kitty() async throws {
        let terminal = try await Self.profile(answering: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c")
        #expect(await terminal.read(untilContains: "\u{1B}[2;2H\u{1B}_Ga=T,f=32,s=80,v=80,c=10,r=5,i=1,C=1,q=2"))
        terminal.write("\u{1B}")
        #expect(await terminal.read(untilContains: "\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"))
        #expect(!terminal.contains("\u{1B}P0;1;0q"))
    }

    @Test("A plain terminal: half blocks as before, no picture escape")
    func plain() async throws {
        let terminal = try await Self.profile(answering: "\u{1B}[?62;22c")
        #expect(await terminal.read(untilContains: "▀"))
        #expect(!terminal.contains("\u{1B}P0;1;0q"))
        #expect(!terminal.contains("\u{1B}_Ga=T"))
        #expect(!terminal.contains("\u{1B}]1337"))
    }

    @Test("No answer at all: the list comes, and the profile has half blocks (the probe ended at its deadline)")
    func silent() async throws {
        let home = try temporaryDirectory()
        let terminal = try PlayedTerminal(arguments: [TmuxSession.binary.path, "--demo"], environment: [
            "TERM": "xterm-256color", "HOME": home.path, "XDG_CONFIG_HOME": "/nonexistent/github-tui-e2e",
            "XDG_DATA_HOME": home.path, "LC_ALL": "C.UTF-8", "LC_MESSAGES": "C", "PATH": "/usr/bin:/bin",
        ])
        #expect(await terminal.read(untilContains: "1/30"))
        terminal.write("p")
        #expect(await terminal.read(untilContains: "▀"))
        #expect(!terminal.contains("\u{1B}P0;1;0q"))
        #expect(!terminal.contains("\u{1B}_Ga=T"))
    }

    @Test("A README's screenshot on a sixel terminal: fetched from its host without the token, drawn as sixel under its alt text")
    func readmeScreenshot() async throws {
        let server = FakeGitHubServer()
        var repository = try #require(try JSONSerialization.jsonObject(
            with: FakeGitHubServer.generatedRepositories(count: 1, owner: "sferik")[0]) as? [String: Any])
        repository["name"] = "shots"
        repository["full_name"] = "sferik/shots"
        repository["html_url"] = "https://github.com/sferik/shots"
        server.addOwner("sferik", userJSON: Fixtures.recordedBody(Fixtures.Name.sferikUser), repositories: [Fixtures.encode(repository)])
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        // A 2×2 PNG (red, blue): one cell of 10×20 pixels.
        let png = try #require(Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGP4z8AAQv8ZYAwAQ84H+VjtZqAAAAAASUVORK5CYII="))
        server.addAnswer(path: "/pictures/screen.png", body: png)
        server.addAnswer(path: "/repos/sferik/shots/readme",
                         body: Data("# shots\n\nThe list:\n\n![The list screen](\(baseURL.absoluteString)/pictures/screen.png)\n\nThe end.\n".utf8))
        let home = try temporaryDirectory()
        let terminal = try PlayedTerminal(arguments: [TmuxSession.binary.path, "--api-url", baseURL.absoluteString, "sferik"], environment: [
            "TERM": "xterm-256color", "HOME": home.path, "XDG_CONFIG_HOME": "/nonexistent/github-tui-e2e", "GH_TOKEN": "secret-token",
            "XDG_DATA_HOME": home.path, "LC_ALL": "C.UTF-8", "LC_MESSAGES": "C", "PATH": "/usr/bin:/bin",
        ])
        #expect(await terminal.answer(Self.da1Query, with: "\u{1B}[6;20;10t\u{1B}[?63;1;2;4;6;9;15;16;22;28c"))
        #expect(await terminal.read(untilContains: "shots"))
        terminal.write(" ")
        #expect(await terminal.read(untilContains: "README"))
        terminal.write("R")
        #expect(await terminal.read(untilContains: "[image: The list screen]"))
        // The 2×2 picture in one cell of 10×20 pixels, right under its alt text.
        #expect(await terminal.read(untilContains: "\u{1B}P0;1;0q\"1;1;10;20#"))
        let requests = await server.requests(pathPrefix: "/pictures/")
        #expect(requests.count == 1)
        #expect(requests.allSatisfy { $0.header("authorization") == nil })
        #expect(await server.requests(pathPrefix: "/repos/sferik/shots/readme").allSatisfy { $0.header("authorization") != nil })
    }
}
