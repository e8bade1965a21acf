import Foundation
import GitHubEntities
import Testing
import TestSupport

/// Trees, folder listings, file contents and releases from the real recordings.
@Suite("Trees, contents and releases decode")
struct FilesAndReleasesDecodingTests {
    @Test func recordedRecursiveTree() throws {
        let body = Fixtures.interactions(Fixtures.Name.railsAdminTree)[1].body
        let tree = try JSONDecoder().decode(GitTree.self, from: body)
        #expect(tree.sha == "3cdfabd973bc3caac209cba903cfdb3bf6636bcd")
        #expect(!tree.isTruncated)
        #expect(tree.entries.count == 326)
        #expect(tree.entries.filter { $0.kind == .folder }.count == 70)
        #expect(tree.entries.filter { $0.kind == .file }.count == 254)
        // Mode 120000: two symbolic links of the dummy app.
        #expect(tree.entries.filter { $0.kind == .symlink }.map(\.path) == ["spec/dummy_app/config/locales", "spec/dummy_app/public"])
        let readme = try #require(tree.entries.first { $0.path == "README.mkd" })
        #expect(readme == GitTreeEntry(path: "README.mkd", kind: .file, sha: "94616fa57520ac8147522c7cf9f03d555595c5ea", size: 25325))
        let folder = try #require(tree.entries.first { $0.path == "app/controllers" })
        #expect(folder.kind == .folder && folder.size == nil && folder.name == "controllers")
    }

    @Test func recordedTopLevelTree() throws {
        let tree = try JSONDecoder().decode(GitTree.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminTree))
        #expect(tree.entries.map(\.name) == [".gitignore", ".rspec", ".yardopts", "Gemfile", "LICENSE.mkd", "README.mkd",
                                             "Rakefile", "app", "config", "lib", "public", "rails_admin.gemspec",
                                             "screenshots", "spec"])
    }

    @Test func truncatedTreeAndBadEntries() throws {
        let json = #"""
        {"sha":"t","truncated":true,"tree":[{"path":"a","type":"blob","sha":"1","size":-5,"mode":"100644"},
          {"path":"l","type":"blob","sha":"2","mode":"120000"},{"path":"m","type":"commit","sha":"3"},
          {"type":"blob","sha":"4"},{"path":"x","type":"weird","sha":"5"},7,null,{"path":"","type":"tree","sha":"6"}]}
        """#
        let tree = try JSONDecoder().decode(GitTree.self, from: Data(json.utf8))
        #expect(tree.isTruncated)
        #expect(tree.entries == [GitTreeEntry(path: "a", kind: .file, sha: "1", size: 0),
                                 GitTreeEntry(path: "l", kind: .symlink, sha: "2"),
                                 GitTreeEntry(path: "m", kind: .submodule, sha: "3")])
    }

    @Test func recordedFolderListing() throws {
        let listing = try JSONDecoder().decode(FolderListing.self, from: Fixtures.recordedBody(Fixtures.Name.helloWorldContents))
        #expect(listing.entries == [GitTreeEntry(path: "README.md", kind: .file, sha: "93a078d1c3f76aa1ca11def8f882a06df1d4a01b", size: 13)])
    }

    @Test func recordedBlobAndContentsFile() throws {
        let blob = try JSONDecoder().decode(FileContent.self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminReadmeBlob))
        #expect(blob.sha == "94616fa57520ac8147522c7cf9f03d555595c5ea")
        #expect(blob.size == 25325 && blob.bytes.count == 25325)
        #expect(String(decoding: blob.bytes.prefix(22), as: UTF8.self) == "RailsAdmin\n==========\n")
        let file = try JSONDecoder().decode(FileContent.self, from: Fixtures.recordedBody(Fixtures.Name.octokitContentsFile))
        #expect(file.size == 625 && file.bytes.count == 625)
        #expect(String(decoding: file.bytes.prefix(15), as: UTF8.self) == "require 'netrc'")
    }

    @Test func recordedReleases() throws {
        let releases = try JSONDecoder().decode([Release].self, from: Fixtures.recordedBody(Fixtures.Name.releases))
        #expect(releases.map(\.tagName) == ["untagged-a748ca05216e3dcb4e53", "untagged-4d73c4bc0bd7002949e1",
                                            "untagged-d996586c05efc04513ab", "test-tag"])
        #expect(releases[0].isDraft && releases[0].publishedAt == nil && releases[0].date != nil && releases[0].body == "")
        #expect(!releases[3].isDraft)
        let latest = try JSONDecoder().decode(Release.self, from: Fixtures.interactions(Fixtures.Name.releases)[2].body)
        #expect(latest.tagName == "v3.7.1" && latest.name == "")
        #expect(latest.body.hasPrefix("- #543 Properly paginate PR comments"))
        #expect(latest.publishedAt == GitHubDate.parse("2015-02-13T14:39:19Z"))
        #expect(latest.htmlURL == "https://github.com/octokit/octokit.rb/releases/tag/v3.7.1")
    }

    @Test func recordedAssets() throws {
        let assets = try JSONDecoder().decode([ReleaseAsset].self, from: Fixtures.interactions(Fixtures.Name.releaseAssets)[1].body)
        #expect(assets == [ReleaseAsset(id: 1000, name: "test-upload.txt", label: "test", contentType: "text/plain", size: 14,
                                        downloadCount: 42,
                                        downloadURL: "https://github.com/octokit-fixture-org/release-assets/releases/download/v1.0.0/test-upload.txt")])
    }
}
