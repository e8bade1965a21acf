import TerminalKit

// The names a config file rebinds actions by (`[keys]`, `[keys.list]`…): each action enum's case names.
// `String(describing:)` of a case without a payload is its name (tests check every table's names).

extension RepoListAction: NamedKeyAction {
    static var keyScreen: String { "list" }
    var keyName: String? { String(describing: self) }
}

extension RepoDetailAction: NamedKeyAction {
    static var keyScreen: String { "detail" }
    /// The copy menu's digits (`choose`) and typing in the README's search are not rebound.
    var keyName: String? {
        switch self {
        case .choose, .editSearch: return nil
        default: return String(describing: self)
        }
    }
}

extension ProfileAction: NamedKeyAction {
    static var keyScreen: String { "profile" }
    var keyName: String? { String(describing: self) }
}

extension SearchAction: NamedKeyAction {
    static var keyScreen: String { "search" }
    /// Typing in the query is not rebound.
    var keyName: String? {
        if case .edit = self { return nil }
        return String(describing: self)
    }
}

extension OwnerPromptAction: NamedKeyAction {
    static var keyScreen: String { "prompt" }
    /// Typing the owner's login is not rebound.
    var keyName: String? {
        if case .edit = self { return nil }
        return String(describing: self)
    }
}

/// Every screen's key table, for checking a config's `[keys]` before any screen is built.
public enum ScreenKeys {
    /// The screens a config's `[keys.SCREEN]` can name, in the order help lists them.
    public static let screens = ["list", "detail", "profile", "search", "prompt"]

    /// A problem with a `[keys]` entry: its line in the config, and what is wrong.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var line: Int?
        public var message: String
        public var description: String { message }
    }

    /// The action names each screen's table has (built from the declared bindings: no remapping needed).
    static func actionNames() -> [String: Set<String>] {
        [
            "list": RepoListKeys.table.actionNames,
            "detail": RepoDetailKeys.table.actionNames,
            "profile": ProfileKeys.table.actionNames,
            "search": SearchKeys.field.actionNames.union(SearchKeys.results.actionNames),
            "prompt": OwnerPromptKeys.table.actionNames,
        ]
    }

    /// The problems `remapping` has: unknown screens, action names no screen (or not that screen) has,
    /// keys bound to two actions of one table. Reads the tables' declared bindings, so it is the
    /// same before and after `KeyRemapping.install`; call `install` first in the app (the tables
    /// are built here).
    public static func problems(in remapping: KeyRemapping) -> [Problem] {
        let names = actionNames()
        var problems: [Problem] = []
        let all = names.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for (name, entry) in remapping.everywhere.sorted(by: { ($0.value.line ?? 0) < ($1.value.line ?? 0) }) where !all.contains(name) {
            problems.append(Problem(line: entry.line, message: "unknown action \"\(name)\"\(suggestion(for: name, in: all))"))
        }
        for (screen, entries) in remapping.screens.sorted(by: { $0.key < $1.key }) {
            guard let known = names[screen] else {
                let line = entries.values.compactMap(\.line).min()
                problems.append(Problem(line: line, message: "unknown screen [keys.\(screen)]: use one of \(screens.joined(separator: ", "))"))
                continue
            }
            for (name, entry) in entries.sorted(by: { ($0.value.line ?? 0) < ($1.value.line ?? 0) }) where !known.contains(name) {
                problems.append(Problem(line: entry.line,
                                        message: "the \(screen) screen has no action \"\(name)\"\(suggestion(for: name, in: known))"))
            }
        }
        guard problems.isEmpty else { return problems }
        let conflicts = KeyTable(RepoListKeys.table.defaultBindings, remapping: remapping).conflicts
            + KeyTable(RepoDetailKeys.table.defaultBindings, remapping: remapping).conflicts
            + KeyTable(ProfileKeys.table.defaultBindings, remapping: remapping).conflicts
            + KeyTable(SearchKeys.field.defaultBindings, remapping: remapping).conflicts
            + KeyTable(SearchKeys.results.defaultBindings, remapping: remapping).conflicts
            + KeyTable(OwnerPromptKeys.table.defaultBindings, remapping: remapping).conflicts
        return conflicts.map { Problem(line: $0.line, message: $0.description) }
    }

    /// Every action name of every screen, for the docs and messages.
    public static func actionNamesByScreen() -> [(screen: String, names: [String])] {
        let names = actionNames()
        return screens.map { ($0, names[$0, default: []].sorted()) }
    }

    private static func suggestion(for name: String, in known: Set<String>) -> String {
        if let match = known.first(where: { $0.lowercased() == name.lowercased() }) { return " (did you mean \(match)?)" }
        return ""
    }
}
