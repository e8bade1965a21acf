import GitHubAPI
import TerminalKit

/// The hosts gh knows as the prompt lists them (`H`), and the one chosen: ↑/↓ move through them and
/// write `HOST/user` into the field (the active user gh names, else just `HOST/` to type an owner after).
struct HostChoices: Equatable, Sendable {
    var hosts: [KnownHost]
    /// The host the app is on (marked in the list).
    var current: GitHubHost
    var selected: Int?

    /// Chooses the host `offset` rows away (wrapping; from none, ↓ is the first and ↑ the last) and gives
    /// the field's new text; nil when there is nothing to choose.
    mutating func move(by offset: Int) -> String? {
        guard !hosts.isEmpty else { return nil }
        let count = hosts.count
        let next = selected.map { (($0 + offset) % count + count) % count } ?? (offset > 0 ? 0 : count - 1)
        selected = next
        let chosen = hosts[next]
        return "\(chosen.host.name)/\(chosen.user ?? "")"
    }

    /// One line a host: its name, gh's active user there, and whether the app is on it.
    var lines: [String] {
        hosts.map { known in
            var line = known.host.name
            if let user = known.user { line += " \u{00B7} \(user)" }
            if known.host == current { line += "  " + tr("ownerPrompt.hosts.current") }
            return Sanitizer.line(line)
        }
    }
}
