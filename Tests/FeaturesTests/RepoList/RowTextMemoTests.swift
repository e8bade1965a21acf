import GitHubEntities
import Testing
@testable import Features

@Suite("List: row text kept between frames")
struct RowTextMemoTests {
    @Test("A repository seen before gives the same text; a changed one, or another naming, is formatted again")
    func memo() {
        var memo = RowTextMemo()
        var repository = Sample.repository(1, description: "first\u{1B}[31m words", language: "Swift")
        let first = memo.text(for: repository, naming: .name)
        #expect(first.row == RepositoryRowState(repository, naming: .name))
        #expect(first.languageColor == LanguageBadge.color(for: "Swift"))
        #expect(memo.text(for: repository, naming: .name).row == first.row)
        repository.description = "second"
        #expect(memo.text(for: repository, naming: .name).row.description == "second")
        #expect(memo.text(for: repository, naming: .fullName).row.name == "\(repository.ownerLogin)/\(repository.name)")
    }

    @Test("Past its capacity it starts over, and still answers right")
    func bounded() {
        var memo = RowTextMemo()
        for i in 0..<(RowTextMemo.capacity * 2 + 3) {
            let repository = Sample.repository(i)
            #expect(memo.text(for: repository, naming: .name).row.name == repository.name)
        }
    }
}
