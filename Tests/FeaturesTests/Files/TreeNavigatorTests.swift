import Foundation
import GitHubEntities
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// The Files tab's navigator (a value) and its window builder, on the recorded rails_admin tree.
@Suite("Tree navigator")
struct TreeNavigatorTests {
    static func recordedTree() throws -> GitTree {
        try JSONDecoder().decode(GitTree.self, from: Fixtures.interactions(Fixtures.Name.railsAdminTree)[1].body)
    }

    static func names(_ navigator: TreeNavigator) -> [String] { navigator.entries.map(\.name) }

    @Test("The root lists folders first, then files, by name; walking in and up keeps the selection")
    func walk() throws {
        var navigator = TreeNavigator(ref: "master")
        navigator.resize(rows: 10)
        navigator.receive(try Self.recordedTree())
        #expect(Self.names(navigator) == ["app", "config", "lib", "public", "screenshots", "spec", ".gitignore", ".rspec",
                                          ".yardopts", "Gemfile", "LICENSE.mkd", "rails_admin.gemspec", "Rakefile", "README.mkd"])
        navigator.select(2)
        #expect(navigator.enter() == .enteredFolder(needsListing: false))
        #expect(navigator.currentPath == "lib")
        #expect(Self.names(navigator).first == "generators")
        let file = try #require(navigator.entries.firstIndex { $0.name == "rails_admin.rb" })
        navigator.select(file)
        #expect(navigator.enter() == .openFile(GitTreeEntry(path: "lib/rails_admin.rb", kind: .file,
                                                            sha: "d36b4ba90e5fd730a44170894208ae1c881e0371", size: 3425)))
        let wentUp = navigator.up()
        #expect(wentUp)
        #expect(navigator.currentPath == "" && navigator.selectedEntry?.name == "lib")
        let atRoot = navigator.up()
        #expect(!atRoot)
    }

    @Test("The filter keeps names holding its text, ignoring case; going into a folder clears it")
    func filter() throws {
        var navigator = TreeNavigator(ref: "master")
        navigator.receive(try Self.recordedTree())
        navigator.setFilter("MKD")
        #expect(Self.names(navigator) == ["LICENSE.mkd", "README.mkd"])
        navigator.setFilter("ap")
        #expect(Self.names(navigator) == ["app"])
        _ = navigator.enter()
        #expect(navigator.filter == "" && navigator.currentPath == "app")
    }

    @Test("Hostile paths are left out and counted; a truncated tree waits for folder listings")
    func hostileAndTruncated() {
        var navigator = TreeNavigator(ref: "main")
        navigator.receive(GitTree(sha: "t", entries: [
            GitTreeEntry(path: "../etc/passwd", kind: .file, sha: "1"), GitTreeEntry(path: "/abs", kind: .file, sha: "2"),
            GitTreeEntry(path: "a\u{1B}[2J", kind: .file, sha: "3"), GitTreeEntry(path: "ok.txt", kind: .file, sha: "4", size: 3),
            GitTreeEntry(path: "dir//x", kind: .file, sha: "5"), GitTreeEntry(path: "dir", kind: .folder, sha: "6"),
        ]))
        #expect(Self.names(navigator) == ["dir", "ok.txt"])
        #expect(navigator.refusedEntries == 4)
        var truncated = TreeNavigator(ref: "main")
        truncated.receive(GitTree(sha: "t", entries: [GitTreeEntry(path: "a", kind: .file, sha: "1")], isTruncated: true))
        #expect(truncated.isTruncated && !truncated.isCurrentLoaded && truncated.entries.isEmpty)
        truncated.receive([GitTreeEntry(path: "src", kind: .folder, sha: "2"), GitTreeEntry(path: "other/x", kind: .file, sha: "3")],
                          folder: "")
        #expect(Self.names(truncated) == ["src"] && truncated.refusedEntries == 1)
        #expect(truncated.enter() == .enteredFolder(needsListing: true))
        truncated.receive([GitTreeEntry(path: "src/main.c", kind: .file, sha: "4", size: 10)], folder: "src")
        #expect(Self.names(truncated) == ["main.c"])
    }

    @Test("The window: breadcrumb with the ref, icons, sizes, the selected row, notes")
    func window() throws {
        var navigator = TreeNavigator(ref: "master")
        navigator.resize(rows: 4)
        navigator.receive(try Self.recordedTree())
        navigator.select(7)
        let window = Glyphs.$override.withValue(.ascii) {
            FilesWindowBuilder.window(navigator, repositoryName: "rails_admin", isLoading: false, failure: nil, filter: nil)
        }
        #expect(window.breadcrumb == "rails_admin  @ master")
        #expect(window.rows.map(\.name) == ["screenshots/", "spec/", ".gitignore", ".rspec"])
        #expect(window.rows.map(\.icon) == ["+", "+", ".", "."])
        #expect(window.rows.map(\.size) == ["", "", "279 B", "46 B"])
        #expect(window.rows.map(\.isSelected) == [false, false, false, true])
        #expect(window.note == nil)
        var empty = TreeNavigator(ref: "x\u{1B}[31m")
        empty.receive(GitTree(sha: "t", entries: []))
        let note = FilesWindowBuilder.window(empty, repositoryName: "r", isLoading: true, failure: .notFound, filter: nil)
        #expect(note.breadcrumb == "r  @ x[31m")
        #expect(note.note?.contains(tr("files.loading")) == true)
        // A server's own words, on one line; a 410's (the demo's "not in the demo data") as a note, not a failure;
        // without words, the status.
        let gone = FilesWindowBuilder.window(empty, repositoryName: "r", isLoading: false,
                                             failure: .http(status: 410, message: "not in the demo data\r\n\u{1B}[2J"), filter: nil)
        #expect(gone.note == "Not in the demo data [2J")
        let said = FilesWindowBuilder.window(empty, repositoryName: "r", isLoading: false,
                                             failure: .http(status: 422, message: "no such ref\r\n\u{1B}[2J"), filter: nil)
        #expect(said.note == "Could not read the files: no such ref [2J")
        let status = FilesWindowBuilder.window(empty, repositoryName: "r", isLoading: false, failure: .http(status: 502, message: nil), filter: nil)
        #expect(status.note == "Could not read the files: HTTP 502")
    }

    @Test("Sizes read like GitHub's")
    func sizes() {
        #expect(Formatting.bytes(0) == "0 B")
        #expect(Formatting.bytes(1023) == "1023 B")
        #expect(Formatting.bytes(25_325) == "24.7 KB")
        #expect(Formatting.bytes(1 << 20) == "1 MB")
        #expect(Formatting.bytes(1_300_000) == "1.2 MB")
        #expect(Formatting.bytes(5 << 30) == "5 GB")
    }
}

