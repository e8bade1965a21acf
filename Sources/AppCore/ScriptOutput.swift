#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// A field of `--json FIELDS`. Names follow `gh repo list --json` where gh has a plain value
/// (`name`, `nameWithOwner`, `description`, `url`, `homepageUrl`, `stargazerCount`, `forkCount`,
/// `isFork`, `isArchived`, `createdAt`, `updatedAt`, `pushedAt`); gh's object-valued fields are plain
/// values here under their own names (`language`, `license`, `topics`, `defaultBranch`).
enum RepositoryField: String, CaseIterable, Sendable {
    case name, nameWithOwner, description, url, homepageUrl, language, license, topics, defaultBranch
    case stargazerCount, forksCount, forkCount, watchersCount, openIssuesCount
    case isFork, isArchived, createdAt, updatedAt, pushedAt

    /// The valid names, comma-separated (the help text and the unknown-field error).
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// `name,url` → the fields in the order given, each once. Blanks around names and empty
    /// entries are ignored; an unknown name throws, with the valid names in the message.
    static func parseList(_ list: String) throws -> [RepositoryField] {
        var fields: [RepositoryField] = []
        for piece in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = piece.trimmingCharacters(in: .whitespaces)
            if name.isEmpty { continue }
            guard let field = RepositoryField(rawValue: name) else {
                throw ScriptFormatError(
                    "unknown JSON field '\(AppCommand.printable(name))'; valid fields: \(names).")
            }
            if !fields.contains(field) { fields.append(field) }
        }
        guard !fields.isEmpty else { throw ScriptFormatError("--json needs at least one field; valid fields: \(names).") }
        return fields
    }
}

struct ScriptFormatError: Error, CustomStringConvertible, Sendable {
    var description: String
    init(_ description: String) { self.description = description }
}

/// What is printed when the output goes to a script.
enum ScriptFormat: Sendable, Equatable {
    /// One line a repository: name, stars, language, updated (ISO 8601 UTC), description, tab-separated.
    case tsv
    /// A JSON array of objects with exactly these fields.
    case json([RepositoryField])
}

/// Output for scripts (`--plain`, `--json FIELDS`, or standard output not a terminal): the owner's
/// repositories from the store, refreshed from the API first unless offline, printed without curses.
/// The formatting is pure (`lines`, `json`); `run` does the fetching and storing.
enum ScriptOutput {
    /// What `run` needs: resolved from the command line by `AppSetup`.
    struct Job: Sendable {
        var ownerLogin: String
        /// `--starred`: the repositories the owner starred.
        var listKind: RepositoryListID.Kind = .owner
        var isOffline: Bool
        var format: ScriptFormat
        var service: any GitHubService
        var store: any RepositoryStore
        var storeNotice: String?
        /// A safety bound on pages followed (100 pages of 100 = 10,000 repositories), as the list's.
        var maxPages = 100

        var list: RepositoryListID { RepositoryListID(kind: listKind, ownerLogin: ownerLogin) }

        init(ownerLogin: String, isOffline: Bool, format: ScriptFormat, service: any GitHubService,
                    store: any RepositoryStore, storeNotice: String? = nil) {
            self.ownerLogin = ownerLogin
            self.isOffline = isOffline
            self.format = format
            self.service = service
            self.store = store
            self.storeNotice = storeNotice
        }

        /// `AppSetup.resolve` for the command (the same owner, client and store as the app).
        static func resolve(_ command: AppCommand, format: ScriptFormat, environment: [String: String],
                                   config: AppConfig = AppConfig()) throws -> Job {
            let setup = try AppSetup.resolve(command, environment: environment, config: config)
            // The demo's answers are bundled (no network) and its store starts empty: offline or not, they are read.
            var job = Job(ownerLogin: setup.ownerLogin, isOffline: setup.isOffline && !setup.isDemo, format: format,
                          service: setup.service, store: setup.store, storeNotice: setup.storeNotice)
            job.listKind = setup.listKind
            return job
        }
    }

    /// What to print and how to exit.
    struct Result: Sendable, Equatable {
        /// For standard output.
        var output: String
        /// Lines for standard error (each without its newline).
        var errors: [String]
        var exitCode: Int32
    }

    /// Exit code when there is nothing to print (unknown owner, nothing stored, network down).
    static let failureExitCode: Int32 = 1

