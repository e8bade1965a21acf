import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import Testing
import TerminalKit
import TestSupport
@testable import Features

/// The Files tab's presenter against the scripted service and an in-memory store: the tree stored
/// and fetched, walking in and out, a file read once (then from the store, offline too), the
/// truncated tree's folder-by-folder fallback, permalinks.
@MainActor
@Suite("Files tab presenter")
struct FilesTabPresenterTests {
    static let repository = Repository(id: 7, name: "rails_admin", fullName: "sferik/rails_admin", ownerLogin: "sferik",
                                       defaultBranch: "master", htmlURL: "https://github.com/sferik/rails_admin")

    final class Sink {
        var copied: [String] = []
        var opened: [String] = []
    }

    static func make(_ script: ScriptedContentService.Script, store: SQLiteStore? = nil, offline: Bool = false)
        throws -> (FilesTabPresenter, ScriptedContentService, CollectingDispatcher, SQLiteStore, Sink) {
        let service = ScriptedContentService(script)
        let store = try store ?? SQLiteStore.inMemory()
        let dispatcher = CollectingDispatcher()
        let sink = Sink()
        let files = RepositoryFiles(repository: repository, service: service, store: store, isOffline: offline,
                                    now: { Date(timeIntervalSince1970: 1_700_000_000) })
        let presenter = FilesTabPresenter(files: files, repository: repository, dispatcher: dispatcher,
                                          copy: { sink.copied.append($0.text) }, open: { sink.opened.append($0) })
        presenter.layout(width: 80, height: 20)
        return (presenter, service, dispatcher, store, sink)
    }

    static func settle(_ presenter: FilesTabPresenter, _ dispatcher: CollectingDispatcher) async {
        for _ in 0..<6 {
            for task in [presenter.storedTask, presenter.treeTask, presenter.rootTask, presenter.saveTask, presenter.folderTask, presenter.fileTask, presenter.shaTask, presenter.highlightTask].compactMap(\.self) {
                await task.value
            }
            dispatcher.runPending()
        }
    }

    static func select(_ presenter: FilesTabPresenter, _ name: String) {
        let index = presenter.navigator.entries.firstIndex { $0.name == name } ?? 0
        _ = presenter.handle(.home)
        for _ in 0..<index { _ = presenter.handle(.scrollDown) }
    }

    @Test("Walk into lib, open rails_admin.rb (fetched once, then stored), back out with Esc and Backspace")
    func walkOpenAndBack() async throws {
        let tree = try TreeNavigatorTests.recordedTree()
        let source = "module RailsAdmin\n  def self.config\n  end\nend\n"
        let blob = FileContent(sha: "d36b4ba90e5fd730a44170894208ae1c881e0371", size: source.utf8.count, bytes: Data(source.utf8))
        let (presenter, service, dispatcher, store, sink) = try Self.make(.init(tree: .success(tree), blobs: [blob.sha: blob]))
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        #expect(service.recorded.contains("tree sferik/rails_admin master"))
        #expect(try store.tree(repositoryID: 7, ref: "master")?.tree == tree)
        Self.select(presenter, "lib")
        #expect(presenter.handle(.confirm))
        #expect(presenter.navigator.currentPath == "lib")
        Self.select(presenter, "rails_admin.rb")
        _ = presenter.handle(.confirm)
        await Self.settle(presenter, dispatcher)
        guard case .text(let text) = presenter.file?.body else {
            Issue.record("no text: \(String(describing: presenter.file?.body))")
            return
        }
        #expect(text.runs[0].contains { $0.kind == .keyword })
        #expect(try store.fileContent(sha: blob.sha) == blob)
        _ = presenter.handle(.scrollDown)
        _ = presenter.handle(.copy)
        #expect(sink.copied == ["https://github.com/sferik/rails_admin/blob/master/lib/rails_admin.rb#L2"])
        #expect(presenter.handle(.close))
        #expect(presenter.file == nil && presenter.navigator.currentPath == "lib")
        _ = presenter.handle(.confirm)
        await Self.settle(presenter, dispatcher)
        #expect(service.recorded.filter { $0.hasPrefix("blob") }.count == 1)
        _ = presenter.handle(.close)
        #expect(presenter.handle(.close))
        #expect(presenter.navigator.currentPath == "" && presenter.navigator.selectedEntry?.name == "lib")
    }

    @Test("Permalinks name the commit once GitHub said which; o opens it")
    func permalinkWithSHA() async throws {
        let entry = GitTreeEntry(path: "a b.rb", kind: .file, sha: "aa11", size: 4)
        let blob = FileContent(sha: "aa11", size: 4, bytes: Data("x=1\n".utf8))
        var script = ScriptedContentService.Script(tree: .success(GitTree(sha: "t", entries: [entry])), blobs: ["aa11": blob])
        script.commitSHA = "3cdfabd973bc3caac209cba903cfdb3bf6636bcd"
        let (presenter, _, dispatcher, _, sink) = try Self.make(script)
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        _ = presenter.handle(.confirm)
        await Self.settle(presenter, dispatcher)
        _ = presenter.handle(.openInBrowser)
        #expect(sink.opened == ["https://github.com/sferik/rails_admin/blob/3cdfabd973bc3caac209cba903cfdb3bf6636bcd/a%20b.rb#L1"])
    }

