#if canImport(Glibc)
import Glibc
#endif
import Features
import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

/// Clones repositories with `git clone` into `ROOT/HOST/OWNER/REPO` (the ghq layout; `~/src` by
/// default), over HTTPS. Each part of the path is a `PathComponent` or the clone is refused before
/// anything is made or run. git runs in the foreground with the terminal handed to it (it may ask for
/// a password there); its progress and messages reach the screen through `Sanitizer.LineStream`; the
/// app takes the screen back when it ends.
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

    /// Where a repository goes under the root: `ROOT/HOST/OWNER/NAME`, each part checked by
    /// `PathComponent` (the server chose them: `..`, a slash or a control character would put the
    /// clone elsewhere, or reach the terminal in git's messages), or why it cannot go anywhere.
    func target(for repository: Repository) -> Result<String, CloneRefusal> {
        let parts: [(CloneRefusal.Part, String)] = [(.host, host(of: repository.htmlURL)),
                                                     (.owner, repository.ownerLogin), (.name, repository.name)]
        var path = rootPrefix
        for (part, value) in parts {
            do throws(PathComponent.Refusal) {
                path += "/" + (try PathComponent.checked(value))
            } catch {
                return .failure(CloneRefusal(part: part, value: value, reason: error))
            }
        }
        return .success(path)
    }

    /// The clone's path; for a repository that cannot be cloned (`target(for:)` refuses it), the root
    /// joined with the parts percent-encoded, a place inside the root that no clone ever makes.
    func directory(for repository: Repository) -> String {
        switch target(for: repository) {
        case .success(let path): return path
        case .failure:
            let parts = [host(of: repository.htmlURL), repository.ownerLogin, repository.name]
            return rootPrefix + parts.map { "/" + Self.escaped($0) }.joined()
        }
    }

    /// The root without trailing slashes (`/` becomes empty), so `prefix + "/" + part` is a path.
    private lazy var rootPrefix: String = {
        var prefix = Substring(root.isEmpty ? "." : root)
        while prefix.hasSuffix("/") { prefix = prefix.dropLast() }
        return String(prefix)
    }()

    /// Every byte but ASCII letters, digits, `-` and `_` as `%XX` (so `..` is `%2E%2E`); empty is `%`.
    private static func escaped(_ value: String) -> String {
        guard !value.isEmpty else { return "%" }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Hosts already parsed, by the web address's part before its path (almost always one entry).
    private var hosts: [Substring: String] = [:]

    /// The host of a repository's web address (github.com when it has none), parsed once per scheme
    /// and authority.
    private func host(of htmlURL: String) -> String {
        let authority = Self.schemeAndAuthority(of: htmlURL)
        if let known = hosts[authority] { return known }
        let host = URL(string: String(authority))?.host ?? GitHubHost.dotCom.name
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
        guard case .success(let target) = target(for: repository) else { return false }
        var info = stat()
        return stat(target + "/.git", &info) == 0
    }

    func clone(_ repository: Repository) -> CloneOutcome {
        let target: String
        switch self.target(for: repository) {
        case .success(let path): target = path
        case .failure(let refusal): return .failed(refusal.message)
        }
        if isCloned(repository) { return .alreadyCloned(path: target) }
        guard let url = cloneURL(repository) else {
            return .failed(L10n.tr("clone.notWebAddress", Sanitizer.line(repository.htmlURL)))
        }
        guard let git = ProgramPath.locate("git", path: environment["PATH"] ?? "/usr/bin:/bin") else {
            return .failed(L10n.tr("clone.noGit"))
        }
        let parent = (target as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            return .failed(L10n.tr("clone.cannotCreate", Sanitizer.line(parent), error.localizedDescription))
        }
        let arguments = Self.arguments(git: git, url: url, target: target)
        let status = handOver {
            let banner = Array(("\ngithub-tui: git " + Sanitizer.line(arguments.dropFirst().joined(separator: " ")) + "\n").utf8)
            Self.writeToTerminal(banner)
            return Self.runFiltered(arguments, environment: environment)
        }
        return status == 0 ? .cloned(path: target) : .failed(L10n.tr("clone.failedStatus", status))
    }

    /// git's argument vector: `--progress` (its output comes through a pipe, where git would otherwise
    /// show none), and `--` so that neither the address nor the path is ever read as an option.
    nonisolated static func arguments(git: String, url: String, target: String) -> [String] {
        [git, "clone", "--progress", "--", url, target]
    }

    /// The HTTPS clone address: the repository's web page with `.git`, only for http(s) pages with a
    /// host, and only when every character is printable ASCII (no space, no control character): it is
    /// handed to git, which prints it.
    nonisolated static func cloneURL(for repository: Repository) -> String? {
        guard repository.htmlURL.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
              let url = URL(string: repository.htmlURL), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host != nil else { return nil }
        return repository.htmlURL + ".git"
    }

    /// Runs git with the terminal as its stdin (it may ask for a password there), its output and
    /// errors through a pipe and `Sanitizer.LineStream` to the terminal: a remote's messages and the
    /// names git repeats reach the screen without control characters.
    nonisolated static func runFiltered(_ arguments: [String], environment: [String: String],
                                        write: ([UInt8]) -> Void = writeToTerminal) -> Int32 {
        var stream = Sanitizer.LineStream()
        let finished = withoutActuallyEscaping(write) { write in
            ChildProcess.run(arguments, environment: gitEnvironment(environment), input: .inherited,
                             output: .streamed { write(withProgressBars(stream.feed($0))) })
        }
        write(withProgressBars(stream.finish()))
        return finished?.status ?? 127
    }

    /// Safe output with each of git's progress lines drawn with the app's bar (`ProgressBar`): the
    /// pieces between line ends are rewritten, the `\r` and `\n` kept.
    nonisolated static func withProgressBars(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var output: [UInt8] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A || bytes[index] == 0x0D || index == bytes.count - 1 {
            let end = bytes[index] == 0x0A || bytes[index] == 0x0D ? index : index + 1
            output += Array(ProgressBar.rewritingGitProgress(String(decoding: bytes[start..<end], as: UTF8.self)).utf8)
            if end == index { output.append(bytes[index]) }
            start = index + 1
        }
        return output
    }

    private nonisolated static func gitEnvironment(_ environment: [String: String]) -> [String: String] {
        var env = environment
        env["GIT_TERMINAL_PROMPT"] = env["GIT_TERMINAL_PROMPT"] ?? "1"
        return env
    }

    private nonisolated static func writeToTerminal(_ bytes: [UInt8]) {
        _ = DescriptorOutput.writeAll(bytes, to: STDOUT_FILENO)
    }
}

