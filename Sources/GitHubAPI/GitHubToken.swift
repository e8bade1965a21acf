#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Where a token comes from, and the check every token passes before it goes in a header.
public enum GitHubToken {
    /// The longest token accepted (GitHub's fine-grained tokens are ~93 characters).
    static let maximumLength = 1024

    /// A token goes in `Authorization: Bearer …`: only visible ASCII, so no CR/LF can add a header
    /// and no space can split one. Throws a message naming where the token came from.
    public static func validate(_ token: String, source: String) throws -> String {
        let bytes = Array(token.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw APIConfigurationError("\(source) is not a token: a token is visible ASCII only (no spaces, line breaks or "
                + "control characters), at most \(maximumLength) characters. It was not used.")
        }
        return token
    }

    /// The token of a logged-in `gh` user for `host`: `gh auth token --hostname HOST`, run without a
    /// terminal (its input and errors on /dev/null, in a session of its own) and killed after
    /// `timeout`. Nil when gh is not on PATH, fails, hangs, or prints something that is not a token.
    /// The token is used for that host only and never stored.
    public static func fromGitHubCLI(host: String, environment: [String: String],
                                     timeout: Duration = .seconds(2)) -> String? {
        guard !host.isEmpty, host.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }),
              let gh = ProgramPath.locate("gh", path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin") else { return nil }
        guard let output = run([gh, "auth", "token", "--hostname", host], environment: environment, timeout: timeout)
        else { return nil }
        let token = output.trimmingCharacters(in: .whitespacesAndNewlines)
        return (try? validate(token, source: "gh auth token")) ?? nil
    }

    /// Runs the command and returns its standard output (at most 64 KiB) when it exits 0 within `timeout`.
    static func run(_ arguments: [String], environment: [String: String], timeout: Duration) -> String? {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        // Close-on-exec: a process another thread spawns later must not keep our pipe open (pipe2 is
        // not exported by the Glibc module; the window before fcntl is a few instructions).
        for end in pipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        defer { close(pipe[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: no controlling terminal, so gh cannot prompt.
        posix_spawnattr_setflags(&attributes, Int16(0x80 /* POSIX_SPAWN_SETSID */))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var env = environment
        env["GH_PROMPT_DISABLED"] = "1"
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        var spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        // A program just written (an update of gh in progress) can be briefly busy: try again.
        for _ in 0..<50 where spawned == ETXTBSY {
            usleep(10_000)
            spawned = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        }
        close(pipe[1])
        guard spawned == 0 else { return nil }

        var output: [UInt8] = []
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        reading: while ContinuousClock.now < deadline, output.count < 65_536 {
            let left = deadline - ContinuousClock.now
            let millis = Int32(max(1, min(1000, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            var poller = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, millis) > 0 else { continue }
            let count = read(pipe[0], &buffer, buffer.count)
            if count <= 0 { break reading }
            output += buffer[0..<count]
        }
        var status: Int32 = 0
        var exited = false
        while !exited {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { exited = true; break }
            if reaped < 0, errno != EINTR { return nil }
            if ContinuousClock.now >= deadline { break }
            usleep(2_000)   // the child closed its output and is exiting
        }
        if !exited {
            kill(pid, SIGKILL)   // still running at the deadline: a hanging gh
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            return nil
        }
        guard (status & 0x7F) == 0, (status >> 8) & 0xFF == 0 else { return nil }
        return String(decoding: output, as: UTF8.self)
    }
}
