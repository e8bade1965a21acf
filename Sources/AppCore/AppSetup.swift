import Foundation
import DemoData
import GitHubAPI
import GitHubEntities
import Features
import Persistence
import TerminalKit

/// Everything `AppCommand`'s flags and the environment decide, resolved before the terminal is
/// touched: which owner, which API client, which store.
struct AppSetup {
    var ownerLogin: String
    /// `--starred`: the repositories the owner starred instead of the owner's own.
    var listKind: RepositoryListID.Kind = .owner
    var isDemo: Bool
    var isOffline: Bool
    var service: any GitHubService
    var store: any RepositoryStore
    /// The GitHub instance the client and store are for (`--hostname`, `GH_HOST`; github.com by default).
    var host: GitHubHost = .dotCom
    /// The same setup for another host: its own client (its own token) and its own store (`H` and
    /// `HOST/owner` in the owner prompt switch to it). Nil where nothing can be switched to.
    var connect: ((GitHubHost) -> AppSetup?)?
    /// The hosts gh knows (its hosts.yml), read when asked.
    var knownHosts: () -> [KnownHost] = { [] }
    /// What the repository view's tabs read and keep beyond the list: the same client and store, each
    /// ability named.
    var sources: RepoDetailSources = .none
    /// One line for the user about the store (damaged file moved aside, in-memory fallback…).
    var storeNotice: String?
    /// The store file's integrity check (`SQLiteStore.checkIntegrity`: nil when sound, else what is
    /// damaged), run off the UI thread after the first frame; nil where there is no file to check.
    var checkStoreIntegrity: (@Sendable () -> String?)?
    /// Opens web pages (`o` in the overlay): spawns `$BROWSER` or `xdg-open`.
    var opener: any URLOpener = SpawningURLOpener()
    /// How colours look (`--theme`, the config file; `NO_COLOR` still wins).
    var theme: Theme = .default
    /// The process environment (`BROWSER`, `PATH` for the opener).
    var environment: [String: String] = [:]
    /// Where `c` clones (the config's `clone_root`; nil: `~/src`).
    var cloneRoot: String?
    /// How `y` copies (the config's `clipboard`).
    var clipboard: ClipboardMethod = .auto
    /// When the list loads commits unasked (the config's `commit_prefetch`).
    var commitPrefetch: CommitPrefetch = .visible
    /// How pictures are drawn (the config's `images`).
    var images: ImagesSetting = .auto
    /// The notifications inbox's GitHub, store and account (`n`, `--inbox`).
    var inbox: InboxSources?
    /// The store's full-text index (the local search, Ctrl-K); nil: none to search.
    var searchStore: (any LocalSearchStore)?
    /// Whether the app starts in the inbox (`--inbox`, the config's `start = "inbox"`).
    var startsInInbox = false
    /// The terminal's bell rings when a watched workflow run completes (the config's `bell_on_done`).
    var bellOnDone = false

    /// Errors that stop the app before it starts (exit 2).
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The owner is the command line's, else the config's `default_owner`, else the one opened last,
    /// else `mralexgray` (`--demo`: the command line's, else sferik). The theme is `--theme`'s, else
    /// the config's (`NO_COLOR` still wins, in `App`).
    static func resolve(_ command: AppCommand, environment: [String: String],
                               config: AppConfig = AppConfig()) throws -> AppSetup {
        var setup = try resolveOwnerAndSources(command, environment: environment, config: config)
        setup.theme = command.theme ?? config.theme ?? .default
        setup.cloneRoot = config.cloneRoot
        setup.clipboard = config.clipboard
        setup.commitPrefetch = config.commitPrefetch
        setup.images = config.images
        setup.listKind = command.starred ? .starred : .owner
        setup.startsInInbox = command.inbox || config.start == .inbox
        setup.bellOnDone = config.bellOnDone
        return setup
    }

    private static func resolveOwnerAndSources(_ command: AppCommand, environment: [String: String],
                                              config: AppConfig) throws -> AppSetup {
        if command.demo {
            guard let directory = DemoData.directory else {
                throw Failure(description: "the bundled demo data is missing: \(DemoData.bundleURL.path) should be beside the binary (scripts/install puts it there)")
            }
            let transport = try DemoTransport(directory: directory)
            let host = try command.hostname.map { try namedHost($0) } ?? .dotCom
            var setup = try demo(host: host, transport: transport, command: command, environment: environment)
            setup.ownerLogin = command.owner ?? AppCommand.demoOwner
            return setup
        }
        let configuration: APIConfiguration
        do {
            // A logged-in gh user's token, when no token is set (not offline: no request will be made).
            configuration = try APIConfiguration.fromEnvironment(environment, apiURL: command.apiURL, hostname: command.hostname,
                                                                 askGitHubCLI: !command.offline)
        } catch {
            throw Failure(description: "\(error)")
        }
        var setup = connected(configuration, command: command, environment: environment)
        let remembered = (try? setup.store.setting(SettingKey.lastOwner)).flatMap { $0 }
        setup.ownerLogin = command.owner ?? config.defaultOwner ?? remembered.flatMap { OwnerLoginCheck.valid($0) } ?? AppCommand.defaultOwner
        return setup
    }

