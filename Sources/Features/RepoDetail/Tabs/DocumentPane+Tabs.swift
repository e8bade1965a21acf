/// What a tab does with its document's answer to a key (the README, a release, a commit, a thread):
/// the status the document has to say goes to the frame, the link it chose to the link follower.
extension DocumentPane.Outcome {
    /// Says the status on `host`, follows the link with `follow`; false when the document did not take
    /// the key (the tab's own meaning applies).
    @MainActor
    func settle(host: (any RepoViewHost)?, follow: ((String) -> Void)?) -> Bool {
        switch self {
        case .notTaken:
            return false
        case .taken(let status):
            if let status { host?.setStatus(status) }
        case .follow(let url):
            follow?(url)
        }
        return true
    }
}
