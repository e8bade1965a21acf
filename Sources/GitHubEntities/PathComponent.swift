/// Turns an untrusted name (a repository's name, an owner's login, a host, a release asset's file
/// name: anything a server chose) into one component of a local path, or refuses it.
///
/// A component that passes names exactly one entry inside the folder it is joined to: it is never
/// empty, `.` or `..`, holds no `/` (nor `\`, nor NUL), no control or invisible formatting character
/// (which would reach a terminal or disguise the name), does not begin with `-` (a command would read
/// it as an option), does not begin or end with white space, and fits a file system's 255-byte name.
/// The name is returned unchanged when it passes: nothing is rewritten, so two different names never
/// become one folder.
public enum PathComponent {
    /// The longest name, in UTF-8 bytes, that Linux and macOS file systems take (`NAME_MAX`).
    public static let maximumBytes = 255

    /// Why a name cannot be a path component.
    public enum Refusal: Error, Sendable, Hashable {
        case empty
        /// `.` or `..`: the folder itself or its parent.
        case dots
        /// A `/` or `\`: more than one component.
        case separator
        /// NUL, another control character, or an invisible formatting one (bidi controls, zero-width).
        case controlCharacter
        /// A leading `-`, which `git`, `rm` or `tar` would take for an option.
        case leadingDash
        /// White space at either end.
        case surroundingWhitespace
        /// More than `maximumBytes` bytes of UTF-8.
        case tooLong
    }

    /// `name` as a path component, or why it cannot be one.
    public static func checked(_ name: String) throws(Refusal) -> String {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { throw .empty }
        if name == "." || name == ".." { throw .dots }
        // Printable ASCII (every GitHub name) needs no look at Unicode's tables.
        if name.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            if name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) { throw .separator }
        } else {
            for scalar in scalars {
                if scalar == "/" || scalar == "\\" { throw .separator }
                if !isVisible(scalar) { throw .controlCharacter }
            }
        }
        if first == "-" { throw .leadingDash }
        if first.properties.isWhitespace || last.properties.isWhitespace { throw .surroundingWhitespace }
        if name.utf8.count > maximumBytes { throw .tooLong }
        return name
    }

    /// `checked(name)`, or nil.
    public static func valid(_ name: String) -> String? {
        try? checked(name)
    }

    /// Whether a scalar may stand in a file name: not a control (C0, DEL, C1), not a format character
    /// (bidi embeddings, overrides, isolates and marks; zero-width joiners and spaces; the BOM), not a
    /// line or paragraph separator, not a noncharacter.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate: return false
        default: return !scalar.properties.isNoncharacterCodePoint
        }
    }
}