/// Why a repository cannot be cloned under the root: one part of its path (host, owner, name) is not
/// a path component (`PathComponent`).
struct CloneRefusal: Error, Equatable {
    enum Part: Equatable { case host, owner, name }
    var part: Part
    /// The part as the server sent it.
    var value: String
    var reason: PathComponent.Refusal

    /// The user's message: which part, the value made safe to show (and cut short), and why.
    var message: String {
        let shown = Sanitizer.line(value)
        let short = shown.count > 32 ? String(shown.prefix(31)) + "…" : shown
        let partName = switch part {
        case .host: L10n.tr("clone.part.host")
        case .owner: L10n.tr("clone.part.owner")
        case .name: L10n.tr("clone.part.name")
        }
        let why = switch reason {
        case .empty: L10n.tr("path.refused.empty")
        case .dots: L10n.tr("path.refused.dots")
        case .separator: L10n.tr("path.refused.separator")
        case .controlCharacter: L10n.tr("path.refused.control")
        case .leadingDash: L10n.tr("path.refused.leadingDash")
        case .surroundingWhitespace: L10n.tr("path.refused.whitespace")
        case .tooLong: L10n.tr("path.refused.tooLong", PathComponent.maximumBytes)
        }
        return L10n.tr("clone.refused", partName, short, why)
    }
}
