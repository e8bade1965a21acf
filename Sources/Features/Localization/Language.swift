/// The languages of the interface: each has a `Resources/<code>.lproj/Localizable.strings` table.
public enum Language: String, CaseIterable, Sendable, Hashable {
    case english = "en"
    case german = "de"

    /// The language POSIX's locale variables ask for: the first of `LC_ALL`, `LC_MESSAGES`, `LANG`
    /// that is set and not empty decides (`de_DE.UTF-8` → German); `C`, `POSIX`, a language we do not
    /// have, or none set → English.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return fromLocale(value)
        }
        return .english
    }

    /// `de_DE.UTF-8`, `de_AT`, `de@euro`, `de` → German; anything unknown → English.
    static func fromLocale(_ locale: String) -> Language {
        let code = locale.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }.lowercased()
        return Language(rawValue: code) ?? .english
    }
}
