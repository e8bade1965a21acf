import Foundation
import GitHubEntities
import Testing
@testable import AppCore

@Suite("git clone")
@MainActor
struct GitClonerTests {
    /// A bare repository with one commit, in a temporary folder.
    func makeBareRepository(in directory: URL) throws -> URL {
        let work = directory.appendingPathComponent("work")
        let bare = directory.appendingPathComponent("origin.git")
        let environment = ["PATH": "/usr/bin:/bin", "HOME": directory.path,
                           "GIT_AUTHOR_NAME": "T", "GIT_AUTHOR_EMAIL": "t@example.com",
                           "GIT_COMMITTER_NAME": "T", "GIT_COMMITTER_EMAIL": "t@example.com"]
        for arguments in [["init", "-q", work.path], ["-C", work.path, "commit", "-q", "--allow-empty", "-m", "first"],
                          ["clone", "-q", "--bare", work.path, bare.path]] {
            #expect(GitCloner.runInForeground(["/usr/bin/git"] + arguments, environment: environment) == 0)
        }
        return bare
    }

    @Test("Clones into ROOT/HOST/OWNER/REPO with the terminal handed over, then says it is there")
    func clonesLocally() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-clone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bare = try makeBareRepository(in: directory)
        var handedOver = 0
        let cloner = GitCloner(root: directory.appendingPathComponent("src").path,
                               environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path],
                               cloneURL: { _ in bare.absoluteString },
                               handOver: { body in handedOver += 1; return body() })
        let repository = Repository(id: 1, name: "r", fullName: "o/r", ownerLogin: "o", htmlURL: "https://github.com/o/r")
        let target = directory.appendingPathComponent("src/github.com/o/r").path
        #expect(cloner.directory(for: repository) == target)
        #expect(!cloner.isCloned(repository))
        #expect(cloner.clone(repository) == .cloned(path: target))
        #expect(handedOver == 1)
        #expect(cloner.isCloned(repository))
        #expect(cloner.clone(repository) == .alreadyCloned(path: target))
        #expect(handedOver == 1)
    }

    @Test("The directory is ROOT/HOST/OWNER/REPO for every kind of web address, as NSString's path rules make it")
    func directories() {
        let addresses = ["https://github.com/o/r", "https://ghe.example.com:8443/o/r", "http://127.0.0.1:9/o/r?x#y",
                         "https://user@host.example/o/r", "", "not a url", "https://github.com", "https://a.example?q=/b",
                         "https://b.example#x/y", "mailto:x@y", "https:/one-slash/o/r", "file:///tmp/o/r"]
        for root in ["/home/me/src", "/src/", "/", "relative/src"] {
            let cloner = GitCloner(root: root, environment: [:], handOver: { $0() })
            for address in addresses {
                for (owner, name) in [("o", "r"), ("", "r"), ("o", "a/b")] {
                    let repository = Repository(id: 1, name: name, fullName: "\(owner)/\(name)", ownerLogin: owner, htmlURL: address)
                    let host = URL(string: address)?.host ?? "github.com"
                    let expected = [root, host, owner, name].reduce("") { ($0 as NSString).appendingPathComponent($1) }
                    #expect(cloner.directory(for: repository) == expected, "\(root) \(address) \(owner)/\(name)")
                    #expect(cloner.directory(for: repository) == expected, "asked twice")
                }
            }
        }
    }

    @Test("A failed clone says so; only web pages give a clone address")
    func failures() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-clone-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cloner = GitCloner(root: directory.path, environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path],
                               cloneURL: { _ in directory.appendingPathComponent("missing.git").absoluteString },
                               handOver: { body in body() })
        let repository = Repository(id: 1, name: "r", fullName: "o/r", ownerLogin: "o", htmlURL: "https://github.com/o/r")
        if case .failed(let reason) = cloner.clone(repository) { #expect(reason.contains("status 128")) } else { Issue.record("cloned?") }
        var hostile = repository
        hostile.htmlURL = "--upload-pack=touch /tmp/x"
        #expect(GitCloner.cloneURL(for: hostile) == nil)
        #expect(GitCloner.cloneURL(for: repository) == "https://github.com/o/r.git")
    }
}
