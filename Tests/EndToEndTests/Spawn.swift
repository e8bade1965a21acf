#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Starting a child process for the end-to-end tests, the one way both `TmuxSession` and `ScriptRun`
/// do it: `posix_spawnp`, every descriptor above stderr closed in the child (a daemonizing tmux
/// server must not inherit our listening sockets or Foundation's exit-watching socket), no signal
/// blocked and default dispositions whatever this test runner does.
enum Spawn {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `arguments` with standard descriptors set up by `redirect` (add opens/dup2s to the
    /// actions), in `environment` (nil: ours). Returns the child's pid.
    static func start(_ arguments: [String], environment: [String: String]? = nil,
                      redirect: (inout posix_spawn_file_actions_t) -> Void) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        redirect(&actions)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? []
        for fd in open where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t(), all = sigset_t()
        sigemptyset(&empty)
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = envp.map { envp in posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp) }
            ?? posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// Waits for `pid` and returns its exit code (128+N when ended by signal N).
    static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}
