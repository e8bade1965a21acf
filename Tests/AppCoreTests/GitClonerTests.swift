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
            #expect(ChildProcess.run(["/usr/bin/git"] + arguments, environment: environment, input: .nothing, output: .discarded)?.status == 0)
        }
        return bare
    }

    func temporaryFolder() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gh-tui-clone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("Clones into ROOT/HOST/OWNER/REPO with the terminal handed over, then says it is there")
    func clonesLocally() throws {
        let directory = try temporaryFolder()
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

    @Test("The directory is ROOT/HOST/OWNER/REPO for every kind of web address and root")
    func directories() throws {
        let addresses = ["https://github.com/o/r", "https://ghe.example.com:8443/o/r", "http://127.0.0.1:9/o/r?x#y",
                         "https://user@host.example/o/r", "", "not a url", "https://github.com", "https://a.example?q=/b",
                         "https://b.example#x/y", "mailto:x@y", "https:/one-slash/o/r", "file:///tmp/o/r"]
        for root in ["/home/me/src", "/src/", "/", "relative/src"] {
            let cloner = GitCloner(root: root, environment: [:], handOver: { $0() })
            for address in addresses {
                let repository = Repository(id: 1, name: "r", fullName: "o/r", ownerLogin: "o", htmlURL: address)
                let host = URL(string: address)?.host ?? "github.com"
                let expected = [root, host, "o", "r"].reduce("") { ($0 as NSString).appendingPathComponent($1) }
                #expect(cloner.directory(for: repository) == expected, "\(root) \(address)")
                #expect(cloner.directory(for: repository) == expected, "asked twice")
                #expect(try cloner.target(for: repository).get() == expected)
            }
        }
    }

    /// Hostile parts of the path: the repository's name, its owner, the host of its web address.
    static let hostile: [(owner: String, name: String, htmlURL: String, part: CloneRefusal.Part)] = [
        ("o", "..", "https://github.com/o/..", .name),
        ("o", ".", "https://github.com/o/.", .name),
        ("o", "", "https://github.com/o/", .name),
        ("o", "a/../../b", "https://github.com/o/a", .name),
        ("o", "../../../../../../tmp/x", "https://github.com/o/x", .name),
        ("o", "/etc", "https://github.com/o/x", .name),
        ("o", "-rf", "https://github.com/o/-rf", .name),
        ("o", "x\u{1B}]0;owned\u{7}", "https://github.com/o/x", .name),
        ("o", "x\u{0}y", "https://github.com/o/x", .name),
        ("o", String(repeating: "x", count: 300), "https://github.com/o/x", .name),
        ("..", "r", "https://github.com/../r", .owner),
        ("../..", "r", "https://github.com/x/r", .owner),
        ("", "r", "https://github.com/x/r", .owner),
        ("-o", "r", "https://github.com/x/r", .owner),
        ("o", "r", "https://../o/r", .host),
        ("o", "r", "https://%2E%2E/o/r", .host),
    ]

    @Test("A hostile name, owner or host is refused before anything runs or is made, and the message says which and why")
    func hostileRefused() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = directory.appendingPathComponent("a/b/c/d/e/f/g/src").path
        var handedOver = 0
        let cloner = GitCloner(root: root, environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path],
                               cloneURL: { _ in directory.appendingPathComponent("missing.git").absoluteString },
                               handOver: { body in handedOver += 1; return body() })
        for (owner, name, address, part) in Self.hostile {
            let repository = Repository(id: 1, name: name, fullName: "\(owner)/\(name)", ownerLogin: owner, htmlURL: address)
            guard case .failure(let refusal) = cloner.target(for: repository) else {
                Issue.record("not refused: \(owner)/\(name) at \(address)"); continue
            }
            #expect(refusal.part == part, "\(owner)/\(name) at \(address)")
            guard case .failed(let message) = cloner.clone(repository) else {
                Issue.record("cloned: \(owner)/\(name)"); continue
            }
            #expect(message.hasPrefix("the "), "\(message)")
            #expect(message.contains("cannot be a folder name"))
            #expect(message.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F }, "\(message)")
            #expect(!cloner.isCloned(repository))
            // Where the overlay would show it: inside the root, no `..`, no control character.
            let shown = cloner.directory(for: repository)
            #expect(shown.hasPrefix(root + "/"))
            #expect(!shown.split(separator: "/").contains(".."))
            #expect(shown.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F })
        }
        #expect(handedOver == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root))
    }

    @Test("The message names the part and the reason, with the name made printable and cut short")
    func refusalMessage() {
        let name = CloneRefusal(part: .name, value: "../../tmp/x", reason: .separator)
        #expect(name.message == "the name cannot be a folder name (it contains a slash): “../../tmp/x”")
        let long = CloneRefusal(part: .owner, value: "\u{1B}]0;t\u{7}" + String(repeating: "y", count: 100), reason: .controlCharacter)
        #expect(long.message == "the owner cannot be a folder name (it contains control or invisible characters): “]0;t" + String(repeating: "y", count: 27) + "…”")
        #expect(CloneRefusal(part: .host, value: "..", reason: .dots).message == "the host cannot be a folder name (it is . or ..): “..”")
    }

    @Test("git's argument vector: --progress, then -- before the address and the path")
    func argumentVector() {
        #expect(GitCloner.arguments(git: "/usr/bin/git", url: "https://github.com/o/r.git", target: "/src/github.com/o/r")
                == ["/usr/bin/git", "clone", "--progress", "--", "https://github.com/o/r.git", "/src/github.com/o/r"])
    }

    @Test("A failed clone says so; only printable http(s) web pages give a clone address")
    func failures() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cloner = GitCloner(root: directory.path, environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path],
                               cloneURL: { _ in directory.appendingPathComponent("missing.git").absoluteString },
                               handOver: { body in body() })
        let repository = Repository(id: 1, name: "r", fullName: "o/r", ownerLogin: "o", htmlURL: "https://github.com/o/r")
        if case .failed(let reason) = cloner.clone(repository) { #expect(reason.contains("status 128")) } else { Issue.record("cloned?") }
        var hostile = repository
        for address in ["--upload-pack=touch /tmp/x", "ext::sh -c touch% /tmp/x", "file:///etc", "https://github.com/o/r\u{1B}]0;x\u{7}",
                        "https://github.com/o/r\nx", "https://github.com/o/r x", "https://github.com/o/ré", "https:///o/r"] {
            hostile.htmlURL = address
            #expect(GitCloner.cloneURL(for: hostile) == nil, "\(address)")
        }
        #expect(GitCloner.cloneURL(for: repository) == "https://github.com/o/r.git")
    }

    @Test("git's output reaches the terminal without control characters: lines and progress (\\r) kept, escapes gone")
    func outputFiltered() throws {
        let directory = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("fake-git")
        try Data("""
        #!/bin/sh
        printf "Cloning into '/src/x\\033]0;owned\\007'...\\n"
        printf 'Receiving objects:  50%%\\rReceiving objects: 100%%\\r\\n' >&2
        printf 'remote: \\033[2Jcleared\\033[31m red\\n' >&2
        printf 'last line, no newline \\233' >&2
        exit 3
        """.utf8).write(to: script)
        chmod(script.path, 0o755)
        var written: [UInt8] = []
        let status = GitCloner.runFiltered([script.path], environment: ["PATH": "/usr/bin:/bin"]) { written += $0 }
        #expect(status == 3)
        let text = String(decoding: written, as: UTF8.self)
        #expect(text == "Cloning into '/src/x]0;owned'...\nReceiving objects  [████████████            ]  50%\rReceiving objects  [████████████████████████]  100%\r\nremote: [2Jcleared[31m red\nlast line, no newline \u{FFFD}")
        #expect(!written.contains(0x1B) && !written.contains(0x07))
    }
}
