import Foundation

extension FakeGitHubServer {
    /// Serves `GET path` (exact, percent-decoded, query ignored) with `json`, with an ETag like every answer.
    public func addAnswer(path: String, json: Data) {
        core.addAnswer(path: path, json: json)
    }

    /// Serves a release asset's bytes at `path` (exact), honouring `Range` (206, 416), outside the API.
    public func addAsset(path: String, bytes: Data) {
        core.addAsset(path: path, bytes: bytes)
    }

    /// Serves `GET /repos/{owner}/{repo}/releases` with `releases` (encoded release objects), paged.
    public func addReleases(owner: String, repo: String, releases: [Data]) {
        core.addReleases(owner: owner, repo: repo, releases: releases)
    }

    /// The recorded rails_admin tree at 3cdfabd (as `master` and as the sha, recursive) and the blob
    /// of its README.mkd, under `owner/repo`; the recorded octokit.rb releases (four listed, the latest
    /// and one by tag) as that repository's.
    public func addRecordedContents(owner: String = "sferik", repo: String = "rails_admin") {
        let tree = Fixtures.interactions(Fixtures.Name.railsAdminTree)[1].body
        let base = "/repos/\(owner)/\(repo)"
        addAnswer(path: "\(base)/git/trees/master", json: tree)
        addAnswer(path: "\(base)/git/trees/3cdfabd973bc3caac209cba903cfdb3bf6636bcd", json: tree)
        // `Accept: application/vnd.github.sha`: the commit id as text (the recorded tree is 3cdfabd's).
        addAnswer(path: "\(base)/commits/master", json: Data("3cdfabd973bc3caac209cba903cfdb3bf6636bcd".utf8))
        let blob = Fixtures.recordedBody(Fixtures.Name.railsAdminReadmeBlob)
        addAnswer(path: "\(base)/git/blobs/94616fa57520ac8147522c7cf9f03d555595c5ea", json: blob)
        let interactions = Fixtures.interactions(Fixtures.Name.releases)
        addReleases(owner: owner, repo: repo, releases: [interactions[2].body, interactions[3].body]
                    + Fixtures.recordedItems(Fixtures.Name.releases))
    }
}
