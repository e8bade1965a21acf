#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation
import GitHubEntities

/// Clones repositories with `git clone` into `ROOT/HOST/OWNER/REPO` (the ghq layout; `~/src` by
/// default), over HTTPS. git runs in the foreground with the terminal handed to it, so its own
/// progress shows; the app takes the screen back when it ends.
@MainActor
final class GitCloner: RepositoryCloner {
    private let root: String
    private let environment: [String: String]
    /// Gives the terminal to `body` and takes it back (curses suspended meanwhile).
    private let handOver: @MainActor (() -> Int32) -> Int32
    /// The address git clones from (the HTTPS one; tests point it at a local bare repository).
    private let cloneURL: (Repository) -> String?

    init(root: String, environment: [String: String],
         cloneURL: @escaping (Repository) -> String? = GitCloner.cloneURL(for:),
         handOver: @escaping @MainActor (() -> Int32) -> Int32) {
        self.root = root
        self.environment = environment
        self.cloneURL = cloneURL
        self.handOver = handOver
    }

    /// `~/src`, or `$HOME/src`.
    nonisolated static func defaultRoot(environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent("src")
    }

    func directory(for repository: Repository) -> String {
        let parts = [root, host(of: repository.htmlURL), repository.ownerLogin, repository.name]
        // The list asks for every row it shows: plain names are joined directly, anything else
        // (empty, slashes) goes through NSString's path rules.
        let slash = UInt8(ascii: "/")
        if rootJoinsPlainly, parts.dropFirst().allSatisfy({ !$0.isEmpty && !$0.utf8.contains(slash) }) {
            return parts.joined(separator: "/")
        }
        return parts.reduce("") { ($0 as NSString).appendingPathComponent($1) }
    }

    /// Whether `root + "/" + name` is what NSString's path rules make of it.
    private var rootJoinsPlainly: Bool { root.utf8.count > 1 && root.utf8.last != UInt8(ascii: "/") }

    /// Hosts already parsed, by the web address's part before its path (almost always one entry).
    private var hosts: [Substring: String] = [:]

    /// The host of a repository's web address (github.com when it has none), parsed once per scheme
    /// and authority.
    private func host(of htmlURL: String) -> String {
        let authority = Self.schemeAndAuthority(of: htmlURL)
        if let known = hosts[authority] { return known }
        let host = URL(string: String(authority))?.host ?? "github.com"
        if hosts.count < 64 { hosts[authority] = host }
        return host
    }

    /// `https://host:port` of `https://host:port/path?query`: up to the first `/`, `?` or `#` after
    /// `://` (the whole address when it has no `://`).
    private static func schemeAndAuthority(of address: String) -> Substring {
        let utf8 = address.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return address[...] }
        let afterColon = utf8[utf8.index(after: colon)...]
        guard afterColon.starts(with: "//".utf8) else { return address[...] }
        let end = afterColon.dropFirst(2).firstIndex {
            $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        } ?? utf8.endIndex
        return address[..<end]
    }

    func isCloned(_ repository: Repository) -> Bool {
        var info = stat()
        return stat(directory(for: repository) + "/.git", &info) == 0
    }

    func clone(_ repository: Repository) -> CloneOutcome {
        let target = directory(for: repository)
        if isCloned(repository) { return .alreadyCloned(path: target) }
        guard let url = cloneURL(repository) else { return .failed(L10n.tr("clone.notWebAddress", repository.htmlURL)) }
        guard let git = BrowserCommand.locate("git", path: environment["PATH"] ?? "/usr/bin:/bin", isExecutable: BrowserCommand.isExecutableFile) else {
            return .failed(L10n.tr("clone.noGit"))
        }
        do {
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        } catch {
            return .failed(L10n.tr("clone.cannotCreate", (target as NSString).deletingLastPathComponent, error.localizedDescription))
        }
        let status = handOver {
            let banner = "\ngithub-tui: git clone \(url) \(target)\n"
            _ = banner.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
            return Self.runInForeground([git, "clone", "--", url, target], environment: environment)
        }
        return status == 0 ? .cloned(path: target) : .failed(L10n.tr("clone.failedStatus", status))
    }

    /// The HTTPS clone address: the repository's web page with `.git`, only for http(s) pages.
    nonisolated static func cloneURL(for repository: Repository) -> String? {
        guard let url = URL(string: repository.htmlURL), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host != nil else { return nil }
        return repository.htmlURL + ".git"
    }

    /// Runs the command with the terminal as its stdin, stdout and stderr, and waits for it.
    nonisolated static func runInForeground(_ arguments: [String], environment: [String: String]) -> Int32 {
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = env["GIT_TERMINAL_PROMPT"] ?? "1"
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGWINCH] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], nil, &attributes, argv, envp) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
