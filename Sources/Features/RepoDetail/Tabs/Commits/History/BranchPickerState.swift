import GitHubEntities
import TerminalKit

/// The branch picker of the Commits tab, as a value: the repository's branches (the default branch
/// first, then by name), which one is shown, and the selection. Names are sanitized for drawing; the
/// branch chosen is given back as the API named it.
struct BranchPickerState: Equatable, Sendable {
    /// One line of the picker.
    struct Choice: Equatable, Sendable {
        /// The name as the API gave it (passed back to `commitHistory(branch:)`).
        var name: String
        /// The name as drawn.
        var label: String
        var isDefault: Bool
        var isProtected: Bool
        /// The branch whose history is shown.
        var isCurrent: Bool
    }

    private(set) var choices: [Choice]
    var viewport = Viewport()

    /// `current` nil: the default branch is shown.
    init(branches: [Branch], defaultBranch: String?, current: String?) {
        let shown = current ?? defaultBranch
        let sorted = branches.sorted { lhs, rhs in
            if (lhs.name == defaultBranch) != (rhs.name == defaultBranch) { return lhs.name == defaultBranch }
            return lhs.name.lowercased() < rhs.name.lowercased()
        }
        choices = sorted.map { branch in
            Choice(name: branch.name, label: Sanitizer.line(branch.name), isDefault: branch.name == defaultBranch,
                   isProtected: branch.isProtected, isCurrent: branch.name == shown)
        }
        viewport.select(choices.firstIndex(where: \.isCurrent) ?? 0, count: choices.count)
    }

    mutating func move(by rows: Int) {
        viewport.select(viewport.selection + rows, count: choices.count)
    }

    mutating func resize(to lines: Int) {
        viewport.resize(to: lines)
        viewport.ensureVisible(count: choices.count)
    }

    /// The visible choices, from `viewport.top`.
    var visibleChoices: ArraySlice<Choice> {
        let top = min(viewport.top, choices.count)
        return choices[top..<min(choices.count, top + viewport.height)]
    }

    /// The branch to show after Enter, by name (the default branch too: ask for its history by name,
    /// `sha=main`, so that it is stored under one key whichever way it was chosen).
    var chosenBranch: String? {
        choices.indices.contains(viewport.selection) ? choices[viewport.selection].name : nil
    }
}