    private static func namedHost(_ text: String) throws -> GitHubHost {
        guard let host = GitHubHost(text) else { throw Failure(description: "--hostname: “\(AppCommand.printable(text))” is not a host name") }
        return host
    }

    /// The client and store of the host `configuration` names: the store in its own file of the data
    /// directory (`GitHubHost.storeFileName`: github.com's is the file it always was), the client with
    /// that host's token only. `connect` makes the same for another host, its token the host's own
    /// (its environment variables, else gh's), its API where the host has it.
    private static func connected(_ configuration: APIConfiguration, command: AppCommand,
                                  environment: [String: String]) -> AppSetup {
        let directory = command.dataDir.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? SQLiteStore.defaultDirectory(environment: environment)
        let (store, _) = SQLiteStore.open(directory: directory,
                                          fileName: configuration.host.storeFileName(from: SQLiteStore.fileName))
        // `--offline` sends nothing, whichever screen asks (the list also knows, and does not ask).
        let transport: any HTTPTransport = command.offline ? OfflineTransport() : CurlTransport(environment: environment)
        let client = GitHubClient(configuration: configuration, transport: transport,
                                  validatorCache: StoreValidatorCache(store: store, now: Date.init))
        var setup = AppSetup(
            ownerLogin: AppCommand.defaultOwner, isDemo: false, isOffline: command.offline,
            service: client, store: store, sources: RepoDetailSources(client: client, store: store),
            storeNotice: StoreNotice.message(for: store.outcome), checkStoreIntegrity: { store.checkIntegrity() },
            theme: command.theme ?? .default, environment: environment, inbox: inboxSources(client, store: store),
            searchStore: store)
        setup.host = configuration.host
        setup.knownHosts = { GitHubCLIHosts.read(environment: environment) }
        setup.connect = { host in
            // Back on the host it started on: as it started (the API where `--api-url` put it); another host
            // by its name, its API its own.
            let again = host == configuration.host
            let other = (try? APIConfiguration.fromEnvironment(environment, apiURL: again ? command.apiURL : nil,
                                                               hostname: again ? command.hostname : host.name,
                                                               askGitHubCLI: !command.offline))
                ?? APIConfiguration(baseURL: host.apiRoot, host: host)
            return connected(other, command: command, environment: environment)
        }
        return setup
    }

    /// The demo on `host`: bundled data through the normal client, a throwaway store of its own per host.
    private static func demo(host: GitHubHost, transport: DemoTransport, command: AppCommand,
                             environment: [String: String]) throws -> AppSetup {
        let configuration = APIConfiguration(baseURL: APIConfiguration.defaultBaseURL, token: nil, host: host)
        let store = try SQLiteStore.inMemory()
        // Validators kept as live, so a README read is stored (and found by the local search).
        let client = GitHubClient(configuration: configuration, transport: transport,
                                  validatorCache: StoreValidatorCache(store: store, now: Date.init))
        // The inbox's calls need a token: the demo's inbox client carries a made-up one to the same
        // transport, which answers them from memory (`DemoInbox`); every other screen stays token-less.
        let inboxClient = GitHubClient(configuration: APIConfiguration(baseURL: APIConfiguration.defaultBaseURL,
                                                                       token: AppCommand.demoInboxToken, host: host),
                                       transport: transport)
        var setup = AppSetup(
            ownerLogin: AppCommand.demoOwner, isDemo: true, isOffline: command.offline,
            service: client, store: store,
            // The demo answers review threads' GraphQL from its data, token or not (writing still needs one).
            sources: RepoDetailSources(client: client, store: store, readsReviewThreadsWithoutToken: true),
            storeNotice: nil, theme: command.theme ?? .default, environment: environment,
            inbox: inboxSources(inboxClient, store: store), searchStore: store)
        setup.host = host
        setup.knownHosts = { DemoTransport.knownHosts }
        setup.connect = { other in try? demo(host: other, transport: transport, command: command, environment: environment) }
        return setup
    }

    /// The inbox's sources: the client and the store, the account named by the API host and the token's
    /// identity (never the token).
    private static func inboxSources(_ client: GitHubClient, store: SQLiteStore) -> InboxSources {
        let configuration = client.configuration
        return InboxSources(service: client, store: store,
                            account: "\(configuration.baseURL.absoluteString) \(configuration.tokenIdentity)")
    }
}

enum OwnerLoginCheck {
    static func valid(_ login: String) -> String? { OwnerLogin.isValid(login) ? login : nil }
}
