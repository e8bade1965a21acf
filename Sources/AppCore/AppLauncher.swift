#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import CSystem
import Features
import Foundation
import TerminalKit

/// The executable's whole `main`: parse, check the terminal, resolve, run, exit.
public enum AppLauncher {
    /// Exit code for usage errors (bad flag, bad URL, the full-screen app without a terminal), as README.md says.
    public static let usageExitCode: Int32 = 2

    @MainActor
    public static func main(arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        // Two malloc arenas instead of one per thread (8 per core): the store's queue, HTTP threads and
        // the concurrency pool otherwise each keep their own heap's freed pages (docs/performance.md).
        tui_malloc_limit_arenas(2)
        // A list of 10,000 repositories is a few arrays of megabytes: each gets its own mapping, so
        // the one it replaces goes back to the system when freed, not into a heap that keeps it.
        tui_malloc_map_large_blocks(256 * 1024)
        let command: AppCommand
        do {
            command = try AppCommand.parseEveryday(arguments) ?? AppCommand.parse(arguments)
        } catch {
            if AppCommand.exitCode(for: error) == .success {
                print(AppCommand.fullMessage(for: error))
                exit(0)
            }
            printError(AppCommand.fullMessage(for: error))
            exit(usageExitCode)
        }
        let environment = ProcessInfo.processInfo.environment
        // The interface's language, once, before any screen is built (LC_ALL, LC_MESSAGES, LANG).
        L10n.setLanguage(Language.fromEnvironment(environment))
        if let problem = L10n.preload() {
            printError("github-tui: cannot read the interface's strings (\(problem)); is github-tui_Features.resources beside the binary?")
            exit(1)
        }
        let config: AppConfig
        do {
            // Before any screen (and key table) exists; a bad file stops here, nothing applied.
            config = try ConfigFile.load(explicitPath: command.configPath, environment: environment)
            KeyRemapping.install(config.keys)
            Glyphs.use(config.icons)
            try ConfigFile.checkKeys(config)
        } catch {
            printError("github-tui: " + "\(error)".replacingOccurrences(of: "\n", with: "\ngithub-tui: "))
            exit(usageExitCode)
        }
        // Output for scripts (ScriptOutput.swift): `--plain`, `--json`, or standard output not a terminal.
        if let format = command.scriptFormat ?? (isatty(STDOUT_FILENO) == 1 ? nil : .tsv) {
            exit(ScriptOutput.execute(command, format: format, environment: environment, config: config))
        }
        guard isatty(STDIN_FILENO) == 1 else {
            printError(L10n.tr("app.notATerminal"))
            exit(usageExitCode)
        }
        do {
            let setup = try AppSetup.resolve(command, environment: environment, config: config)
            let app = try App(setup: setup, useColor: usesColor(environment: environment))
            let code = try app.run()
            // `exit` runs no deinit: close the store here, or its write-ahead log stays beside the file and
            // the next launch replays it before its first frame (600 reads for 1,000 repositories).
            try? app.setup.store.close()
            exit(code)
        } catch {
            printError("github-tui: \(error)")
            exit(usageExitCode)
        }
    }

    /// `NO_COLOR` (set and not empty) turns colours off whatever the theme (`--theme` or the config).
    static func usesColor(environment: [String: String]) -> Bool {
        environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
