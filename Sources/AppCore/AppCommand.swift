import ArgumentParser
import Foundation
import GitHubAPI
import GitHubEntities
import TerminalKit

extension Theme: ExpressibleByArgument {}

/// The command line (README, "Command line"), parsed and validated. Running the app is `AppLauncher`'s job.
struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "github-tui",
        abstract: "A full-screen terminal browser for a GitHub owner's public repositories.",
        discussion: """
        Stored repositories appear at once, then refresh from the GitHub API. Press ? in the app for its keys.

        Environment: GH_TOKEN or GITHUB_TOKEN (github.com's token), GH_ENTERPRISE_TOKEN or \
        GITHUB_ENTERPRISE_TOKEN (another host's), each sent only to its own host; else a logged-in gh \
        user's token for the host; GH_HOST (the host, as --hostname), SSL_CERT_FILE and SSL_CERT_DIR \
        (CAs to trust), NO_COLOR (no colours), XDG_DATA_HOME (store location).

        Exit status: 0 on quit (q, Ctrl-C), 2 for a usage error, 128+N when ended by signal N.
        """,
        version: GitHubTUIVersion.current
    )

    /// The owner shown when none is given and none is remembered: the seed's sample account.
    static let defaultOwner = "mralexgray"
    /// The owner `--demo` shows when none is given (its data is recorded from GitHub).
    static let demoOwner = "sferik"
    /// The made-up token the demo's inbox client sends to the demo transport (never to a network).
    static let demoInboxToken = "demo-inbox-not-a-token"

    @Argument(help: "GitHub user or organization login (default: the last one opened, else mralexgray).")
    var owner: String?

    @Flag(help: "Serve bundled recorded data through the normal code path; never touch the network.")
    var demo = false

    @Option(name: .customLong("hostname"), help: ArgumentHelp("GitHub host: github.com (default), a GitHub Enterprise Server host or SUBDOMAIN.ghe.com; as GH_HOST. Each host keeps its own store.", valueName: "host"))
    var hostname: String?

    @Option(name: .customLong("api-url"), help: ArgumentHelp("REST API root (https; plain http only for loopback hosts); default: the host's.", valueName: "url"))
    var apiURL: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the SQLite store lives (default: $XDG_DATA_HOME/github-tui).", valueName: "dir"),
            completion: .directory)
    var dataDir: String?

    @Flag(help: "Never touch the network; show what is stored.")
    var offline = false

    @Flag(help: "Show the repositories OWNER starred instead of OWNER's own (t switches in the app).")
    var starred = false

    @Flag(help: "Start in the notifications inbox (n from the list; needs a token: GH_TOKEN or gh auth login).")
    var inbox = false

    @Option(help: ArgumentHelp("Colours: default (dark backgrounds), light, mono (attributes only), terminal (the 16 ANSI colours). NO_COLOR wins.", valueName: "theme"))
    var theme: Theme?

    @Flag(help: "Print the repositories as tab-separated lines (name, stars, language, updated, description), sorted by name; the default when standard output is not a terminal.")
    var plain = false

    @Option(help: ArgumentHelp("Print a JSON array of the repositories, sorted by name, with these comma-separated fields: \(RepositoryField.names).", valueName: "fields"))
    var json: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("Config file (default: $XDG_CONFIG_HOME/github-tui/config.toml).", valueName: "path"),
            completion: .file(extensions: ["toml"]))
    var configPath: String?

    init() {}

    /// `--plain` or `--json`: what to print instead of running the full-screen app (nil: neither flag).
    var scriptFormat: ScriptFormat? {
        if let json, let fields = try? RepositoryField.parseList(json) { return .json(fields) }
        return plain ? .tsv : nil
    }

    func validate() throws {
        if let owner, !OwnerLogin.isValid(owner) {
            throw ValidationError("'\(Self.printable(owner))' is not a GitHub login: use 1–39 letters, digits and single inner hyphens.")
        }
        if let hostname, GitHubHost(hostname) == nil {
            throw ValidationError("--hostname: '\(Self.printable(hostname))' is not a host name such as github.example.com.")
        }
        if let apiURL {
            do { _ = try APIConfiguration.validatedBaseURL(apiURL) } catch {
                throw ValidationError("--api-url: \(error)")
            }
        }
        if let dataDir, dataDir.isEmpty { throw ValidationError("--data-dir must not be empty.") }
        if let dataDir, dataDir.unicodeScalars.contains(where: Self.isControl) {
            throw ValidationError("--data-dir must not contain control characters (a newline or a tab, say): '\(Self.printable(dataDir))'.")
        }
        if let json {
            if plain { throw ValidationError("--plain and --json cannot be used together.") }
            do { _ = try RepositoryField.parseList(json) } catch { throw ValidationError("--json: \(error)") }
        }
        if let configPath, configPath.isEmpty || configPath.unicodeScalars.contains(where: Self.isControl) {
            throw ValidationError("--config must be a path without control characters: '\(Self.printable(configPath))'.")
        }
    }

    /// The everyday command lines — an owner, `--demo`, `--offline`, `--starred`, `--inbox`, `--hostname HOST`, `--api-url URL`, `--data-dir DIR`,
    /// `--theme THEME`, `--plain`, `--json FIELDS`, `--config PATH` (also `--name=value`), each at most once — parsed without swift-argument-parser, whose
    /// reflection costs ~3 ms of every launch (it scans the binary's protocol conformances; see
    /// docs/performance.md). Anything else, and anything that fails `validate()`, returns `nil`:
    /// `parse` then handles it, with its help, version and error messages. Tests check that both
    /// parsers agree on every line this one accepts.
    static func parseEveryday(_ arguments: [String]) -> AppCommand? {
        var owner: String?, hostname: String?, apiURL: String?, dataDir: String?, theme: Theme?, configPath: String?
        var demo = false, offline = false, starred = false, inbox = false, plain = false, json: String?
        var index = 0
        func value(of name: String, _ argument: String) -> String?? {
            if argument == name {
                index += 1
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return .some(nil) }
                return arguments[index]
            }
            if argument.hasPrefix(name + "=") { return String(argument.dropFirst(name.count + 1)) }
            return nil
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--demo", !demo { demo = true }
            else if argument == "--offline", !offline { offline = true }
            else if argument == "--starred", !starred { starred = true }
            else if argument == "--inbox", !inbox { inbox = true }
            else if argument == "--plain", !plain { plain = true }
            else if let found = value(of: "--json", argument) {
                guard let fields = found, json == nil else { return nil }
                json = fields
            }
            else if let found = value(of: "--hostname", argument) {
                guard let host = found, hostname == nil else { return nil }
                hostname = host
            } else if let found = value(of: "--api-url", argument) {
                guard let url = found, apiURL == nil else { return nil }
                apiURL = url
            } else if let found = value(of: "--data-dir", argument) {
                guard let dir = found, dataDir == nil else { return nil }
                dataDir = dir
            } else if let found = value(of: "--theme", argument) {
                guard let name = found, theme == nil, let chosen = Theme(rawValue: name) else { return nil }
                theme = chosen
            } else if let found = value(of: "--config", argument) {
                guard let path = found, configPath == nil else { return nil }
                configPath = path
            } else if !argument.hasPrefix("-"), owner == nil { owner = argument }
            else { return nil }
            index += 1
        }
        var command = AppCommand()
        command.owner = owner
        command.demo = demo
        command.apiURL = apiURL
        command.hostname = hostname
        command.dataDir = dataDir
        command.offline = offline
        command.starred = starred
        command.inbox = inbox
        // Every property is assigned: a property wrapper never set by a parse cannot be read.
        command.theme = theme
        command.plain = plain
        command.json = json
        command.configPath = configPath
        guard (try? command.validate()) != nil else { return nil }
        return command
    }

    /// A flag's value, safe to echo in an error message.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !isControl($0) }).prefix(60))
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
    }
}
