import Foundation
import GitHubAPI
import GitHubEntities
import Persistence
import TerminalKit

/// What one build produced: the view state, and what the presenter keeps of the frame.
struct RepoListFrame {
    var viewState: RepoListViewState
    /// Displayed index of each visible line (nil for lines that are not rows), for clicks.
    var lineTargets: [Int?]
    /// The repositories on screen, top to bottom.
    var visibleIDs: [Int64]
}

/// The list's view state from the screen state: a pure function (no store, no timers; the cache it is
/// lent only saves formatting again), and only the visible window of rows is built.
enum RepoListStateBuilder {
    /// The footer's key hints (the key table never changes: built once, not on every key).
    static var footer: [HelpEntry] { footers.value }
    static var help: [HelpEntry] { helps.value }
    private static let footers = PerLanguage { RepoListKeys.table.footerHints.map { HelpEntry(keys: $0.keys, help: $0.help) } }
    private static let helps = PerLanguage { RepoListKeys.table.helpEntries.map { HelpEntry(keys: $0.keys, help: $0.help) } }

    static func build(_ state: RepoListScreenState, cache: inout RepoListRenderCache, now: Date) -> RepoListFrame {
        let model = state.model, displayed = model.displayed
        var lines: [ListLine] = []
        var targets: [Int?] = []
        var ids: [Int64] = []
        let height = state.viewport.height
        if !displayed.isEmpty {
            var index = state.viewport.top
            while index < displayed.count, lines.count < height {
                let repository = displayed[index]
                ids.append(repository.id)
                lines.append(.repository(row(for: repository, in: state, cache: &cache, selected: state.focus == .list && index == state.viewport.selection, now: now)))
                targets.append(index)
                for line in expansionLines(for: repository.id, in: state, now: now) where lines.count < height {
                    lines.append(line)
                    targets.append(index)
                }
                index += 1
            }
            if index == displayed.count, lines.count < height, state.showsMoreRow {
                lines.append(.loadingMore(tr("list.loadingMore", state.spinnerSymbol)))
                targets.append(nil)
            }
        }
        if state.changeMarks.showsChangedOnly, state.viewport.top + ids.count >= displayed.count {
            // Repositories gone since the user last looked: after the changed rows.
            for entry in state.changeMarks.changes.removed where lines.count < height {
                lines.append(.note(ChangeText.removed(entry), isError: false))
                targets.append(nil)
            }
        }
        let cards = cache.carouselCards.value(for: Array(model.carouselRepositories)) {
            $0.map {
                CarouselCard(name: Sanitizer.line($0.name), stars: Formatting.count($0.stargazersCount),
                             language: Sanitizer.line($0.language ?? ""), languageColor: $0.language.flatMap(LanguageBadge.color(for:)))
            }
        }
        let carousel = cards.isEmpty ? nil : CarouselState(cards: Array(cards), current: state.carouselIndex, isFocused: state.focus == .carousel)
        let position = displayed.isEmpty ? ""
            : state.focus == .carousel ? tr("list.position.card", state.carouselIndex + 1, cards.count)
            : "\(state.viewport.selection + 1)/\(model.displayedCount)"
        let viewState = RepoListViewState(
            title: Sanitizer.line(model.snapshot.owner?.login ?? state.ownerLogin),
            subtitle: subtitle(state, cache: &cache),
            status: status(state, now: now),
            isDemo: state.isDemo,
            hostName: state.hostName,
            carousel: carousel,
            lines: lines,
            placeholder: lines.isEmpty ? placeholder(state) : nil,
            position: position,
            footer: footer,
            notice: state.notice,
            filter: model.isEditingFilter || !model.filterText.isEmpty
                ? FilterState(field: state.filterField, isEditing: model.isEditingFilter, matches: displayed.count) : nil,
            help: state.modal.showsHelp ? help : nil,
            message: state.modal.message
        )
        return RepoListFrame(viewState: viewState, lineTargets: targets, visibleIDs: ids)
    }

    /// What the header's subtitle is made of: it is formatted again only when one of these changes.
    struct SubtitleInputs: Equatable {
        var language: Language
        var listKind: RepositoryListID.Kind
        var ownerKind: OwnerKind?
        var hasList: Bool
        var publicRepos: Int?
        var hasMorePages: Bool
        var totalCount: Int
        var sortOrder: RepoListSortOrder
        var favouritesOnly: Bool
        var favouriteCount: Int
    }

    private static func subtitle(_ state: RepoListScreenState, cache: inout RepoListRenderCache) -> String {
        let snapshot = state.model.snapshot
        let inputs = SubtitleInputs(
            language: L10n.language, listKind: state.listKind, ownerKind: snapshot.owner?.kind,
            hasList: snapshot.listFetchedAt != nil || !snapshot.repositories.isEmpty,
            publicRepos: snapshot.owner?.publicRepos, hasMorePages: state.hasMorePages,
            totalCount: snapshot.totalCount, sortOrder: state.model.sortOrder,
            favouritesOnly: state.model.favouritesOnly,
            favouriteCount: state.model.favouritesOnly ? snapshot.favouriteIDs.count : 0)
        return cache.subtitle.value(for: inputs) { _ in formatSubtitle(state) }
    }

