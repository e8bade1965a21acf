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
    var fork: String
    /// Stars, before a count; also the favourite mark.
    var star: String
    /// A repository that has a clone in the clone root.
    var cloned: String
    /// A branch, before its name.
    var branch: String
    /// A row's commits: loading, loaded, none, failed.
    var commitsLoading: String
    var commitsLoaded: String
    var commitsEmpty: String
    var commitsFailed: String
    /// A row that can be expanded, and one that is.
    var collapsed: String
    var expanded: String
    /// A row that changed since the user last looked.
    var changed: String
    /// The frames of the busy spinner, in order.
    var spinner: [String]
    /// An issue's or pull request's state, readable without colour: open, closed, merged, draft.
    var issueOpen: String
    var issueClosed: String
    var pullMerged: String
    var pullDraft: String
    /// Before an issue's count of comments.
    var comments: String
    /// The Files tab's folders and files, and the Releases tab's tags.
    var folder: String
    var file: String
    var tag: String

    /// The symbols of `set`.
    static func of(_ set: IconSet) -> Glyphs {
        switch set {
        case .unicode: unicode
        case .nerd: nerd
        case .ascii: ascii
        }
    }

    static let unicode = Glyphs(
        fork: "ψ", star: "★", cloned: "⌂", branch: "⌥",
        commitsLoading: "◌", commitsLoaded: "●", commitsEmpty: "○", commitsFailed: "!",
        collapsed: "▸", expanded: "▾", changed: "Δ",
        spinner: ["◐", "◓", "◑", "◒"],
        issueOpen: "○", issueClosed: "✓", pullMerged: "◆", pullDraft: "◌", comments: "✉",
        folder: "■", file: "·", tag: "◆")

    /// Nerd Font code points: Font Awesome 4's, and Powerline's branch (sets every Nerd Font carries at fixed places).
    static let nerd = Glyphs(
        fork: "\u{F126}", star: "\u{F005}", cloned: "\u{F015}", branch: "\u{E0A0}",
        commitsLoading: "\u{F110}", commitsLoaded: "\u{F111}", commitsEmpty: "\u{F10C}", commitsFailed: "\u{F071}",
        collapsed: "\u{F105}", expanded: "\u{F107}", changed: "\u{F069}",
        spinner: ["\u{F251}", "\u{F252}", "\u{F253}"],
        issueOpen: "\u{F10C}", issueClosed: "\u{F00C}", pullMerged: "\u{F126}", pullDraft: "\u{F040}", comments: "\u{F0E5}",
        folder: "\u{F07B}", file: "\u{F15B}", tag: "\u{F02B}")

    static let ascii = Glyphs(
        fork: "Y", star: "*", cloned: "#", branch: "@",
        commitsLoading: ".", commitsLoaded: "o", commitsEmpty: "-", commitsFailed: "!",
        collapsed: ">", expanded: "v", changed: "~",
        spinner: ["|", "/", "-", "\\"],
        issueOpen: "o", issueClosed: "x", pullMerged: "m", pullDraft: "d", comments: "c",
        folder: "+", file: ".", tag: "@")

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
