import Foundation
import GitHubAPI
import GitHubEntities
import SyntaxHighlighting
import TerminalKit

/// The Files tab: the tree of a ref (the default branch first; stored tree at once, then GitHub's),
/// walked like a file manager — Enter opens a folder or a file, Backspace/← goes up, `/` filters the
/// folder — and an open file (`FileViewState`): ↑↓ move the cursor line, ←→ scroll long lines, `/`
/// searches, `m` shows a Markdown file's source, `y` copies its permalink (commit sha and `#L42`),
/// `o` opens it on GitHub, Esc/Backspace closes it. Only turns intents into state; the window
/// builders make the lines.
@MainActor
final class FilesTabPresenter {
    private(set) var navigator: TreeNavigator
    private(set) var file: FileViewState?
    private(set) var failure: GitHubError?
    /// The filter or search being typed (`/`), nil when none.
    private(set) var field: TextField?
    /// The commit the ref named when the tab opened (permalinks), nil until GitHub said.
    private(set) var commitSHA: String?
    private let files: RepositoryFiles
    private let repository: Repository
    /// The requests it starts (cancelled when it goes away).
    private let calls: BackgroundCalls
    private let copy: @MainActor (CopyChoice) -> Void
    private let open: @MainActor (String) -> Void
    /// The frame: status, messages, repaint.
    weak var host: (any RepoViewHost)?
    /// The branch the Commits tab's picker chose (nil: the default branch): its tree is shown.
    var chosenBranch: @MainActor () -> String? = { nil }
    /// Whether pictures are drawn (the terminal shows true colours), else described.
    var showsImages = false
    private var started = false
    private(set) var width = 80
    private(set) var height = 20
    private var generation = 0
    /// Requests in flight (tests await them).
    private(set) var storedTask: Task<Void, Never>?
    private(set) var treeTask: Task<Void, Never>?
    /// The root folder's listing, asked when no tree is stored (drawn before the whole tree arrives).
    private(set) var rootTask: Task<Void, Never>?
    /// The fetched tree or file being stored (not cancelled when the tab goes: the store keeps what came).
    private(set) var saveTask: Task<Void, Never>?
    /// GitHub's tree of the ref arrived (a stored one read later is not shown over it).
    private var hasFetchedTree = false
    private(set) var folderTask: Task<Void, Never>?
    private(set) var fileTask: Task<Void, Never>?
    private(set) var shaTask: Task<Void, Never>?
    /// The open file's stretch being highlighted (one at a time).
    private(set) var highlightTask: Task<Void, Never>?
    /// Bumped when the file's highlighting stops (another file, closed): an answer of before is dropped.
    private var highlightCount = 0
    /// The whole of a long Markdown file being rendered, after its head was shown.
    private(set) var wholeMarkdownTask: Task<Void, Never>?

    init(files: RepositoryFiles, repository: Repository, dispatcher: any UIDispatcher,
         copy: @escaping @MainActor (CopyChoice) -> Void, open: @escaping @MainActor (String) -> Void) {
        self.files = files
        self.repository = repository
        calls = BackgroundCalls(dispatcher)
        self.copy = copy
        self.open = open
        navigator = TreeNavigator(ref: files.defaultRef)
    }

    var isLoading: Bool { storedTask != nil || treeTask != nil || rootTask != nil || saveTask != nil || folderTask != nil || fileTask != nil }

    /// The tab is shown: the first time, the stored tree and a request for GitHub's.
    func didAppear() {
        if let branch = chosenBranch(), branch != navigator.ref { show(ref: branch) }
        guard !started else { return }
        started = true
        show(ref: navigator.ref)
        // The highlighter's plugin (Source-highlight and its libraries) loads now, not on the first Enter.
        calls.run { SourceHighlighter.preload() } then: { _ in }
    }

