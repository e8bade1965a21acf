/// A tab of the repository view, by name: what the tab bar calls it and how the list (`i`), links and
/// the app ask for it. Each tab declares its own constant beside its presenter (`RepoTab.overview` in
/// `Overview/`); the order of the tab bar is `RepoTabs.make`'s.
public struct RepoTab: Hashable, Sendable {
    /// Tells tabs apart.
    let id: String
    /// The tab's name in the tab bar, in the user's language.
    private let name: @Sendable () -> String

    init(id: String, name: @escaping @Sendable () -> String) {
        self.id = id
        self.name = name
    }

    /// The tab's name in the tab bar.
    var title: String { name() }

    public static func == (left: RepoTab, right: RepoTab) -> Bool { left.id == right.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
