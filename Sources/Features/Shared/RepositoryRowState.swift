import GitHubEntities
import TerminalKit

/// A repository as a list row shows it: name, description, language and stars, formatted and
/// sanitized for the terminal (what a row adds, such as selection or expansion, is the screen's).
struct RepositoryRowState: Sendable, Equatable {
    /// How a row names the repository.
    enum Naming: Sendable {
        /// "name": the list and the profile (the owner is the screen's).
        case name
        /// "owner/name": search results, from many owners.
        case fullName
    }

    var name: String
    var description: String
    var language: String
    var stars: String
    /// The local ★ mark.
    var isFavourite: Bool = false
}

extension RepositoryRowState {
    /// The row for `repository`: text sanitized, stars shortened ("1.2k"), `missingLanguage` when
    /// GitHub names none.
    init(_ repository: Repository, naming: Naming = .name, missingLanguage: String = "", isFavourite: Bool = false) {
        let name = naming == .fullName ? "\(repository.ownerLogin)/\(repository.name)" : repository.name
        self.init(
            name: Sanitizer.line(name),
            description: Sanitizer.line(repository.description ?? ""),
            language: Sanitizer.line(repository.language ?? missingLanguage),
            stars: Formatting.count(repository.stargazersCount),
            isFavourite: isFavourite)
    }
}
