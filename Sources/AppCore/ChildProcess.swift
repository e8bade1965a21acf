#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Runs a program (its absolute path first, arguments as a vector: no shell ever reads them) and
/// waits for it. The child gets default signal dispositions and none of our descriptors but the three
/// it is given; what it writes is handed back, streamed to a closure, thrown away, or left on the
/// terminal, as the caller asks.
enum ChildProcess {
    /// The child's standard input.
    enum Input {
        /// Ours (the terminal: git may ask for a password on it).
        case inherited
        /// `/dev/null`.
        case nothing
        /// These bytes, then end of file.
        case bytes([UInt8])
    }

    /// The child's standard output and error.
    enum Output {
        /// Ours, both.
        case inherited
        /// Both on `/dev/null`.
        case discarded
        /// Standard output collected (returned in `Finished.output`); standard error on `/dev/null`.
        case collected
        /// Both through one pipe, each chunk handed to the closure as it arrives.
        case streamed((ArraySlice<UInt8>) -> Void)
    }

    struct Finished: Equatable {
        /// The exit status, or 128 + the signal that ended the child.
        var status: Int32
        var output: [UInt8] = []
    }

    /// Runs `arguments` with `environment` (nil: ours), and waits. Nil when it could not be started.
    /// With a `timeout`, a child still running then is killed (SIGKILL) and reported as such.
    static func run(_ arguments: [String], environment: [String: String]?, input: Input, output: Output,
                    timeout: Duration? = nil) -> Finished? {
        guard let program = arguments.first, program.hasPrefix("/") else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inputPipe: [Int32] = [-1, -1], outputPipe: [Int32] = [-1, -1]
        defer { for descriptor in inputPipe + outputPipe where descriptor >= 0 { close(descriptor) } }

        switch input {
        case .inherited: break
        case .nothing: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .bytes:
            guard makePipe(&inputPipe) else { return nil }
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        }
        switch output {
        case .inherited: break
        case .discarded:
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .collected, .streamed:
            guard makePipe(&outputPipe) else { return nil }
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
            if case .streamed = output {
                posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 2)
            } else {
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
        }

        closeInheritedDescriptors(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid: pid_t = 0
        let spawned = envp.map { posix_spawn(&pid, program, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, program, &actions, &attributes, argv, environ)
        guard spawned == 0 else { return nil }

        // Our copies of the child's ends go, so end of file comes when the child (and what it started) is done.
        if inputPipe[0] >= 0 { close(inputPipe[0]); inputPipe[0] = -1 }
        if outputPipe[1] >= 0 { close(outputPipe[1]); outputPipe[1] = -1 }
        if case .bytes(let bytes) = input {
            _ = DescriptorOutput.writeAll(bytes, to: inputPipe[1])
            close(inputPipe[1]); inputPipe[1] = -1
        }

        var finished = Finished(status: 0)
        var timedOut = false
        if outputPipe[0] >= 0 {
            let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                if let deadline {
                    let left = ContinuousClock.now.duration(to: deadline)
                    var descriptor = pollfd(fd: outputPipe[0], events: Int16(POLLIN), revents: 0)
                    let milliseconds = max(0, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
                    let ready = poll(&descriptor, 1, milliseconds)
                    if ready < 0, errno == EINTR { continue }
                    if ready <= 0 { timedOut = true; kill(pid, SIGKILL); break }
                }
                let count = chunk.withUnsafeMutableBytes { read(outputPipe[0], $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                switch output {
                case .streamed(let receive): receive(chunk[..<count])
                default: finished.output += chunk[..<count]
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        finished.status = timedOut ? 128 + SIGKILL : ((status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
        return finished
    }

    /// A pipe whose ends are closed on exec (`pipe2` is hidden from Swift behind `_GNU_SOURCE`), so no
    /// other child inherits them; the child's own end is duplicated onto 0, 1 or 2, which keeps it.
    private static func makePipe(_ descriptors: inout [Int32]) -> Bool {
        guard pipe(&descriptors) == 0 else { return false }
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Adds a close for every descriptor above 2 that is open now (the loop's wake-up pipe, the
    /// database, sockets, a file another thread is writing): the child gets only its 0, 1 and 2, which
    /// the actions before this one set up. Descriptors not open in the child are skipped by glibc.
    static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for descriptor in open where descriptor > 2 { posix_spawn_file_actions_addclose(&actions, descriptor) }
    }
}