    /// Refreshes the owner's list from the API (every page; skipped offline), stores it, then
    /// formats the stored list sorted by name. A failed refresh with a stored list prints it with
    /// one warning; with nothing stored, or an unknown owner, prints only the error (exit 1).
    static func run(_ job: Job, now: @Sendable () -> Date = Date.init) async -> Result {
        var errors: [String] = []
        if let notice = job.storeNotice { errors.append("github-tui: \(Sanitizer.line(notice))") }
        let stored = (try? job.store.snapshot(list: job.list)) ?? OwnerListSnapshot()
        var repositories = stored.repositories
        if job.isOffline {
            if stored.isEmpty {
                errors.append("github-tui: nothing is stored for \(job.ownerLogin); run once without --offline to fetch it.")
                return Result(output: "", errors: errors, exitCode: failureExitCode)
            }
        } else {
            do {
                let (owner, fetched, looped) = try await fetchAll(job)
                repositories = fetched
                if looped { errors.append("github-tui: warning: \(loopWarning)") }
                do {
                    let fetchedAt = now()
                    try job.store.saveOwner(owner, fetchedAt: fetchedAt)
                    try job.store.replaceRepositories(fetched, list: job.list, fetchedAt: fetchedAt)
                    repositories = try job.store.snapshot(list: job.list).repositories
                } catch {
                    errors.append("github-tui: warning: the list could not be stored: \(Sanitizer.line(String(describing: error)))")
                }
            } catch GitHubError.notFound {
                errors.append("github-tui: \(GitHubError.notFoundMessage)")
                return Result(output: "", errors: errors, exitCode: failureExitCode)
            } catch {
                let reason = (error as? GitHubError)?.userMessage ?? Sanitizer.line(String(describing: error))
                if stored.isEmpty {
                    errors.append("github-tui: \(reason)")
                    return Result(output: "", errors: errors, exitCode: failureExitCode)
                }
                let age = stored.listFetchedAt.map { " (stored \(isoUTC($0)))" } ?? ""
                errors.append("github-tui: warning: \(reason) Printing the stored list\(age).")
            }
        }
        let sorted = sortedByName(repositories)
        switch job.format {
        case .tsv: return Result(output: lines(sorted), errors: errors, exitCode: 0)
        case .json(let fields):
            do {
                return Result(output: try json(sorted, fields: fields), errors: errors, exitCode: 0)
            } catch {
                errors.append("github-tui: the JSON could not be written: \(error)")
                return Result(output: "", errors: errors, exitCode: failureExitCode)
            }
        }
    }

    /// Said when the server's next-page links lead back to a page already fetched.
    static let loopWarning = "the server's next-page links loop back to a page already fetched; the list ends there."

    /// The owner and every page of their repositories, or of the ones they starred (each repository
    /// once, in the API's order), and whether a next-page link looped back (the list ends there).
    static func fetchAll(_ job: Job) async throws -> (Owner, [Repository], looped: Bool) {
        guard OwnerLogin.isValid(job.ownerLogin) else { throw GitHubError.invalidLogin(job.ownerLogin) }
        async let ownerAnswer = job.service.owner(login: job.ownerLogin)
        async let firstPage = job.listKind == .starred
            ? job.service.starredRepositories(ownerLogin: job.ownerLogin)
            : job.service.repositories(ownerLogin: job.ownerLogin)
        let owner = try await ownerAnswer
        var page = try await firstPage
        var all: [Repository] = []
        var seen = Set<Int64>()
        var pages = 1
        var trail = PageTrail()
        while true {
            for repository in page.items where seen.insert(repository.id).inserted { all.append(repository) }
            guard let next = trail.next(after: page), pages < job.maxPages else { break }
            page = try await job.service.repositories(page: next)
            pages += 1
        }
        return (owner, all, trail.looped)
    }

    // MARK: Formatting (pure)

    /// By name ignoring ASCII case, then by id: the app's default order (`RepositoryOrder.name`).
    static func sortedByName(_ repositories: [Repository]) -> [Repository] {
        repositories.sorted { a, b in
            let x = asciiLowercased(a.name), y = asciiLowercased(b.name)
            return x != y ? x.lexicographicallyPrecedes(y) : a.id < b.id
        }
    }

    private static func asciiLowercased(_ text: String) -> [UInt8] {
        text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
    }

    /// One line a repository, `gh repo list` style: name, stars, language, updated (ISO 8601 UTC),
    /// description, separated by tabs. Each field is one line of text without tabs or control
    /// characters (`Sanitizer.line`): whatever the API sent, a repository is exactly one line of
    /// exactly five fields.
    static func lines(_ repositories: [Repository]) -> String {
        var output = ""
        for repository in repositories {
            let fields = [
                repository.name, String(repository.stargazersCount), repository.language ?? "",
                repository.updatedAt.map(isoUTC) ?? "", repository.description ?? "",
            ]
            output += fields.map(tsvField).joined(separator: "\t") + "\n"
        }
        return output
    }