    private static func formatSubtitle(_ state: RepoListScreenState) -> String {
        let snapshot = state.model.snapshot
        var parts: [String] = []
        if state.listKind == .starred {
            parts.append(tr("list.subtitle.starred"))
        } else if let kind = snapshot.owner?.kind {
            parts.append(kind.localizedName)
        }
        if snapshot.listFetchedAt != nil || !snapshot.repositories.isEmpty {
            // The profile's count is of the owner's own repositories: a starred list has no known total.
            let total = state.listKind == .starred ? 0 : snapshot.owner?.publicRepos ?? 0
            if state.hasMorePages, total > snapshot.totalCount {
                parts.append(tr("list.subtitle.partial", snapshot.totalCount, Formatting.repositories(total)))
            } else {
                parts.append(Formatting.repositories(snapshot.totalCount))
            }
            parts.append(tr("list.subtitle.sortedBy", state.model.sortOrder.localizedName))
        }
        if state.model.favouritesOnly { parts.append(tr("list.subtitle.favouritesOnly", snapshot.favouriteIDs.count)) }
        return parts.joined(separator: " · ")
    }

    private static func row(for repository: Repository, in state: RepoListScreenState, cache: inout RepoListRenderCache,
                            selected: Bool, now: Date) -> RepoRowState {
        let status = CommitStatus(state.commits[repository.id])
        // A starred list holds other owners' repositories: those rows say whose.
        let naming: RepositoryRowState.Naming = state.listKind == .starred
            && repository.ownerLogin.lowercased() != state.ownerLogin.lowercased() ? .fullName : .name
        let text = cache.rowText.text(for: repository, naming: naming)
        let base = text.row
        let change = state.change(of: repository.id)
        return RepoRowState(
            name: base.name,
            description: state.listedChange(of: repository.id).map { ChangeText.row($0, now: now) } ?? base.description,
            language: base.language,
            languageColor: text.languageColor,
            stars: base.stars,
            forks: text.forks,
            updated: repository.updatedAt.map { Formatting.relative($0, now: now) } ?? "",
            isExpanded: state.expanded.contains(repository.id),
            commitStatus: status,
            isSelected: selected,
            isFavourite: state.model.isFavourite(repository.id),
            isCloned: state.cloned.contains(repository.id),
            isChanged: change != nil
        )
    }

    private static func expansionLines(for id: Int64, in state: RepoListScreenState, now: Date) -> [ListLine] {
        guard state.expanded.contains(id) else { return [] }
        let commits = state.commits[id] ?? .loading
        if let note = commits.note(spinner: nil) { return [.note(note.text, isError: note.isError)] }
        return commits.commits.map { .commit(CommitLineState($0, now: now)) }
    }

    private static func status(_ state: RepoListScreenState, now: Date) -> String {
        var parts: [String] = []
        if state.isRefreshing {
            parts.append(tr("list.status.refreshing", state.spinnerSymbol))
        } else if state.connectivity == .offline {
            if let cachedAt = state.model.snapshot.listFetchedAt {
                parts.append(tr("list.status.offlineCached", Formatting.relative(cachedAt, now: now)))
            } else {
                parts.append(tr("list.status.offline"))
            }
        }
        // Offline says a network error already.
        if let failure = state.failure, failure != .network, !state.isRefreshing {
            // A rate limit's message names when it resets.
            let reason = if case .rateLimited = failure { Sanitizer.line(failure.localizedMessage) } else { failure.shortReason }
            parts.append(tr("list.status.failed", reason))
        }
        if let changed = ChangeText.header(state.changeMarks.changes, since: state.changeMarks.since, now: now) {
            parts.append(changed)
        }
        if state.commitsOnDemand, let host = state.hostName {
            parts.append(state.rateLimit.map { tr("list.status.commitsOnEnter.left.host", $0.remaining, $0.limit, host) }
                         ?? tr("list.status.commitsOnEnter.host", host))
        } else if state.commitsOnDemand {
            parts.append(state.rateLimit.map { tr("list.status.commitsOnEnter.left", $0.remaining, $0.limit) } ?? tr("list.status.commitsOnEnter"))
        } else if let rateLimit = state.rateLimit, rateLimit.isLow {
            parts.append(tr("list.status.apiLeft", rateLimit.remaining, rateLimit.limit))
        } else if state.hasNoRateLimit {
            parts.append(tr("list.status.noRateLimit"))
        }
        return InboxUnread.status(parts.joined(separator: " · "), unread: state.inboxUnread)
    }

    private static func placeholder(_ state: RepoListScreenState) -> String {
        let model = state.model
        if !model.filterText.isEmpty { return tr("list.empty.noMatch", model.filterText) }
        if state.changeMarks.showsChangedOnly { return tr("changes.none") }
        if model.favouritesOnly, !model.snapshot.repositories.isEmpty { return tr("list.empty.noFavourites") }
        if model.snapshot.listFetchedAt != nil {
            return state.listKind == .starred ? tr("list.empty.noStarred") : tr("list.empty.noRepositories")
        }
        if state.isRefreshing { return tr("list.empty.loading") }
        if state.isOfflineMode { return tr("list.empty.nothingStoredOffline", Sanitizer.line(state.ownerLogin)) }
        return tr("list.empty.nothingStored", Sanitizer.line(state.ownerLogin))
    }
}
