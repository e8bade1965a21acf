import Foundation
import Testing
import TestSupport

/// The store's integrity check runs after the first frame: damage that reading the list does not meet
/// is said in the footer, the stored list stays usable, and the next start moves the file aside.
@Suite("Store integrity in a real terminal", .enabled(if: TmuxSession.isAvailable, "tmux is not installed"), .serialized)
struct StoreIntegrityEndToEndTests {
    @Test("A page no table uses: the list shows at once, the footer says the store is damaged, the next start rebuilds it")
    func damageFoundAfterTheFirstFrame() async throws {
        let server = FakeGitHubServer.sferik()
        let baseURL = try await server.start()
        defer { Task { await server.stop() } }
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let tmux = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
            await tmux.waitFor(text: "30 repositories")
            await tmux.waitFor("the refresh to end") { !$0.contains("refreshing") }
            try tmux.send("q")
            await tmux.waitFor(text: "<<END>>")
        }
        let database = data.appendingPathComponent("github-tui/github-tui.sqlite")
        // Fold the log in and leave one self-contained file (SQLite's own module, as another program would).
        let fold = try TmuxSession.run(["python3", "-c", """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('PRAGMA wal_checkpoint(TRUNCATE)')
            print(c.execute('PRAGMA journal_mode=DELETE').fetchone()[0])
            c.close()
            """, database.path])
        #expect(fold.status == 0 && fold.output.contains("delete"), "\(fold.output)")
        // One more page that no table or free list names: reading the list never meets it, quick_check does.
        var bytes = try Data(contentsOf: database)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pages = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let grown = pages + 1
        bytes.replaceSubrange(28..<32, with: [UInt8(grown >> 24 & 0xFF), UInt8(grown >> 16 & 0xFF), UInt8(grown >> 8 & 0xFF), UInt8(grown & 0xFF)])
        bytes.append(Data(count: pageSize == 1 ? 65_536 : pageSize))
        try bytes.write(to: database)

        let damaged = try TmuxSession(command: appCommand(["--offline", "sferik"], dataDirectory: data))
        var screen = await damaged.waitFor(text: "The stored data is damaged")
        #expect(screen.contains("30 repositories"))
        #expect(screen.contains("never used"))
        try damaged.send("j")
        screen = await damaged.waitFor(text: "2/30")
        #expect(!screen.contains("is damaged"))
        try damaged.send("q")
        await damaged.waitFor(text: "<<END>>")

        let rebuilt = try TmuxSession(command: appCommand(["--api-url", baseURL.absoluteString, "sferik"], dataDirectory: data))
        screen = await rebuilt.waitFor(text: "The stored data was damaged and has been moved aside")
        screen = await rebuilt.waitFor(text: "30 repositories")
        let folder = database.deletingLastPathComponent().path
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.contains { $0.contains(".corrupt-") })
        #expect(!names.contains { $0.hasSuffix(".damaged") })
        try rebuilt.send("q")
        await rebuilt.waitFor(text: "<<END>>")
    }
}