/// The packed tree's index: the same rule as `RepositoryPath` on bytes, folders sorted with folded keys,
/// a 100,000-entry tree walked without making its entries.
@Suite("Tree index")
struct TreeIndexTests {
    @Test("Paths to follow: the byte check agrees with RepositoryPath")
    func followable() {
        let paths = ["a", "a/b", ".x", "..x", "a/..", "../a", "a//b", "/a", "a/", "", ".", "a/./b", "ä/b", "a b", "a\u{1B}b",
                     "a\u{200B}b", "x\tb", String(repeating: "a", count: 4097), "…/..", "a/.../b"]
        for path in paths {
            let expected = RepositoryPath.components(path).map { !$0.isEmpty } ?? false
            let found = Array(path.utf8).withUnsafeBufferPointer { TreeIndex.isFollowable($0) }
            #expect(found == expected, "\(path.debugDescription)")
        }
    }

    @Test("A 100,000-entry tree: each folder's children, folders first, names ignoring case")
    func large() throws {
        var entries: [GitTreeEntry] = []
        for folder in 0..<100 {
            entries.append(GitTreeEntry(path: "dir\(folder)", kind: .folder, sha: "f\(folder)"))
            for file in 0..<999 {
                entries.append(GitTreeEntry(path: "dir\(folder)/\(file % 2 == 0 ? "B" : "a")\(file).rb", kind: .file, sha: "s", size: file))
            }
        }
        entries.append(GitTreeEntry(path: "README", kind: .file, sha: "r"))
        let index = TreeIndex(GitTree(sha: "t", entries: entries))
        #expect(index.refused == 0)
        let root = try #require(index.entries(in: ""))
        #expect(root.count == 101 && root.first?.name == "dir0" && root.last?.name == "README")
        let folder = try #require(index.entries(in: "dir42"))
        #expect(folder.count == 999)
        #expect(folder.map(\.name) == folder.map(\.name).sorted { $0.lowercased() < $1.lowercased() })
        #expect(index.entries(in: "dir100") == nil)
    }
}
