import Foundation
import Persistence
import TerminalKit
import Testing
import TestSupport
@testable import Features

/// Events read together (a burst of keys, a paste) are handled together: one view state built at the
/// end, the ★ toggles written in one store write; a paste outside the filter runs nothing.
@Suite("Repository list: bursts of keys and pastes")
@MainActor
struct RepoListBurstTests {
    typealias Harness = RepoListPresenterTests.Harness

    func favourites(_ state: RepoListViewState?) -> [String] {
        (state?.rows ?? []).filter(\.isFavourite).map(\.name)
    }

    func loaded(_ count: Int = 30) -> Harness {
        let h = Harness(stored: Sample.snapshot(count))
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        return h
    }

    @Test("A burst of 200 keys (f and ↓ by turns) builds one view state and writes its ★ marks in one store write")
    func burstBuildsOnceAndWritesOnce() {
        let h = loaded(300)
        let statesBefore = h.view.states.count
        h.presenter.inputWillBegin()
        for _ in 0..<100 {
            h.presenter.handle(.toggleFavourite)
            h.presenter.handle(.moveDown)
        }
        #expect(h.view.states.count == statesBefore, "nothing is built before the burst ends")
        #expect(h.interactor.favouriteWriteCount.withLock { $0 } == 0)
        h.presenter.inputDidEnd()
        #expect(h.view.states.count == statesBefore + 1)
        #expect(h.interactor.favouriteWriteCount.withLock { $0 } == 1)
        #expect(h.interactor.favouriteWrites.withLock { $0 } == (1...100).map { "on \($0)" })
        #expect(h.view.last?.position == "101/300")
        #expect(favourites(h.view.last).count == 9, "the rows on screen above the selection are marked")
        // Outside a burst, f writes and shows at once, as before.
        h.presenter.handle(.toggleFavourite)
        #expect(h.interactor.favouriteWriteCount.withLock { $0 } == 2)
        #expect(h.view.states.count == statesBefore + 2)
    }

    @Test("A ★ toggled an even number of times in a burst is no write at all")
    func evenTogglesWriteNothing() {
        let h = loaded()
        h.presenter.inputWillBegin()
        for _ in 0..<200 { h.presenter.handle(.toggleFavourite) }
        h.presenter.inputDidEnd()
        #expect(h.interactor.favouriteWriteCount.withLock { $0 } == 0)
        #expect(favourites(h.view.last) == [])
    }

    @Test("A burst's write that fails says so and takes the marks back")
    func failedWriteTakesMarksBack() {
        var stored = Sample.snapshot(30)
        stored.favouriteIDs = [2]
        let h = Harness(stored: stored)
        h.presenter.viewDidChangeListHeight(10)
        h.presenter.viewDidLoad()
        h.interactor.favouriteError.withLock { $0 = RepoListFavouritesTests.StoreFailure() }
        h.presenter.inputWillBegin()
        h.presenter.handle(.toggleFavourite)   // repo-0001 on
        h.presenter.handle(.moveDown)
        h.presenter.handle(.toggleFavourite)   // repo-0002 off
        h.presenter.inputDidEnd()
        #expect(h.view.last?.message?.message == "Could not save the favourite: disk full")
        #expect(favourites(h.view.last) == ["repo-0002"])
    }

    @Test("/ and the keys after it in one burst type into the filter, though the view's state is built only at the end")
    func filterInOneBurst() {
        let h = loaded()
        let view = RepoListView(presenter: h.presenter)
        h.presenter.view = view
        view.willHandleEvents()
        for key in [Key.character("/"), .character("r"), .character("f"), .backspace, .paste("e\npo-001"), .enter, .character("f")] {
            view.handle(.key(key))
        }
        view.didHandleEvents()
        #expect(view.state.filter?.text == "re po-001")
        h.presenter.filterDidEnd(keep: false)
        view.willHandleEvents()
        for key in [Key.character("/"), .character("r"), .character("f"), .backspace, .paste("epo-001"), .enter, .character("f")] {
            view.handle(.key(key))
        }
        view.didHandleEvents()
        #expect(view.state.filter?.text == "repo-001")
        #expect(view.state.filter?.isEditing == false)
        // The f typed into the filter marked nothing; the one after Enter marked the selected row.
        #expect(h.interactor.favouriteWrites.withLock { $0 } == ["on 10"])
        #expect(favourites(view.state) == ["repo-0010"])
    }

    @Test("A paste on the list (no field open) runs nothing: no quit, no ★, no expansion, the same state")
    func pasteOutsideFieldDoesNothing() {
        let h = loaded()
        let view = RepoListView(presenter: h.presenter)
        h.presenter.view = view
        view.handle(.resize(width: 100, height: 30))
        let before = view.state
        for text in ["x\nq", "gem\nfj", "q", "\u{1B}[A\r", "?"] {
            view.willHandleEvents()
            view.handle(.key(.paste(text)))
            view.didHandleEvents()
        }
        #expect(h.router.quitCount == 0)
        #expect(h.router.routes.isEmpty)
        #expect(h.router.details.isEmpty)
        #expect(h.interactor.favouriteWrites.withLock { $0 }.isEmpty)
        #expect(view.state == before)
    }
}

@Suite("Pastes reach every text field through TextField.typedEdit, and no key table")
@MainActor
struct PasteRoutingTests {
    @Test("Owner prompt, search field, README search: the paste is inserted; search results, the overlay, profile, list: nothing")
    func routing() {
        let paste = Key.paste("octo\ncat")
        #expect(OwnerPromptKeys.action(for: paste) == .edit(.insert("octo\ncat")))
        #expect(SearchKeys.action(for: paste, focus: .field) == .edit(.insert("octo\ncat")))
        #expect(SearchKeys.action(for: paste, focus: .results) == nil)
        #expect(RepoDetailKeys.searchAction(for: paste) == .editSearch(.insert("octo\ncat")))
        #expect(RepoDetailKeys.table.action(for: paste) == nil)
        #expect(ProfileKeys.table.action(for: paste) == nil)
        #expect(RepoListKeys.table.action(for: paste) == nil)
    }
}