    @Test("Offline: the stored tree and a stored file read without a request")
    func offline() async throws {
        let store = try SQLiteStore.inMemory()
        let entry = GitTreeEntry(path: "x.c", kind: .file, sha: "bb22", size: 10)
        try store.saveTree(GitTree(sha: "t", entries: [entry]), repositoryID: 7, ref: "master", fetchedAt: Date())
        try store.saveFileContent(FileContent(sha: "bb22", size: 10, bytes: Data("int x;\n".utf8)), storedAt: Date())
        let (presenter, service, dispatcher, _, _) = try Self.make(.init(), store: store, offline: true)
        presenter.didAppear()
        // The stored tree is read and indexed off the UI thread: "loading" until it arrives.
        #expect(presenter.navigator.entries.isEmpty && presenter.isLoading)
        await Self.settle(presenter, dispatcher)
        #expect(presenter.navigator.entries == [entry])
        _ = presenter.handle(.confirm)
        await Self.settle(presenter, dispatcher)
        guard case .text = presenter.file?.body else {
            Issue.record("not read from the store")
            return
        }
        #expect(service.recorded.isEmpty)
    }

    @Test("A truncated tree falls back to one folder at a time and says so")
    func truncated() async throws {
        var script = ScriptedContentService.Script(tree: .success(GitTree(sha: "t", entries: [], isTruncated: true)))
        script.folders = ["": [GitTreeEntry(path: "src", kind: .folder, sha: "s")],
                          "src": [GitTreeEntry(path: "src/main.c", kind: .file, sha: "m", size: 3)]]
        let (presenter, service, dispatcher, _, _) = try Self.make(script)
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        #expect(presenter.navigator.entries.map(\.name) == ["src"])
        let window = FilesWindowBuilder.window(presenter.navigator, repositoryName: "r", isLoading: false, failure: nil, filter: nil)
        #expect(window.note == tr("files.truncated"))
        _ = presenter.handle(.confirm)
        await Self.settle(presenter, dispatcher)
        #expect(presenter.navigator.entries.map(\.name) == ["main.c"])
        #expect(service.recorded.filter { $0.hasPrefix("folder") } == ["folder sferik/rails_admin / master",
                                                                       "folder sferik/rails_admin src master"])
    }

    @Test("/ filters the folder as one types; Esc clears it")
    func filterField() async throws {
        let (presenter, _, dispatcher, _, _) = try Self.make(.init(tree: .success(try TreeNavigatorTests.recordedTree())))
        presenter.didAppear()
        await Self.settle(presenter, dispatcher)
        _ = presenter.handle(.startSearch)
        for character in "gem" { _ = presenter.handle(.editSearch(.insert(String(character)))) }
        #expect(presenter.navigator.entries.map(\.name) == ["Gemfile", "rails_admin.gemspec"])
        _ = presenter.handle(.close)
        #expect(presenter.navigator.entries.count == 14)
    }

    @Test("Another branch or tag (the Commits tab's picker): its tree, the breadcrumb names it")
    func otherRef() async throws {
        let (presenter, service, dispatcher, _, _) = try Self.make(.init(tree: .success(try TreeNavigatorTests.recordedTree())))
        presenter.show(ref: "3pp_history")
        await Self.settle(presenter, dispatcher)
        #expect(service.recorded.contains("tree sferik/rails_admin 3pp_history"))
        #expect(!service.recorded.contains("tree sferik/rails_admin master"))
        presenter.didAppear()
        #expect(presenter.navigator.ref == "3pp_history" && presenter.navigator.entries.count == 14)
        let window = presenter.frameWindow(width: 60, height: 10)
        guard case .markdown(let breadcrumb) = window.lines.first else {
            Issue.record("no breadcrumb")
            return
        }
        #expect(breadcrumb.text == "rails_admin  @ 3pp_history")
    }

    @Test("Nothing stored: the root folder is asked for and drawn until the whole tree arrives; a stored tree asks for none")
    func rootFirst() async throws {
        let tree = try TreeNavigatorTests.recordedTree()
        let root = tree.entries.filter { !$0.path.contains("/") }
        let (presenter, service, dispatcher, store, _) = try Self.make(.init(tree: .success(tree)))
        presenter.didAppear()
        await presenter.storedTask?.value
        dispatcher.runPending()
        await presenter.rootTask?.value
        #expect(service.recorded.contains("root sferik/rails_admin master"))
        // The root's answer first (the whole tree of a monorepo takes longer): its folder shows, walkable.
        presenter.rootDidLoad(.success(root))
        #expect(presenter.navigator.entries.count == 14 && presenter.navigator.isLoaded)
        Self.select(presenter, "lib")
        #expect(presenter.handle(.confirm))
        #expect(presenter.navigator.currentPath == "lib")
        await Self.settle(presenter, dispatcher)
        // The whole tree came: the folder entered stays, now from the tree, and the tree is stored after.
        #expect(presenter.navigator.currentPath == "lib" && presenter.navigator.isCurrentLoaded)
        #expect(try store.tree(repositoryID: 7, ref: "master")?.tree == tree)
        // A root answer arriving after the tree changes nothing.
        presenter.rootDidLoad(.success(Array(root.prefix(1))))
        #expect(presenter.navigator.currentPath == "lib")

        let (again, againService, againDispatcher, _, _) = try Self.make(.init(tree: .success(tree)), store: store)
        again.didAppear()
        await Self.settle(again, againDispatcher)
        #expect(againService.recorded.contains("tree sferik/rails_admin master"))
        #expect(!againService.recorded.contains { $0.hasPrefix("root ") })
    }
}