    /// Shows the tree of another branch or tag (the Commits tab's picker).
    func show(ref: String) {
        started = true
        generation += 1
        hasFetchedTree = false
        storedTask?.cancel()
        treeTask?.cancel()
        treeTask = nil
        rootTask?.cancel()
        rootTask = nil
        folderTask?.cancel()
        stopHighlighting()
        navigator = TreeNavigator(ref: ref)
        file = nil
        failure = nil
        commitSHA = nil
        layout(width: width, height: height)
        let files = self.files, generation = self.generation
        // The stored tree, then GitHub's, each read and indexed off the UI thread ("loading" meanwhile). With
        // none stored, the root folder is asked for first: it is drawn while the whole tree comes (over
        // HTTP/1.1 the whole tree's answer would hold the connection the root waits for).
        storedTask = calls.run { files.storedTree(ref: ref) } then: { [weak self] stored in
            guard let self, generation == self.generation else { return }
            storedTask = nil
            if let stored { navigator.receive(stored) } else { loadRoot(ref: ref) }
            loadTree(ref: ref)
            layout(width: width, height: height)
            host?.changed()
        }
        shaTask = calls.run { () -> String? in
            try? await files.commitSHA(ref: ref)
        } then: { [weak self] sha in
            guard let self, generation == self.generation else { return }
            shaTask = nil
            commitSHA = sha
        }
    }

    /// GitHub's tree of `ref`, shown once indexed, then stored.
    private func loadTree(ref: String) {
        let files = self.files, generation = self.generation
        treeTask = calls.run { await .of { TreeIndex(packed: try await files.fetchTree(ref: ref)) } } then: { [weak self] result in
            guard let self, generation == self.generation else { return }
            treeDidLoad(result)
            if case .success(let tree) = result {
                saveTask = calls.dispatcher.background { files.saveTree(tree.packed, ref: ref) } then: { [weak self] _ in
                    self?.saveTask = nil
                    self?.host?.changed()
                }
            }
        }
    }

    /// The root folder's entries, drawn until the whole tree arrives (`rootDidLoad`).
    private func loadRoot(ref: String) {
        let files = self.files, generation = self.generation
        rootTask = calls.run { await .of { try await files.fetchRoot(ref: ref) } } then: { [weak self] result in
            guard let self, generation == self.generation else { return }
            rootDidLoad(result)
        }
    }

    /// The root's listing: shown unless the whole tree came first. A failure is left to the tree's request.
    func rootDidLoad(_ result: Result<[GitTreeEntry], GitHubError>?) {
        rootTask = nil
        guard case .success(let entries) = result, !hasFetchedTree else { return }
        navigator.receive(entries, folder: "")
        layout(width: width, height: height)
        host?.changed()
    }

    func treeDidLoad(_ result: Result<TreeIndex, GitHubError>?) {
        treeTask = nil
        rootTask?.cancel()
        rootTask = nil
        switch result {
        case .success(let tree):
            failure = nil
            hasFetchedTree = true
            navigator.receive(tree)
            if tree.isTruncated { loadFolder(navigator.currentPath) }
        case .failure(let error): failure = error
        case nil: break
        }
        layout(width: width, height: height)
        host?.changed()
    }

    private func loadFolder(_ path: String) {
        let files = self.files, ref = navigator.ref, generation = self.generation
        folderTask?.cancel()
        folderTask = calls.run { await .of { try await files.fetchFolder(path: path, ref: ref) } } then: { [weak self] result in
            guard let self, generation == self.generation else { return }
            folderDidLoad(result, path: path)
        }
    }

    func folderDidLoad(_ result: Result<[GitTreeEntry], GitHubError>?, path: String) {
        folderTask = nil
        switch result {
        case .success(let entries): navigator.receive(entries, folder: path)
        case .failure(let error): failure = error
        case nil: break
        }
        layout(width: width, height: height)
        host?.changed()
    }

