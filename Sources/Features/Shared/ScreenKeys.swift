import TerminalKit

// The names a config file rebinds actions by (`[keys]`, `[keys.list]`…): each action enum's case names.
// `String(describing:)` of a case without a payload is its name (tests check every table's names).

/// A screen's action as a config names it: its case's name, unless a config cannot rebind it.
protocol ScreenKeyAction: NamedKeyAction {
    /// Typing in a field, the copy menu's digits: actions a config does not rebind.
    var isFixed: Bool { get }
}

extension ScreenKeyAction {
    var isFixed: Bool { false }
    var keyName: String? { isFixed ? nil : String(describing: self) }
}

extension RepoListAction: ScreenKeyAction {
    static var keyScreen: String { "list" }
}

extension RepoDetailAction: ScreenKeyAction {
    static var keyScreen: String { "detail" }
    /// The copy menu's digits (`choose`) and typing in the README's search are not rebound.
    var isFixed: Bool {
        switch self {
        case .choose, .editSearch: true
        default: false
        }
    }
}

extension ProfileAction: ScreenKeyAction {
    static var keyScreen: String { "profile" }
}

extension SearchAction: ScreenKeyAction {
    static var keyScreen: String { "search" }
    /// Typing in the query is not rebound.
    var isFixed: Bool { if case .edit = self { true } else { false } }
}

extension InboxAction: ScreenKeyAction {
    static var keyScreen: String { "inbox" }
}

extension OwnerPromptAction: ScreenKeyAction {
    static var keyScreen: String { "prompt" }
    /// Typing the owner's login is not rebound.
    var isFixed: Bool { if case .edit = self { true } else { false } }
}

extension LocalSearchAction: ScreenKeyAction {
    static var keyScreen: String { "find" }
    /// Typing in the query is not rebound.
    var isFixed: Bool { if case .edit = self { true } else { false } }
}

/// Every screen's key table, for checking a config's `[keys]` before any screen is built.
public enum ScreenKeys {
    /// The screens a config's `[keys.SCREEN]` can name, in the order help lists them.
    public static let screens = [RepoListAction.keyScreen, RepoDetailAction.keyScreen, ProfileAction.keyScreen,
                                 SearchAction.keyScreen, OwnerPromptAction.keyScreen, InboxAction.keyScreen,
                                 LocalSearchAction.keyScreen]

    /// Each screen's tables as a config sees them (in `screens`' order): the action names, and the
    /// conflicts a remapping makes. Building them applies the installed remapping: not before `install`.
    private static var tables: [(screen: String, names: Set<String>, conflicts: (KeyRemapping) -> [KeyConflict])] {
        [
            entry(RepoListKeys.table),
            entry(RepoDetailKeys.table),
            entry(ProfileKeys.table),
            entry(SearchKeys.field, SearchKeys.results),
            entry(OwnerPromptKeys.table),
            entry(InboxKeys.table),
            entry(LocalSearchKeys.field, LocalSearchKeys.results),
        ]
    }

    private static func entry<Action: NamedKeyAction>(_ tables: KeyTable<Action>...)
        -> (screen: String, names: Set<String>, conflicts: (KeyRemapping) -> [KeyConflict]) {
        (Action.keyScreen,
         tables.reduce(into: Set<String>()) { $0.formUnion($1.actionNames) },
         { remapping in tables.flatMap { KeyTable($0.defaultBindings, remapping: remapping).conflicts } })
    }

    /// A problem with a `[keys]` entry: its line in the config, and what is wrong.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var line: Int?
        public var message: String
        public var description: String { message }
    }

    /// The action names each screen's table has (built from the declared bindings: no remapping needed).
    static func actionNames() -> [String: Set<String>] {
        Dictionary(uniqueKeysWithValues: tables.map { ($0.screen, $0.names) })
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
        let conflicts = tables.flatMap { $0.conflicts(remapping) }
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
