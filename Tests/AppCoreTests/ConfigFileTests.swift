import Features
import Foundation
import Persistence
import TerminalKit
import TerminalNcurses
import Testing
@testable import AppCore

@Suite("Config file")
struct ConfigFileTests {
    let environment = ["HOME": "/home/ada"]

    func parse(_ text: String) throws(ConfigError) -> AppConfig {
        let config = try ConfigFile.parse(text, path: "/c/config.toml", environment: environment)
        try ConfigFile.checkKeys(config)
        return config
    }

    /// The problems a bad file gives, as `line: message`.
    func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            Issue.record("accepted:\n\(text)")
            return []
        } catch {
            #expect(error.path == "/c/config.toml")
            return error.problems.map { "\($0.line.map(String.init) ?? "-"): \($0.message)" }
        }
    }

    @Test("A good file: every setting, keys everywhere and per screen")
    func goodFile() throws {
        let config = try parse("""
        # github-tui
        default_owner = "sferik"
        theme = "light"
        clone_root = "~/code"
        clipboard = "osc52"
        commit_prefetch = "enter"

        [keys]
        toggleFavourite = "x"
        quit = ["q", "ctrl-q"]

        [keys.list]
        search = "<disabled>"
        refresh = ["R", "f5"]
        """)
        #expect(config.defaultOwner == "sferik")
        #expect(config.theme == .light)
        #expect(config.cloneRoot == "/home/ada/code")
        #expect(config.clipboard == .osc52)
        #expect(config.commitPrefetch == .enter)
        #expect(config.keys.everywhere == [
            "toggleFavourite": .init(keys: [.character("x")], line: 9),
            "quit": .init(keys: [.character("q"), .control("q")], line: 10),
        ])
        #expect(config.keys.screens["list"] == [
            "search": .init(keys: [], line: 13),
            "refresh": .init(keys: [.character("R"), .function(5)], line: 14),
        ])
    }

    @Test("images: auto by default, each protocol, blocks and none when asked, anything else refused with its line")
    func images() throws {
        #expect(try parse("").images == .auto)
        for setting in ImagesSetting.allCases { #expect(try parse("images = \"\(setting.rawValue)\"").images == setting) }
        #expect(problems("\nimages = \"png\"") == ["2: images \"png\" is not one of auto, kitty, sixel, iterm2, blocks, none"])
    }

    @Test("icons: unicode by default, nerd and ascii when asked, anything else refused with its line")
    func icons() throws {
        #expect(try parse("").icons == .unicode)
        #expect(try parse("icons = \"nerd\"").icons == .nerd)
        #expect(try parse("icons = \"ascii\"").icons == .ascii)
        #expect(problems("theme = \"light\"\nicons = \"emoji\"") == ["2: icons \"emoji\" is not one of unicode, nerd, ascii"])
    }

    @Test("docs/config.toml is a good file and names every action of every screen")
    func documentedExample() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/config.toml").standardizedFileURL
        let text = try String(contentsOf: url, encoding: .utf8)
        let config = try parse(text)
        #expect(config.keys.everywhere["toggleFavourite"]?.keys == [.character("x")])
        for (screen, names) in ScreenKeys.actionNamesByScreen() {
            #expect(text.contains("[keys.\(screen)]"))
            for name in names { #expect(text.contains(" \(name) "), "docs/config.toml does not name \(screen)'s \(name)") }
        }
    }

    @Test("An empty file changes nothing")
    func emptyFile() throws {
        var expected = AppConfig()
        expected.path = "/c/config.toml"
        #expect(try parse("# nothing yet\n") == expected)
    }

    @Test("TOML syntax errors name their line")
    func syntax() {
        #expect(problems("theme = \"light\"\nclipboard = \n")[0].hasPrefix("2: TOML syntax"))
        #expect(problems("[keys]\nquit = [\"q\"\n")[0].hasPrefix("3: TOML syntax") || problems("[keys]\nquit = [\"q\"\n")[0].hasPrefix("2: TOML syntax"))
    }

    @Test("Each kind of mistake gives its line and says what is wrong")
    func mistakes() {
        #expect(problems("theme = \"light\"\nthem = \"dark\"\n") == [
            "2: unknown setting \"them\" (settings: default_owner, theme, clone_root, clipboard, commit_prefetch, icons, images, keys, start, bell_on_done)",
        ])
        #expect(problems("\ntheme = \"purple\"") == ["2: theme \"purple\" is not one of default, light, mono, terminal"])
        #expect(problems("theme = 3") == ["1: theme must be a string (in quotes)"])
        #expect(problems("clipboard = \"xclip\"") == ["1: clipboard \"xclip\" is not one of auto, osc52, command, none"])
        #expect(problems("commit_prefetch = \"all\"") == ["1: commit_prefetch \"all\" is not one of visible, enter"])
        #expect(problems("bell_on_done = \"yes\"") == ["1: bell_on_done must be true or false (without quotes)"])
        #expect(problems("default_owner = \"bad--login\"") == ["1: default_owner \"bad--login\" is not a GitHub login"])
        #expect(problems("clone_root = \"src\"") == ["1: clone_root must be an absolute path or start with ~/ (got \"src\")"])
        #expect(problems("[keys]\n\n  toggleFavorite = \"x\"\n") == ["3: unknown action \"toggleFavorite\""])
        #expect(problems("[keys]\nQuit = \"x\"\n") == ["2: unknown action \"Quit\" (did you mean quit?)"])
        #expect(problems("[keys.detail]\ncycleSort = \"x\"\n") == ["2: the detail screen has no action \"cycleSort\""])
        #expect(problems("[keys.lists]\nquit = \"x\"\n") == ["1: unknown screen [keys.lists]: use one of list, detail, profile, search, prompt, inbox, find"])
        #expect(problems("[keys]\nquit = \"ctrl-\"\n") == [
            "2: quit: unknown key \"ctrl-\": use one character, ctrl-LETTER, or one of \(KeyName.namedKeys)",
        ])
        #expect(problems("[keys]\nquit = \"f13\"\n").first?.hasPrefix("2: quit: unknown key \"f13\"") == true)
        #expect(problems("[keys]\nquit = [\"x\", 1]\n") == ["2: quit: keys must be strings, like \"x\" or \"ctrl-q\""])
        #expect(problems("[keys]\nquit = [\"x\", \"<disabled>\"]\n") == ["2: quit: \"<disabled>\" stands alone, not in a list"])
        #expect(problems("[keys]\nrefresh = \"ctrl-c\"\n") == ["2: refresh: \"ctrl-c\" cannot be bound: Ctrl-C always quits"])
        #expect(problems("[keys]\nrefresh = \"ctrl-m\"\n") == ["2: refresh: \"ctrl-m\" cannot be bound: the terminal sends Ctrl-M as Enter"])
        #expect(problems("keys = \"x\"") == ["1: keys must be a table: [keys]"])
    }

    @Test("Escape sequences in the file's key names and values are not echoed to the terminal")
    func hostileNamesSanitized() {
        // TOML's own escapes (\u001b) put the control characters into the parsed names and values.
        let texts = [
            #"[keys]"# + "\n" + #""\u001b[31mred\u001b]0;title\u0007" = "x""#,      // an action name
            #"[keys]"# + "\n" + #"quit = "\u001b[2J\u009b31m""#,                      // a key name
            #"[keys."\u001b[1mscreen"]"# + "\n" + #"quit = "x""#,                     // a screen name
            #"theme = "\u001b[5mdark""#,                                               // a value
            #""\u001b[7mthem\u202e" = "dark""#,                                       // a setting name
        ]
        for text in texts {
            do {
                let config = try ConfigFile.parse(text, path: "/c/\u{1B}[31mconfig.toml", environment: environment)
                try ConfigFile.checkKeys(config)
                Issue.record("accepted:\n\(text)")
            } catch {
                let printed = error.description
                #expect(!printed.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F
                        || (0x80...0x9F).contains($0.value) || $0 == "\u{202E}" }, "\(printed.debugDescription)")
                #expect(printed.hasPrefix("/c/"), "\(printed.debugDescription)")
            }
        }
        var error = ConfigError(path: "/c/config.toml", line: 2, "unknown action \"\u{1B}[31mred\"")
        #expect(error.description == "/c/config.toml:2: unknown action \"[31mred\"")
        error.path = "/c/x\u{1B}]0;t\u{7}.toml"
        #expect(error.description == "/c/x]0;t.toml:2: unknown action \"[31mred\"")
    }

    @Test("A key bound twice in one screen after remapping names the line that did it")
    func conflicts() {
        #expect(problems("[keys]\n# f: favourite\ntoggleFavourite = \"s\"\n") == [
            "3: s is bound to both toggleFavourite and cycleSort on the list screen",
        ])
        #expect(problems("[keys.detail]\nclone = \"o\"\n") == ["2: o is bound to both openInBrowser and clone on the detail screen"])
        // Swapping two keys is no conflict.
        #expect(throws: Never.self) { try parse("[keys]\ntoggleFavourite = \"s\"\ncycleSort = \"f\"\n") }
        // A screen's own section wins over [keys] for that screen.
        #expect(throws: Never.self) {
            try parse("[keys]\ntoggleFavourite = \"s\"\n[keys.list]\ntoggleFavourite = \"x\"\n[keys.detail]\n")
        }
    }

    @Test("Lines are found for dotted keys and inline tables too")
    func lines() {
        #expect(problems("keys.list.nope = \"x\"\n") == ["1: the list screen has no action \"nope\""])
        #expect(problems("theme = \"mono\"\n[keys]\nlist = { nope = \"x\" }\n") == ["3: the list screen has no action \"nope\""])
    }

    @Test("A missing default file is no config; a missing --config file is an error")
    func missing() throws {
        let config = try ConfigFile.load(explicitPath: nil, environment: ["XDG_CONFIG_HOME": "/nonexistent/gh-tui-config"])
        #expect(config == AppConfig())
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x"]) == "/x/github-tui/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/ada"]) == "/home/ada/.config/github-tui/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": "relative"])
                == "/home/ada/.config/github-tui/config.toml")
        do {
            _ = try ConfigFile.load(explicitPath: "/nonexistent/c.toml", environment: [:])
            Issue.record("a missing --config file was accepted")
        } catch {
            #expect(error.description == "/nonexistent/c.toml: no such config file (No such file or directory)")
        }
    }

    @Test("A file on disk is read; a directory is refused")
    func onDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("github-tui"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("github-tui/config.toml")
        try Data("theme = \"mono\"\n".utf8).write(to: file)
        #expect(try ConfigFile.load(explicitPath: nil, environment: ["XDG_CONFIG_HOME": directory.path]).theme == .mono)
        #expect(try ConfigFile.load(explicitPath: "~/github-tui/config.toml", environment: ["HOME": directory.path]).theme == .mono)
        #expect(throws: ConfigError.self) { try ConfigFile.load(explicitPath: directory.path, environment: [:]) }
    }

    @Test("Theme: --theme wins over the file, the file over the default")
    func themePrecedence() throws {
        var config = AppConfig()
        config.theme = .light
        let flag = try AppSetup.resolve(try AppCommand.parse(["--demo", "--theme", "mono"]), environment: [:], config: config)
        #expect(flag.theme == .mono)
        let file = try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: [:], config: config)
        #expect(file.theme == .light)
        #expect(try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: [:]).theme == .default)
    }

    @Test("NO_COLOR wins over every theme, from the flag or the file")
    func noColorWins() {
        #expect(!AppLauncher.usesColor(environment: ["NO_COLOR": "1"]))
        #expect(AppLauncher.usesColor(environment: ["NO_COLOR": ""]))
        #expect(AppLauncher.usesColor(environment: [:]))
        for theme in Theme.allCases {
            #expect(theme.depth(on: ColorMapper.depth(colors: 256, hasRGB: true, colorAllowed: false)) == ColorDepth.none)
        }
    }

    @Test("Owner: the argument, else default_owner, else the remembered one, else mralexgray")
    func ownerPrecedence() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-config-owner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let (store, _) = SQLiteStore.open(directory: data)
        try store.setSetting(SettingKey.lastOwner, value: "square")
        try store.close()
        var config = AppConfig()
        config.defaultOwner = "sferik"
        let bare = try AppCommand.parse(["--data-dir", data.path, "--offline"])
        let named = try AppCommand.parse(["--data-dir", data.path, "--offline", "octo"])
        #expect(try AppSetup.resolve(named, environment: [:], config: config).ownerLogin == "octo")
        #expect(try AppSetup.resolve(bare, environment: [:], config: config).ownerLogin == "sferik")
        #expect(try AppSetup.resolve(bare, environment: [:]).ownerLogin == "square")
    }

    @Test("clone_root, clipboard, commit_prefetch and bell_on_done reach the setup")
    func settingsReachSetup() throws {
        var config = AppConfig()
        config.cloneRoot = "/home/ada/code"
        config.clipboard = .none
        config.commitPrefetch = .enter
        config.bellOnDone = true
        let setup = try AppSetup.resolve(try AppCommand.parse(["--demo"]), environment: [:], config: config)
        #expect(setup.cloneRoot == "/home/ada/code")
        #expect(setup.clipboard == .none)
        #expect(setup.commitPrefetch == .enter)
        #expect(setup.bellOnDone)
        #expect(try ConfigFile.parse("bell_on_done = true\n", path: "c", environment: [:]).bellOnDone)
        #expect(try !ConfigFile.parse("", path: "c", environment: [:]).bellOnDone)
    }
}
