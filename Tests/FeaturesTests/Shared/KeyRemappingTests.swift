import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// Remapping keys by action name (the config's `[keys]`): tests pass their remapping explicitly; the
/// process-wide one (`KeyRemapping.installed`) is never installed here.
@Suite("Key remapping")
struct KeyRemappingTests {
    static func remap(_ everywhere: [String: [Key]] = [:], list: [String: [Key]] = [:],
                      search: [String: [Key]] = [:]) -> KeyRemapping {
        func entries(_ map: [String: [Key]]) -> [String: KeyRemapping.Entry] { map.mapValues { .init(keys: $0, line: 7) } }
        return KeyRemapping(everywhere: entries(everywhere), screens: ["list": entries(list), "search": entries(search)])
    }

    @Test("A remapped action answers to its new keys only; help and footer show them")
    func remapped() {
        let table = KeyTable(RepoListKeys.table.defaultBindings,
                             remapping: Self.remap(["toggleFavourite": [.character("x")], "quit": [.character("q"), .control("q")],
                                                    "startFilter": [.control("s")]]))
        #expect(table.conflicts.isEmpty)
        #expect(table.action(for: .character("x")) == .toggleFavourite)
        #expect(table.action(for: .character("f")) == nil)
        #expect(table.action(for: .control("q")) == .quit)
        #expect(table.action(for: .control("c")) == .quit, "Ctrl-C always quits")
        #expect(table.helpList.contains(HelpEntry(keys: "x", help: "favourite ★ on/off")))
        #expect(table.helpList.contains(HelpEntry(keys: "q/Ctrl-Q/Ctrl-C", help: "quit")))
        #expect(table.footerList.contains(HelpEntry(keys: "Ctrl-S", help: "filter")))
        #expect(!table.footerList.contains(HelpEntry(keys: "/", help: "filter")))
    }

    @Test("<disabled> removes an action's keys, its help line and its footer entry; quit keeps Ctrl-C")
    func disabled() {
        let table = KeyTable(RepoListKeys.table.defaultBindings, remapping: Self.remap(["quit": []], list: ["search": []]))
        #expect(table.action(for: .character("S")) == nil)
        #expect(!table.helpList.contains { $0.help == "search GitHub" })
        #expect(!table.footerList.contains { $0.help == "search" })
        #expect(table.action(for: .character("q")) == nil)
        #expect(table.action(for: .control("c")) == .quit)
        #expect(table.footerList.contains(HelpEntry(keys: "Ctrl-C", help: "quit")))
    }

    @Test("[keys.SCREEN] applies to that screen only, ahead of [keys]")
    func perScreen() {
        let remapping = Self.remap(["toggleFavourite": [.character("x")]], list: ["toggleFavourite": [.character("z")]])
        #expect(KeyTable(RepoListKeys.table.defaultBindings, remapping: remapping).action(for: .character("z")) == .toggleFavourite)
        let detail = KeyTable(RepoDetailKeys.table.defaultBindings, remapping: remapping)
        #expect(detail.action(for: .character("x")) == .toggleFavourite)
        #expect(detail.action(for: .character("z")) == nil)
    }

    @Test("In a text field printable keys type text: they are not bound there, and the field keeps its keys")
    func textFields() {
        let remapping = Self.remap(["quit": [.character("x"), .control("q")], "toggleHelp": [.character("h")]])
        let field = KeyTable(SearchKeys.field.defaultBindings, remapping: remapping)
        #expect(field.action(for: .character("x")) == nil)
        #expect(field.action(for: .control("q")) == .quit)
        #expect(field.action(for: .function(1)) == .toggleHelp, "only printable keys given: F1 stays")
        #expect(KeyTable(SearchKeys.results.defaultBindings, remapping: remapping).action(for: .character("h")) == .toggleHelp)
        let prompt = KeyTable(OwnerPromptKeys.table.defaultBindings, remapping: remapping)
        #expect(prompt.action(for: .control("q")) == .quit)
        #expect(prompt.action(for: .character("x")) == nil)
    }

    @Test("A key bound to two actions of one table is a conflict, with the config line")
    func conflicts() {
        let table = KeyTable(RepoListKeys.table.defaultBindings, remapping: Self.remap(["toggleFavourite": [.character("s")]]))
        #expect(table.conflicts == [KeyConflict(screen: "list", key: .character("s"), first: "toggleFavourite",
                                                second: "cycleSort", line: 7)])
        // Ctrl-A moves the cursor to the start of the search field.
        let field = KeyTable(SearchKeys.field.defaultBindings, remapping: Self.remap(search: ["back": [.control("a")]]))
        #expect(field.conflicts.map(\.description) == ["ctrl-a is bound to both back and \"start of the text\" on the search screen"])
    }

    @Test("The declared tables have no key bound twice, and every action a config can name")
    func declaredTables() {
        #expect(ScreenKeys.problems(in: .none).isEmpty)
        let names = Dictionary(uniqueKeysWithValues: ScreenKeys.actionNamesByScreen().map { ($0.screen, Set($0.names)) })
        #expect(names["list"]?.isSuperset(of: ["moveUp", "toggleFavourite", "cycleSort", "search", "quit", "toggleHelp"]) == true)
        #expect(names["detail"]?.isSuperset(of: ["copy", "clone", "toggleStar", "openInBrowser", "close"]) == true)
        #expect(names["detail"]?.contains { $0.hasPrefix("choose") } == false)
        #expect(names["search"]?.isSuperset(of: ["search", "focusResults", "focusField", "openProfile"]) == true)
        #expect(names["search"]?.contains { $0.hasPrefix("edit") } == false)
        #expect(names["prompt"] == ["submit", "cancel", "previousHost", "nextHost", "quit"])
        #expect(names["list"]?.contains("hosts") == true)
        #expect(names["profile"]?.contains("reload") == true)
    }

    @Test("Key names: characters, ctrl-letters, named keys")
    func keyNames() throws {
        #expect(try KeyName.key("x") == .character("x"))
        #expect(try KeyName.key("F") == .character("F"))
        #expect(try KeyName.key("ctrl-Q") == .control("q"))
        #expect(try KeyName.key("PgDn") == .pageDown)
        #expect(try KeyName.key("space") == .character(" "))
        #expect(try KeyName.key("shift-tab") == .backTab)
        #expect(try KeyName.key("f12") == .function(12))
        #expect(throws: KeyName.Problem.self) { try KeyName.key("ctrl-1") }
        #expect(throws: KeyName.Problem.self) { try KeyName.key("") }
        #expect(throws: KeyName.Problem.self) { try KeyName.key("\u{1B}") }
        #expect(throws: KeyName.Problem.self) { try KeyName.key("ctrl-z") }
        #expect(KeyName.name(of: .pageDown) == "pgdn")
    }
}