    /// A TSV field: tabs and line breaks become single spaces, other controls vanish.
    static func tsvField(_ text: String) -> String {
        Sanitizer.line(text)
    }

    /// A JSON array (pretty-printed, keys sorted, a final newline) of objects with exactly `fields`.
    /// Strings are the API's text as it is; whatever JSON does not escape but a terminal would obey
    /// (DEL, C1 controls, bidi overrides) or takes for a line break (U+2028, U+2029) is written as
    /// `\uXXXX`, which decodes to the same text.
    static func json(_ repositories: [Repository], fields: [RepositoryField]) throws -> String {
        // Foundation pretty-prints an empty array on three lines.
        if repositories.isEmpty { return "[]\n" }
        let objects: [[String: Any]] = repositories.map { repository in
            var object: [String: Any] = [:]
            for field in fields { object[field.rawValue] = value(of: field, in: repository) }
            return object
        }
        let data = try JSONSerialization.data(withJSONObject: objects,
                                              options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        var text = ""
        for scalar in String(decoding: data, as: UTF8.self).unicodeScalars {
            if scalar == "\n" || (Sanitizer.isAllowed(scalar) && scalar != "\u{2028}" && scalar != "\u{2029}") {
                text.unicodeScalars.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return text + "\n"
    }

    static func value(of field: RepositoryField, in repository: Repository) -> Any {
        func orNull(_ value: String?) -> Any { value.map { $0 as Any } ?? NSNull() }
        func date(_ value: Date?) -> Any { value.map { isoUTC($0) as Any } ?? NSNull() }
        switch field {
        case .name: return repository.name
        case .nameWithOwner: return repository.fullName
        case .description: return orNull(repository.description)
        case .url: return repository.htmlURL
        case .homepageUrl: return orNull(repository.homepage.flatMap { $0.isEmpty ? nil : $0 })
        case .language: return orNull(repository.language)
        case .license: return orNull(repository.license)
        case .topics: return repository.topics
        case .defaultBranch: return orNull(repository.defaultBranch)
        case .stargazerCount: return repository.stargazersCount
        case .forksCount, .forkCount: return repository.forksCount
        case .watchersCount: return repository.watchersCount
        case .openIssuesCount: return repository.openIssuesCount
        case .isFork: return repository.isFork
        case .isArchived: return repository.isArchived
        case .createdAt: return date(repository.createdAt)
        case .updatedAt: return date(repository.updatedAt)
        case .pushedAt: return date(repository.pushedAt)
        }
    }

    /// `2013-06-24T12:49:57Z`: whole seconds, UTC, as the API writes dates.
    static func isoUTC(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = Int(parts.tm_year) + 1900
        let yearText = year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + "\(year)" : "\(year)"
        return "\(yearText)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

// MARK: The launcher's part

extension ScriptOutput {
    /// Resolves the command, runs, writes standard error then standard output; returns the exit
    /// code. Touches no terminal: standard input may be anything.
    static func execute(_ command: AppCommand, format: ScriptFormat, environment: [String: String],
                        config: AppConfig) -> Int32 {
        let job: Job
        do {
            job = try Job.resolve(command, format: format, environment: environment, config: config)
        } catch {
            _ = write("github-tui: \(error)\n", to: STDERR_FILENO)
            return AppLauncher.usageExitCode
        }
        let result = blocking { await run(job) }
        // `exit` runs no deinit: the store folds its write-ahead log back only when closed.
        try? job.store.close()
        for line in result.errors { _ = write(line + "\n", to: STDERR_FILENO) }
        guard write(result.output, to: STDOUT_FILENO) else {
            let reason = String(cString: strerror(errno))
            _ = write("github-tui: cannot write to standard output: \(reason)\n", to: STDERR_FILENO)
            return failureExitCode
        }
        return result.exitCode
    }

    /// Runs async work to its end from synchronous code (the main thread, which no executor runs).
    static func blocking<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let result = BlockingResult<T>()
        Task.detached { result.finish(await work()) }
        return result.wait()
    }

    /// Writes all of `text`; false on an error (a closed pipe with SIGPIPE ignored, a full disk).
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        DescriptorOutput.writeAll(Array(text.utf8), to: descriptor)
    }
}

/// The result of `ScriptOutput.blocking`'s task, handed to the waiting thread under a condition lock.
private final class BlockingResult<T: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: T?

    func finish(_ result: T) {
        condition.lock()
        value = result
        condition.signal()
        condition.unlock()
    }

    /// The result, once the task has finished.
    func wait() -> T {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
