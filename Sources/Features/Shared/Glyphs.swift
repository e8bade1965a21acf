import Locking

/// Which symbols the interface draws for its own marks (`icons` in the config file).
public enum IconSet: String, CaseIterable, Sendable {
    /// Symbols every common monospace font has (DejaVu Sans Mono, the default of Debian and Ubuntu desktops;
    /// a test checks each against its character map). The default.
    case unicode
    /// Nerd Font icons (Private Use Area): only for a terminal whose font is a patched Nerd Font.
    case nerd
    /// Printable ASCII only: any font, any terminal.
    case ascii
}

/// The interface's own symbols — not repository data — in one place, per `IconSet`: a symbol is written
/// once here and drawn through `Glyphs.current`, so a new set or a font problem is mended in one file.
///
/// The set is chosen once at start-up (`Glyphs.use`, from the config) before any screen is built; a test
/// picks one for its own task with `Glyphs.$override`.
public struct Glyphs: Equatable, Sendable {
    /// Forks, before a count.
    let fork: String
    /// Stars, before a count; also the favourite mark.
    let star: String
    /// A repository that has a clone in the clone root.
    let cloned: String
    /// A branch, before its name.
    let branch: String
    /// A row's commits: loading, loaded, none, failed.
    let commitsLoading, commitsLoaded, commitsEmpty, commitsFailed: String
    /// A row that can be expanded, and one that is.
    let collapsed, expanded: String
    /// A row that changed since the user last looked.
    let changed: String
    /// The frames of the busy spinner, in order.
    let spinner: [String]
    /// An issue's or pull request's state, readable without colour: open, closed, merged, draft.
    let issueOpen, issueClosed, pullMerged, pullDraft: String
    /// Before an issue's count of comments.
    let comments: String
    /// The Files tab's folders and files, and the Releases tab's tags.
    let folder, file, tag: String
    /// A workflow run's, job's or step's state (always beside its word): succeeded, failed, running,
    /// queued or waiting, cancelled, skipped, timed out, needing someone, anything else.
    let runSuccess, runFailure, runRunning, runQueued, runCancelled, runSkipped, runTimedOut, runAttention, runOther: String

    /// The symbols of `set`.
    static func of(_ set: IconSet) -> Glyphs {
        switch set {
        case .unicode: unicode
        case .nerd: nerd
        case .ascii: ascii
        }
    }

    static let unicode = Glyphs(.unicode)
    static let nerd = Glyphs(.nerd)
    static let ascii = Glyphs(.ascii)

    /// The one table: each symbol in the three sets side by side (Unicode, Nerd Font, ASCII). The Nerd
    /// Font code points are Font Awesome 4's, and Powerline's branch (sets every Nerd Font carries at
    /// fixed places).
    private init(_ set: IconSet) {
        func pick<Symbol>(_ unicode: Symbol, _ nerd: Symbol, _ ascii: Symbol) -> Symbol {
            switch set {
            case .unicode: unicode
            case .nerd: nerd
            case .ascii: ascii
            }
        }
        fork = pick("ψ", "\u{F126}", "Y")
        star = pick("★", "\u{F005}", "*")
        cloned = pick("⌂", "\u{F015}", "#")
        branch = pick("⌥", "\u{E0A0}", "@")
        commitsLoading = pick("◌", "\u{F110}", ".")
        commitsLoaded = pick("●", "\u{F111}", "o")
        commitsEmpty = pick("○", "\u{F10C}", "-")
        commitsFailed = pick("!", "\u{F071}", "!")
        collapsed = pick("▸", "\u{F105}", ">")
        expanded = pick("▾", "\u{F107}", "v")
        changed = pick("Δ", "\u{F069}", "~")
        spinner = pick(["◐", "◓", "◑", "◒"], ["\u{F251}", "\u{F252}", "\u{F253}"], ["|", "/", "-", "\\"])
        issueOpen = pick("○", "\u{F10C}", "o")
        issueClosed = pick("✓", "\u{F00C}", "x")
        pullMerged = pick("◆", "\u{F126}", "m")
        pullDraft = pick("◌", "\u{F040}", "d")
        comments = pick("✉", "\u{F0E5}", "c")
        folder = pick("■", "\u{F07B}", "+")
        file = pick("·", "\u{F15B}", ".")
        tag = pick("◆", "\u{F02B}", "@")
        runSuccess = pick("✓", "\u{F00C}", "+")
        runFailure = pick("✗", "\u{F00D}", "x")
        runRunning = pick("◐", "\u{F110}", "*")
        runQueued = pick("○", "\u{F10C}", "o")
        runCancelled = pick("⊘", "\u{F05E}", "/")
        runSkipped = pick("↷", "\u{F04E}", ">")
        runTimedOut = pick("◷", "\u{F017}", "T")
        runAttention = pick("!", "\u{F071}", "!")
        runOther = pick("◇", "\u{F128}", "?")
    }

    private static let processSet = Mutex(IconSet.unicode)

    /// A set for the current task only (tests draw ASCII while others draw the default).
    @TaskLocal static var override: IconSet?

    /// The set symbols are drawn from now.
    static var set: IconSet { override ?? processSet.withLock { $0 } }

    /// The symbols drawn now.
    static var current: Glyphs { of(set) }

    /// Sets the process-wide set; call once at start-up, before any screen is built.
    public static func use(_ set: IconSet) {
        processSet.withLock { $0 = set }
    }
}