    /// Opens a file: its bytes from the store or GitHub, cut into lines (a Markdown file rendered), the
    /// first screen highlighted — all off the UI thread; the rest of the colours follow (`highlightMore`).
    private func openFile(_ entry: GitTreeEntry) {
        var state = FileViewState(entry: entry, ref: navigator.ref)
        state.resize(height: max(1, height - 1))
        file = state
        stopHighlighting()
        guard case .loading = state.body else { return }
        let files = self.files, sha = entry.sha, name = entry.name, generation = self.generation
        // Pictures fit the panel under the title line (two pixel rows a cell), where the terminal shows them.
        let imageWidth = showsImages ? width : 0, imageHeight = showsImages ? 2 * max(1, height - 2) : 0
        let markdownWidth = width, base = blobPrefix, screen = 2 * max(1, height - 1), head = markdownHead
        fileTask = calls.run {
            await .of {
                let found = try await files.file(sha: sha)
                let body = FileViewState.body(for: found.value, name: name, imageWidth: imageWidth,
                                              imageHeight: imageHeight, markdownWidth: markdownWidth, base: base,
                                              markdownHead: head)
                var first: HighlightAnswer?
                if case .text(let text) = body, text.outcome == .pending, let language = LinguistLanguage.name(forFileName: name) {
                    first = HighlightRequest(lines: text.lines, range: 0..<min(text.lines.count, screen), language: language).run()
                }
                return OpenedFile(body: body, renderedWidth: markdownWidth, first: first, toStore: found.toStore)
            }
        } then: { [weak self] result in
            guard let self, generation == self.generation, self.file?.entry == entry else { return }
            fileDidLoad(result)
        }
    }

    func fileDidLoad(_ result: Result<OpenedFile, GitHubError>?) {
        fileTask = nil
        switch result {
        case .success(let opened):
            if let content = opened.toStore {
                let files = self.files
                saveTask = calls.dispatcher.background { files.save(content) } then: { _ in }
            }
            let isRendered = if case .markdown(_, .some, _) = opened.body { true } else { false }
            file?.show(opened.body, renderedWidth: isRendered ? opened.renderedWidth : nil)
            if let first = opened.first { file?.receive(first) }
            if case .markdown(let source, .some, _) = opened.body, source.lines.count > 2 * markdownHead {
                renderWholeMarkdown(at: opened.renderedWidth)
            }
        case .failure(let error): file?.fail(error)
        case nil: break
        }
        layout(width: width, height: height)
        host?.changed()
        highlightMore()
    }

    /// Asks for the open file's next stretch of colours (the window first) when none is on its way;
    /// each answer asks for the next, so the whole file gets its colours in the background, and a key
    /// that moved the window gets the new window's next.
    private func highlightMore() {
        guard highlightTask == nil, let request = file?.nextHighlight() else { return }
        highlightCount += 1
        let number = highlightCount
        highlightTask = calls.run { request.run() } then: { [weak self] answer in
            guard let self, number == highlightCount else { return }
            highlightTask = nil
            file?.receive(answer)
            host?.changed()
            highlightMore()
        }
    }

    /// Lines of a long Markdown file rendered before it is shown (a few screens); the whole follows off
    /// the UI thread (`renderWholeMarkdown`), so the first screen costs the same for any length.
    private var markdownHead: Int { max(200, 4 * height) }

    /// Renders the whole of the open Markdown file at `width` off the UI thread and shows it where the
    /// reader is (its head is on screen meanwhile).
    private func renderWholeMarkdown(at width: Int) {
        wholeMarkdownTask?.cancel()
        guard case .markdown(let source, _, _) = file?.body else { return }
        let base = blobPrefix, entry = file?.entry
        wholeMarkdownTask = calls.run { FileViewState.renderWhole(source, width: width, base: base) } then: { [weak self] rendered in
            guard let self, file?.entry == entry else { return }
            wholeMarkdownTask = nil
            file?.receive(rendered: rendered, width: width)
            host?.changed()
        }
    }

    private func stopHighlighting() {
        highlightTask?.cancel()
        highlightTask = nil
        highlightCount += 1
    }

    // MARK: Layout and drawing

    func layout(width: Int, height: Int) {
        self.width = width
        self.height = height
        navigator.resize(rows: FilesWindowBuilder.listRows(height: height))
        if file?.render(width: width, base: blobPrefix, head: markdownHead) == true { renderWholeMarkdown(at: width) }
        file?.resize(height: max(1, height - 1))
    }

    // MARK: Addresses

