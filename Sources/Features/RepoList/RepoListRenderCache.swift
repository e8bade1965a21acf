import GitHubEntities
import TerminalKit

/// What the list's state builder keeps between frames so that a repaint formats only what changed:
/// the presenter owns it and lends it to each build (the screen state stays a plain value).
struct RepoListRenderCache {
    /// Row text made from each repository alone.
    var rowText = RowTextMemo()
    /// The header's subtitle, formatted again only when what it says changed.
    var subtitle = LastValueMemo<RepoListStateBuilder.SubtitleInputs, String>()
    /// The carousel's cards, made again only when its repositories changed.
    var carouselCards = LastValueMemo<[Repository], [CarouselCard]>()
}

/// The value last made and what it was made from: `value(for:make:)` makes it again only when the
/// inputs differ.
struct LastValueMemo<Inputs: Equatable, Value> {
    private var last: (inputs: Inputs, value: Value)?

    mutating func value(for inputs: Inputs, make: (Inputs) -> Value) -> Value {
        if let last, last.inputs == inputs { return last.value }
        let value = make(inputs)
        last = (inputs, value)
        return value
    }
}

/// The parts of a list row that depend on the repository alone (sanitized text, shortened counts,
/// the language's colour), kept by repository so that a repaint formats only rows it has not seen.
/// Bounded: it starts over past `capacity` repositories.
struct RowTextMemo {
    struct Text {
        var row: RepositoryRowState
        var languageColor: RGB?
        var forks: String
    }

    static let capacity = 512
    private var entries: [Int64: (repository: Repository, naming: RepositoryRowState.Naming, text: Text)] = [:]

    mutating func text(for repository: Repository, naming: RepositoryRowState.Naming) -> Text {
        if let entry = entries[repository.id], entry.naming == naming, entry.repository == repository { return entry.text }
        let text = Text(row: RepositoryRowState(repository, naming: naming),
                        languageColor: repository.language.flatMap(LanguageBadge.color(for:)),
                        forks: Formatting.count(repository.forksCount))
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[repository.id] = (repository, naming, text)
        return text
    }
}
