@testable import DemoData
import Foundation
import GitHubEntities
import ImageDecoding
import SyntaxHighlighting
import Testing

/// The bundled demo answers (Resources/Demo, built by scripts/make-demo-data.py).
@Suite struct DemoDataTests {
    private struct Answer: Decodable {
        var path: String
        var status: Int
        var source: [String: String]?
    }

    private struct Repository: Decodable {
        var full_name: String
        var owner: Owner
        struct Owner: Decodable { var login: String; var avatar_url: String? }
    }

    private func directory() throws -> URL { try #require(DemoData.directory) }

    @Test("the demo folder is found where SwiftPM's Bundle.module finds it: the bundle beside the binary")
    func foundBesideTheBinary() throws {
        #expect(Bundle.module.bundleURL.lastPathComponent == DemoData.bundleName)
        let expected = try #require(Bundle.module.url(forResource: "Demo", withExtension: nil))
        #expect(try directory().standardizedFileURL.path == expected.standardizedFileURL.path)
    }

    private func answer(_ name: String) throws -> (answer: Answer, body: Data) {
        let data = try Data(contentsOf: directory().appendingPathComponent(name))
        let answer = try JSONDecoder().decode(Answer.self, from: data)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let body = try JSONSerialization.data(withJSONObject: try #require(object["body"]), options: [.fragmentsAllowed])
        return (answer, body)
    }

    private func repositories() throws -> [Repository] {
        try ["repos-sferik.json", "repos-codeforamerica.json", "repos-demo-unicode.json"].flatMap {
            try JSONDecoder().decode([Repository].self, from: answer($0).body)
        }
    }

    @Test func everyRepositoryHasThreeRealLookingCommits() throws {
        let repositories = try repositories()
        #expect(repositories.count == 66)
        for repository in repositories {
            let parts = repository.full_name.split(separator: "/")
            let file = "commits-\(parts[0])-\(parts[1]).json"
            let (answer, body) = try answer(file)
            #expect(answer.path == "/repos/\(repository.full_name)/commits")
            let commits = try JSONDecoder().decode([Commit].self, from: body)
            #expect(commits.count == 3, "\(file)")
            #expect(Set(commits.map(\.sha)).count == 3)
            for commit in commits {
                #expect(commit.sha.count == 40 && commit.sha.allSatisfy(\.isHexDigit), "\(file)")
                #expect(!commit.shortSHA.hasPrefix("0000000"), "\(file)")
                #expect(!commit.summary.isEmpty && commit.date != nil, "\(file)")
            }
            // Newest first, as the API answers.
            let dates = commits.compactMap(\.date)
            #expect(dates == dates.sorted(by: >), "\(file)")
            if repository.full_name != "sferik/rails_admin" {
                #expect(answer.source?["note"]?.contains("made-up") == true, "\(file) must say it is made up")
                #expect(commits.allSatisfy { $0.message.hasSuffix("(Made-up demo commit: github-tui --demo.)") })
                #expect(commits.allSatisfy { $0.htmlURL == nil })
            }
        }
    }

    @Test func recordedCommitsStayRecorded() throws {
        let (answer, body) = try answer("commits-sferik-rails_admin.json")
        #expect(answer.source?["note"] == nil)
        let commits = try JSONDecoder().decode([Commit].self, from: body)
        #expect(commits.first?.sha == "d0af3380182ed7b991a9a23eae3c114b88fe0a14")
    }

    @Test func ownersHavePhotosTheDemoCanServe() throws {
        for login in ["sferik", "codeforamerica", "demo-unicode"] {
            let expected = "https://avatars.githubusercontent.com/demo/avatars/\(login).png"
            let owner = try JSONDecoder().decode(Repository.Owner.self, from: answer("user-\(login).json").body)
            #expect(owner.avatar_url == expected)
            let url = try #require(URL(string: expected))
            let file = try directory().appendingPathComponent(String(url.path.dropFirst("/demo/".count)))
            let image = try ImageDecoder.decode([UInt8](Data(contentsOf: file)))
            #expect(image.width == 64 && image.height == 64)
            // An identicon: two colours, the light grey margin and one foreground.
            #expect(image.pixel(x: 0, y: 0) == RGBA(r: 240, g: 240, b: 240))
            var colours = Set<RGBA>()
            for y in 0..<64 { for x in 0..<64 { if let p = image.pixel(x: x, y: y) { colours.insert(p) } } }
            #expect(colours.count == 2, "\(login)")
        }
        for repository in try repositories() {
            #expect(repository.owner.avatar_url == "https://avatars.githubusercontent.com/demo/avatars/\(repository.owner.login).png")
        }
    }

    private struct TreeEntry: Decodable { var path: String; var type: String; var sha: String }
    private struct Tree: Decodable { var tree: [TreeEntry] }

    /// The Files tab's bundled blobs (the recorded README, made-up sources, git's empty blob), by file.
    private func blobs() throws -> [(file: String, answer: Answer, content: FileContent)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory().path).filter { $0.hasPrefix("blob-") }.sorted()
        return try files.map { file in
            let (answer, body) = try answer(file)
            return (file, answer, try JSONDecoder().decode(FileContent.self, from: body))
        }
    }

    @Test("Every bundled blob decodes, is served at its own sha, and the tree names that sha")
    func blobsAreTheTreesFiles() throws {
        let tree = try JSONDecoder().decode(Tree.self, from: answer("tree-sferik-rails_admin.json").body)
        let treeSHAs = Set(tree.tree.filter { $0.type == "blob" }.map(\.sha))
        let blobs = try blobs()
        #expect(blobs.count >= 10)
        for (file, answer, content) in blobs {
            #expect(answer.status == 200 && answer.path == "/repos/sferik/active_admin/git/blobs/\(content.sha)", "\(file)")
            #expect(treeSHAs.contains(content.sha), "\(file): \(content.sha) is not in the tree")
            #expect(content.size == content.bytes.count, "\(file)")
            #expect(String(data: content.bytes, encoding: .utf8) != nil, "\(file)")
        }
        #expect(Set(blobs.map(\.content.sha)).count == blobs.count, "one answer per sha")
        // Git's empty blob is the one whose bytes are known without a recording.
        #expect(blobs.contains { $0.content.sha == "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391" && $0.content.bytes.isEmpty })
    }

    @Test("Every made-up file says so in its first line and is coloured by Source-highlight (several languages)")
    func madeUpFilesAreHighlighted() throws {
        let tree = try JSONDecoder().decode(Tree.self, from: answer("tree-sferik-rails_admin.json").body)
        let blobs = try blobs()
        var definitions = Set<String>()
        for (file, answer, content) in blobs where answer.source?["note"]?.hasPrefix("made-up") == true {
            let text = String(decoding: content.bytes, as: UTF8.self)
            #expect(text.split(separator: "\n").first?.contains("Made up for github-tui --demo") == true, "\(file)")
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect((4...80).contains(lineCount), "\(file): \(lineCount) lines")
            // Every path the tree gives this sha is read in a language Source-highlight has a definition for.
            for entry in tree.tree where entry.sha == content.sha {
                let name = String(entry.path.split(separator: "/").last ?? "")
                let definition = try #require(LanguageDefinitions.file(forFileName: name), "\(entry.path)")
                #expect(LanguageDefinitions.isInstalled(definition), "\(definition)")
                definitions.insert(definition)
                let highlighted = SourceHighlighter.highlight(content.bytes, language: LinguistLanguage.name(forFileName: name))
                #expect(highlighted.outcome == .highlighted, "\(entry.path)")
                let kinds = Set(highlighted.runs.joined().map(\.kind)).subtracting([.other, .symbol])
                #expect(kinds.count >= 2, "\(entry.path): \(kinds)")
            }
        }
        #expect(definitions.isSuperset(of: ["ruby.lang", "javascript.lang", "css.lang", "html.lang", "conf.lang"]), "\(definitions)")
        // The files a newcomer opens first.
        let bundled = Set(blobs.map(\.content.sha))
        let paths = Set(tree.tree.filter { bundled.contains($0.sha) }.map(\.path))
        #expect(paths.isSuperset(of: ["Gemfile", "Rakefile", "rails_admin.gemspec", "lib/rails_admin.rb", "config/routes.rb", "README.mkd"]))
    }

    @Test func madeUpFilesSaySo() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory().path).filter { $0.hasSuffix(".json") }
        for file in files {
            let (answer, _) = try answer(file)
            let source = answer.source ?? [:]
            // Either recorded (a cassette path) or a note saying what it is.
            #expect(source["path"] != nil || source["note"] != nil, "\(file)")
        }
    }
}