    /// `https://github.com/OWNER/REPO/blob/` + commit sha (or the ref until GitHub named it) + `/`.
    private var blobPrefix: String {
        let page = repository.htmlURL.hasSuffix("/") ? String(repository.htmlURL.dropLast()) : repository.htmlURL
        return page + "/blob/" + (commitSHA ?? navigator.ref) + "/"
    }

    /// The open file's permalink: at the commit, with the cursor's line (`#L42`) when source is shown.
    var permalink: String? {
        guard let file, let parts = RepositoryPath.components(file.entry.path) else { return nil }
        let encoded = parts.map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0 }.joined(separator: "/")
        return blobPrefix + encoded + (file.cursorLineNumber.map { "#L\($0)" } ?? "")
    }

    // MARK: Keys

    /// Handles one of the frame's actions; false when the frame's own meaning applies (another tab,
    /// the copy menu, closing the view at the tree's root).
    func handle(_ action: RepoDetailAction) -> Bool {
        if field != nil { return handleField(action) }
        if file != nil { return handleFile(action) }
        switch action {
        case .scrollUp: navigator.move(by: -1)
        case .scrollDown: navigator.move(by: 1)
        case .pageUp: navigator.move(by: -navigator.viewport.height)
        case .pageDown: navigator.move(by: navigator.viewport.height)
        case .home: navigator.select(0)
        case .end: navigator.select(Int.max / 2)
        case .confirm:
            switch navigator.enter() {
            case .enteredFolder(let needsListing): if needsListing { loadFolder(navigator.currentPath) }
            case .openFile(let entry): openFile(entry)
            case .none: break
            }
        // Esc/Backspace: clear the filter, else go up; at the root the view closes. ←: up.
        case .close where !navigator.filter.isEmpty: navigator.setFilter("")
        case .close where !navigator.path.isEmpty, .previousTab where !navigator.path.isEmpty: _ = navigator.up()
        case .startSearch: field = TextField(text: navigator.filter)
        default: return false
        }
        host?.changed()
        return true
    }

    /// An open file's keys: scrolling (←/→ sideways), search, source ⇄ rendered, copy and open its
    /// permalink; Esc closes it.
    private func handleFile(_ action: RepoDetailAction) -> Bool {
        guard var state = file else { return false }
        switch action {
        case .scrollUp: state.move(by: -1)
        case .scrollDown: state.move(by: 1)
        case .pageUp: state.move(by: -max(1, height - 2))
        case .pageDown: state.move(by: max(1, height - 2))
        case .home: state.move(by: -Int.max / 2)
        case .end: state.move(by: Int.max / 2)
        case .previousTab: state.scrollHorizontally(by: -8)
        case .nextTab: state.scrollHorizontally(by: 8)
        case .nextMatch: state.nextMatch(true)
        case .previousMatch: state.nextMatch(false)
        case .toggleSource: state.toggleSource()
        case .startSearch: field = TextField(text: state.query)
        case .copy:
            if let permalink { copy(CopyChoice(label: tr("files.permalink"), text: permalink)) }
        case .openInBrowser:
            if let permalink { open(permalink) }
        case .close:
            fileTask?.cancel()
            fileTask = nil
            stopHighlighting()
            file = nil
            host?.changed()
            return true
        default: return false
        }
        file = state
        host?.changed()
        highlightMore()
        return true
    }

    /// The filter (tree) or search (file) field: edits, Enter keeps it, Esc clears it; every other
    /// action is the field's (nothing else happens while it is edited).
    private func handleField(_ action: RepoDetailAction) -> Bool {
        guard var editing = field else { return false }
        switch action {
        case .editSearch(let edit):
            guard editing.apply(edit) else { return true }
            field = editing
            if file == nil { navigator.setFilter(editing.text) } else { file?.setSearch(editing.text) }
        case .submitSearch:
            field = nil
        case .cancelSearch, .close:
            field = nil
            if file == nil { navigator.setFilter("") } else { file?.setSearch("") }
        default:
            return true
        }
        host?.changed()
        return true
    }

    /// The repository's name (the breadcrumb's first crumb).
    var repositoryName: String { repository.name }
}
