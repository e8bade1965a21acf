import GitHubEntities
import Persistence
import TerminalKit

// The app's ports: what the screens ask of the world outside them, each with the outcome it answers.
// The live implementations are in AppCore (the screen stack, the browser, the clipboard, `git clone`);
// tests use spies. (The external editor, `TextEditing`, is beside the comment draft that uses it.)

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
    /// Shows an owner's profile screen.
    func showProfile(login: String)
    /// Shows repository search.
    func showSearch()
    /// Shows a repository's detail overlay on `tab`.
    func showRepositoryDetail(_ repository: Repository, tab: RepoTab)
    /// Shows a repository's detail overlay on its issue or pull request `number` (Esc in it closes the
    /// overlay).
    func showIssue(_ number: Int, isPullRequest: Bool, of repository: Repository)
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
