import Foundation
import Persistence

/// The comments written on one repository's issues and pull requests and not yet posted, as the store
/// keeps them: written as soon as the editor hands text back, removed only when GitHub took the comment
/// or the user emptied it, so that no ending of the app loses one. A failed read counts as no draft; a
/// failed write is reported to the caller.
struct CommentDrafts: Sendable {
    let store: any DraftStore
    /// `owner/name`.
    let repository: String
    let now: @Sendable () -> Date

    /// The draft of issue `number`, nil when there is none.
    func text(number: Int, kind: DraftKind = .comment) -> String? {
        (try? store.draft(repository: repository, number: number, kind: kind))?.text
    }

    /// The numbers that have a draft.
    func numbers() -> Set<Int> {
        (try? store.draftNumbers(repository: repository, kind: .comment)) ?? []
    }

    /// Stores `text` as issue `number`'s draft; whether it is stored.
    func keep(_ text: String, number: Int, kind: DraftKind = .comment) -> Bool {
        (try? store.saveDraft(text, repository: repository, number: number, kind: kind, updatedAt: now())) != nil
    }

    /// Removes issue `number`'s draft; whether it is gone.
    @discardableResult
    func discard(number: Int, kind: DraftKind = .comment) -> Bool {
        (try? store.removeDraft(repository: repository, number: number, kind: kind)) != nil
    }
}
