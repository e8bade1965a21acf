import ArgumentParser
import Foundation
import GitHubAPI
import GitHubEntities

/// The command line of PRODUCT.md §2, parsed and validated. Running the app is `AppLauncher`'s job.
public struct AppCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "github-tui",
        abstract: "A full-screen terminal browser for a GitHub owner's public repositories.",
        discussion: """
        Stored repositories appear at once, then refresh from the GitHub API.
        Environment: GH_TOKEN or GITHUB_TOKEN (API token, sent only to the API host), GH_HOST \
        (GitHub Enterprise host), NO_COLOR (no colours), XDG_DATA_HOME (store location).
        """,
        version: GitHubTUIVersion.current
    )

    /// The owner shown when none is given and none is remembered: the seed's sample account.
    public static let defaultOwner = "mralexgray"
    /// The owner `--demo` shows when none is given (its data is recorded from GitHub).
    public static let demoOwner = "sferik"

    @Argument(help: "GitHub user or organization login (default: the last one opened, else mralexgray).")
    public var owner: String?

    @Flag(help: "Serve bundled recorded data through the normal code path; never touch the network.")
    public var demo = false

    @Option(name: .customLong("api-url"), help: ArgumentHelp("REST API root (https; plain http only for loopback hosts).", valueName: "url"))
    public var apiURL: String?

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the SQLite store lives (default: $XDG_DATA_HOME/github-tui).", valueName: "dir"))
    public var dataDir: String?

    @Flag(help: "Never touch the network; show what is stored.")
    public var offline = false

    public init() {}

    public func validate() throws {
        if let owner, !OwnerLogin.isValid(owner) {
            throw ValidationError("'\(Self.printable(owner))' is not a GitHub login: use 1–39 letters, digits and single inner hyphens.")
        }
        if let apiURL {
            do { _ = try APIConfiguration.validatedBaseURL(apiURL) } catch {
                throw ValidationError("--api-url: \(error)")
            }
        }
        if let dataDir, dataDir.isEmpty { throw ValidationError("--data-dir must not be empty.") }
    }

    /// A flag's value, safe to echo in an error message.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }).prefix(60))
    }
}
