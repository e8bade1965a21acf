import Foundation
import GitHubAPI
import GitHubEntities
import Persistence

/// What is known of a repository's latest commits: the one state the list's rows, the Overview tab
/// and the commit loader keep.
enum CommitsState: Equatable {
    case loading
    case stored(StoredCommits)
    case failed(String)

    /// The state a request's answer leaves, or nil when it changes nothing. A failure keeps commits
    /// already shown (stored ones, the network gone); a cancelled request changes nothing.
    func applying(_ outcome: CommitsOutcome, at now: Date) -> CommitsState? {
        switch outcome {
        case .loaded(let commits): .stored(StoredCommits(commits: commits, fetchedAt: now, isEmptyRepository: false))
        case .empty: .stored(StoredCommits(commits: [], fetchedAt: now, isEmptyRepository: true))
        case .failed(let error):
            if case .stored = self { nil } else { .failed(error.shortReason) }
        case .cancelled: nil
        }
    }

    var isStored: Bool {
        if case .stored = self { true } else { false }
    }

    /// The commits shown (none while loading, after a failure, or for an empty repository).
    var commits: [Commit] {
        if case .stored(let stored) = self, !stored.hasNoCommits { stored.commits } else { [] }
    }

    /// What the commit lines say instead of commits: "⠋ loading commits…", "No commits yet", a
    /// failure; nil when there are commits to show.
    func note(spinner: String?) -> (text: String, isError: Bool)? {
        switch self {
        case .loading: ((spinner.map { "\($0) " } ?? "") + CommitNotes.loading, false)
        case .stored(let stored): stored.hasNoCommits ? (CommitNotes.noCommits, false) : nil
        case .failed(let reason): (CommitNotes.failed(reason), true)
        }
    }
}

extension StoredCommits {
    /// The one rule for "no commits": GitHub said the repository is empty, or gave none.
    var hasNoCommits: Bool { isEmptyRepository || commits.isEmpty }
}

/// What commit lines say instead of commits, written once: the list, the Overview, a commit's view.
enum CommitNotes {
    static var loading: String { tr("commits.loading") }
    static var noCommits: String { tr("commits.none") }

    /// "Could not load commits (network error) — r retries".
    static func failed(_ reason: String) -> String { tr("commits.failed", reason) }
    static func failed(_ error: GitHubError) -> String { failed(error.shortReason) }
}
