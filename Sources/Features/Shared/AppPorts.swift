import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

// The app's ports: what the screens ask of the world outside them, each with the outcome it answers.
// The live implementations are in AppCore (the screen stack, the browser, the clipboard, `git clone`);
// tests use spies.

/// Who the routers ask to navigate: the app's screen stack (implemented by `App`).
@MainActor
public protocol AppNavigator: AnyObject {
    /// Ends the app.
    func quit()
    /// Replaces the list with another owner's repositories (the owner exists: it was looked up).
    func openOwner(_ login: String)
    /// Replaces the list with `list` (`t`: the owner's starred repositories, and back).
    func openList(_ list: RepositoryListID)
    /// Shows an owner's repositories over the current screens (a link followed in an overlay): Esc
    /// on that list comes back to the screen below.
    func showOwner(_ login: String)
    /// Shows the owner prompt ("GitHub user or organization") over the current screen.
    func showOwnerPrompt()
    /// Shows the owner prompt with the hosts gh knows listed under it (`H`): choosing one switches.
    func showHosts()
    /// Replaces the list with an owner's repositories on another GitHub host: that host's client (its
    /// own token) and its own store from then on.
    func openOwner(_ login: String, on host: GitHubHost)
    /// Shows an owner's profile screen.
    func showProfile(login: String)
    /// Shows repository search.
    func showSearch()
    /// Shows GitHub's repository search with `query` in its field (the local search's `S`).
    func showSearch(query: String)
    /// Shows the local search over what the store holds (Ctrl-K from every screen).
    func showLocalSearch()
    /// Shows the notifications inbox over the current screens.
    func showInbox()
    /// Shows a repository's detail overlay on `tab`.
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab)
    /// Shows a repository's detail overlay on its issue or pull request `number` (Esc in it closes the
    /// overlay).
    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository)
    /// Shows a repository's detail overlay opened at `place` (a notification's subject): an issue or pull
    /// request at a comment (Esc in it closes the overlay), a release, a commit's diff.
    func show(_ place: RepoPlace, in repository: Repository)
    /// Removes `screen` (and anything above it) from the stack: "go back".
    func dismiss(_ screen: any Screen)
}

extension AppNavigator {
    /// Shows a repository's detail overlay on its first tab.
    func showRepositoryDetail(_ repository: Repository) { showRepositoryDetail(repository, tab: .overview) }
    /// Without its own: the overlay on the Issues or Pull requests tab.
    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository) {
        showRepositoryDetail(repository, tab: isPullRequest ? .pulls : .issues)
    }
    /// Without its own: the search with an empty field.
    func showSearch(query: String) { showSearch() }
    /// Without its own: nothing (an app without a store to search).
    func showLocalSearch() {}
    /// Without its own: the overlay on the place's tab.
    func show(_ place: RepoPlace, in repository: Repository) {
        showRepositoryDetail(repository, tab: place.tab)
    }
}

/// How `o` went.
public enum URLOpenOutcome: Sendable, Equatable {
    /// The browser was started (`program` is the command's name).
    case opened(program: String)
    /// Neither `$BROWSER` nor `xdg-open` is available.
    case noBrowser
    /// The program exists but could not be started, or the address is not a web address.
    case failed(String)
}

/// Opens web addresses in the user's browser. The live one spawns `$BROWSER` or `xdg-open`
/// (`SpawningURLOpener`); tests use a spy.
public protocol URLOpener: Sendable {
    /// Starts the browser on `url` without waiting for it; its output never reaches the terminal.
    func open(_ url: String, environment: [String: String]) -> URLOpenOutcome
}

/// How a copy went: the ways the text reached a clipboard ("terminal (OSC 52)", "xclip"), or why not.
public enum ClipboardOutcome: Sendable, Equatable {
    /// A way that confirms took the text (a clipboard command that ended well, a tmux paste buffer), and
    /// any unconfirmed ways it was also sent through.
    case copied(via: [String])
    /// Sent only where nothing confirms it (OSC 52 to a terminal, which answers nothing): said as sent.
    case sent(via: [String])
    case failed(String)
}

/// Puts text on the user's clipboard. The live one writes OSC 52 to the terminal (through tmux when
/// inside it) and also runs `wl-copy`/`xclip`/`xsel` when present; tests use a spy.
@MainActor
public protocol ClipboardWriter: AnyObject, Sendable {
    func copy(_ text: String) -> ClipboardOutcome
}

/// How a clone went.
public enum CloneOutcome: Sendable, Equatable {
    case cloned(path: String)
    case alreadyCloned(path: String)
    case failed(String)
}

/// Clones repositories into the clone root (`~/src/HOST/OWNER/REPO` by default, the ghq layout). The
/// live one hands the terminal to `git clone` while it runs, then takes it back.
@MainActor
public protocol RepositoryCloner: AnyObject, Sendable {
    /// Where the repository is (or would be) cloned.
    func directory(for repository: Repository) -> String
    /// Whether a clone is there.
    func isCloned(_ repository: Repository) -> Bool
    /// Runs `git clone` in the foreground; returns when git is done.
    func clone(_ repository: Repository) -> CloneOutcome
}

/// How the user's editor went, and what its file held when it ended.
public struct EditorOutcome: Sendable, Equatable {
    /// What the file held when the editor ended; nil when there was nothing to read (the file could not
    /// be made, was gone, or was over the size limit).
    public var text: String?
    /// Why the editor did not end well (it could not start, it ended with a failure status, its file
    /// could not be made or read); nil when it did.
    public var failure: String?
    /// The app was asked to end (a hang-up, SIGTERM) while the editor ran: what it left is to be kept,
    /// and nothing sent.
    public var appIsEnding: Bool
    /// The editor's folder, left where it is: what it held could not be kept, or the editor failed and
    /// left files of its own there (a swap file to recover from).
    public var folderKept: String?

    public init(text: String?, failure: String? = nil, appIsEnding: Bool = false, folderKept: String? = nil) {
        self.text = text
        self.failure = failure
        self.appIsEnding = appIsEnding
        self.folderKept = folderKept
    }

    /// The editor ended well, leaving `text`.
    public static func edited(_ text: String) -> EditorOutcome { EditorOutcome(text: text) }

    /// The editor did not end well, for `reason`; `text` is what its file held then.
    public static func failed(_ reason: String, text: String? = nil) -> EditorOutcome {
        EditorOutcome(text: text, failure: reason)
    }
}

/// Lets the user write text in their own editor on a temporary file, with the terminal handed over
/// meanwhile, like `git commit` (`ExternalEditor` in the app: `$VISUAL`, `$EDITOR`, else `vi`).
@MainActor
public protocol TextEditing: AnyObject {
    /// Opens `text` in the editor and waits for it; `fileName` names the file (its suffix tells the
    /// editor the syntax). Whatever way the editor ended, `keep` gets what it left before the file is
    /// removed, so the caller can store it first; when `keep` returns false (it could not), the file
    /// stays where it is (`EditorOutcome.folderKept`).
    func edit(_ text: String, fileName: String, keep: (EditorOutcome) -> Bool) -> EditorOutcome
}
