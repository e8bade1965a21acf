#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation
import GitHubAPI
import TerminalKit

/// Which command opens a web address: the first usable entry of `$BROWSER` (entries separated by
/// `:`; arguments by spaces; `%s` stands for the address, else the address is the last argument),
/// else `xdg-open`, looked up on `PATH`. Pure, so it is tested without spawning anything.
enum BrowserCommand {
    /// The argument vector (program as an absolute path first), or nil when no browser is available.
    static func resolve(url: String, environment: [String: String],
                               isExecutable: (String) -> Bool) -> [String]? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        var candidates: [String] = []
        if let browser = environment["BROWSER"] {
            candidates += browser.split(separator: ":").map(String.init)
        }
        candidates.append("xdg-open")
        for candidate in candidates {
            var words = candidate.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let program = words.first, let found = ProgramPath.locate(program, path: path, isExecutable: isExecutable) else { continue }
            words[0] = found
            if words.dropFirst().contains(where: { $0.contains("%s") }) {
                return [found] + words.dropFirst().map { $0.replacingOccurrences(of: "%s", with: url) }
            }
            return words + [url]
        }
        return nil
    }
}

/// The live opener: spawns the browser command with `posix_spawn`, its stdin, stdout and stderr on
/// `/dev/null` (so nothing it prints reaches the screen) and no other descriptor inherited, in a
/// session of its own, with default signal dispositions. It is not waited for: a background thread
/// reaps it whenever it exits (a browser may run for hours).
struct SpawningURLOpener: URLOpener {
    init() {}

    func open(_ url: String, environment: [String: String]) -> URLOpenOutcome {
        guard Self.isWebAddress(url) else { return .failed(L10n.tr("detail.open.notWebAddress")) }
        guard let command = BrowserCommand.resolve(url: url, environment: environment,
                                                   isExecutable: ProgramPath.isExecutableFile) else {
            return .noBrowser
        }
        let name = URL(fileURLWithPath: command[0]).lastPathComponent
        switch Self.spawn(command, environment: environment) {
        case .success(let pid):
            Thread.detachNewThread {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            return .opened(program: name)
        case .failure(let error):
            return .failed("\(name): \(String(cString: strerror(error.code)))")
        }
    }

    /// Whether `url` may go on a browser's command line, whoever asks: `http://` or `https://`, then
    /// nothing a terminal would obey, no white space (the address stays one word wherever `$BROWSER`
    /// puts it). The callers check more (`WebAddress`); this is the last check before a child process.
    static func isWebAddress(_ url: String) -> Bool {
        let lowered = url.prefix(8).lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return false }
        return url.unicodeScalars.allSatisfy { Sanitizer.isAllowed($0) && !$0.properties.isWhitespace }
    }

    struct SpawnError: Error { let code: Int32 }

    /// glibc's `POSIX_SPAWN_SETSID` (2.26+), hidden from Swift behind `_GNU_SOURCE`.
    static let setSessionFlag: Int32 = 0x80

    static func spawn(_ arguments: [String], environment: [String: String]) -> Result<pid_t, SpawnError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The loop's wake-up pipe, the database, sockets: none of ours goes to the browser.
        ChildProcess.closeInheritedDescriptors(&actions)

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
        // A session of its own, without a controlling terminal: closing ours does not hang it up.
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Self.setSessionFlag))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }
}
