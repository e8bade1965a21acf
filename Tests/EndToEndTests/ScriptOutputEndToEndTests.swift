import Glibc
import Foundation
import TestSupport
import Testing

/// Runs a program as a script would: standard input `/dev/null`, standard output a pipe (or, with
/// `stdoutTerminal`, a pseudo-terminal), standard error a file; a fixed small environment.
/// No tmux: spawned with `posix_spawn` like `TmuxSession.run`.
struct ScriptRun {
    var status: Int32
    var stdout: String
    var stderr: String

    /// Runs it to its end on a thread of its own: waiting must not hold a thread of the cooperative
    /// pool, which the fake servers (and every other test running meanwhile) need to answer.
    static func spawn(_ arguments: [String], environment: [String: String] = [:],
                      stdoutTerminal: Bool = false) async throws -> ScriptRun {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result {
                    try spawnBlocking(arguments, environment: environment, stdoutTerminal: stdoutTerminal)
                })
            }
        }
    }

    private static func spawnBlocking(_ arguments: [String], environment: [String: String],
                                      stdoutTerminal: Bool) throws -> ScriptRun {
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-stderr-\(UUID().uuidString)").path
        defer { unlink(errorPath) }
        var pipe: [Int32] = [-1, -1]
        var terminal: Int32 = -1
        var ptyNumber: UInt32 = 0
        if stdoutTerminal {
            // posix_openpt and friends are not imported into Swift: /dev/ptmx with the two ioctls they make.
            terminal = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0
            guard terminal >= 0, ioctl(terminal, UInt(0x4004_5431) /* TIOCSPTLCK */, &unlock) == 0,
                  ioctl(terminal, UInt(0x8004_5430) /* TIOCGPTN */, &ptyNumber) == 0
            else { throw ScriptRunError("no pseudo-terminal") }
        } else {
            guard Glibc.pipe(&pipe) == 0 else { throw ScriptRunError("pipe: \(errno)") }
        }
        let started = Result {
            try Spawn.start(arguments, environment: environment) { actions in
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
                if stdoutTerminal {
                    posix_spawn_file_actions_addopen(&actions, 1, "/dev/pts/\(ptyNumber)", O_WRONLY | O_NOCTTY, 0)
                } else {
                    posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
                }
                posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            }
        }
        if pipe[1] >= 0 { close(pipe[1]) }
        let pid = try started.get()
        // Read standard output to its end before waiting: a full pipe would stop the child.
        var output = Data()
        let reading = stdoutTerminal ? terminal : pipe[0]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(reading, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break } // end of file (a pseudo-terminal says EIO once the child closed it)
            output.append(contentsOf: buffer[0..<count])
        }
        close(reading)
        let exitCode = Spawn.wait(pid)
        let errors = FileManager.default.contents(atPath: errorPath) ?? Data()
        return ScriptRun(status: exitCode, stdout: String(decoding: output, as: UTF8.self),
                         stderr: String(decoding: errors, as: UTF8.self))
    }

    /// A shell's view: `sh -c LINE` with the same environment.
    static func shell(_ line: String, environment: [String: String]) async throws -> ScriptRun {
        try await spawn(["/bin/sh", "-c", line], environment: environment)
    }
}

struct ScriptRunError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Single-quoted for `sh`.
func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

@Suite("Output for scripts, end to end", .serialized)
struct ScriptOutputEndToEndTests {
    @Test("`github-tui OWNER | cut -f1` lists the owner's repositories sorted by name; exit 0, nothing on stderr")
    func pipedToCut() async throws {
        let server = FakeGitHubServer()
        server.addOwner("scale", userJSON: FakeGitHubServer.generatedUser(login: "scale", repositories: 150),
                        repositories: FakeGitHubServer.generatedRepositories(count: 150, owner: "scale", exotic: true),
                        pageSize: 100)
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["XDG_DATA_HOME": data.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color"]
        let binary = TmuxSession.binary.path
        let direct = try await ScriptRun.spawn([binary, "scale", "--api-url", base.absoluteString], environment: environment)
        #expect(direct.status == 0)
        #expect(direct.stderr == "")
        let lines = direct.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 151 && lines.last == "")
        #expect(lines.dropLast().allSatisfy { $0.split(separator: "\t", omittingEmptySubsequences: false).count == 5 })
        #expect(!direct.stdout.contains("\u{1B}"), "no escape sequence: no curses, and descriptions sanitized")
        let expected = (1...150).map { String(format: "repo-%05d", $0) }.joined(separator: "\n") + "\n"
        let cut = try await ScriptRun.shell("\(shellQuoted(binary)) scale --api-url \(shellQuoted(base.absoluteString)) | cut -f1",
                                      environment: environment)
        #expect(cut.status == 0)
        #expect(cut.stdout == expected)
        // Stored by the first runs: --offline prints the same without the server.
        await server.stop()
        let offline = try await ScriptRun.spawn([binary, "scale", "--offline", "--plain"], environment: environment)
        #expect(offline.status == 0)
        #expect(offline.stdout == direct.stdout)
    }

    @Test("--json FIELDS prints a JSON array with exactly those fields; an unknown field is a usage error listing the valid ones")
    func json() async throws {
        let binary = TmuxSession.binary.path
        let result = try await ScriptRun.spawn([binary, "--demo", "--json", "name,stargazerCount,url"])
        #expect(result.status == 0)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(objects.count == 30)
        #expect(objects.allSatisfy { Set($0.keys) == ["name", "stargazerCount", "url"] })
        let unknown = try await ScriptRun.spawn([binary, "--demo", "--json", "name,stars"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr.contains("unknown JSON field 'stars'"))
        #expect(unknown.stderr.contains("stargazerCount"))
    }

    @Test("Unknown owner: the app's not-found message on stderr, exit 1")
    func unknownOwner() async throws {
        let server = FakeGitHubServer.sferik()
        let base = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try await ScriptRun.spawn([TmuxSession.binary.path, "nobody-here", "--api-url", base.absoluteString],
                                         environment: ["XDG_DATA_HOME": data.path])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(result.stderr == "github-tui: User not found. Please enter another name.\n")
    }

    @Test("--plain on a terminal prints lines too: no curses")
    func plainOnTerminal() async throws {
        let result = try await ScriptRun.spawn([TmuxSession.binary.path, "--demo", "--plain"], environment: ["TERM": "xterm-256color"],
                                         stdoutTerminal: true)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("410_in_140\t"))
        #expect(!result.stdout.contains("\u{1B}"))
    }
}
