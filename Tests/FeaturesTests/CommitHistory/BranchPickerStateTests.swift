import Foundation
import GitHubEntities
import Testing
import TestSupport
@testable import Features

@Suite("Branch picker state")
struct BranchPickerStateTests {
    @Test("the default branch first, then by name; the shown one selected; names sanitized, given back as they were")
    func choices() throws {
        let branches = [Branch(name: "zeta", commitSHA: "1"), Branch(name: "Alpha", commitSHA: "2"),
                        Branch(name: "main", commitSHA: "3", isProtected: true), Branch(name: "evil\u{1B}[2J", commitSHA: "4")]
        var picker = BranchPickerState(branches: branches, defaultBranch: "main", current: nil)
        #expect(picker.choices.map(\.name) == ["main", "Alpha", "evil\u{1B}[2J", "zeta"])
        #expect(picker.choices.map(\.label) == ["main", "Alpha", "evil[2J", "zeta"])
        #expect(picker.choices[0].isDefault && picker.choices[0].isProtected && picker.choices[0].isCurrent)
        #expect(picker.chosenBranch == "main")
        picker.move(by: 2)
        #expect(picker.chosenBranch == "evil\u{1B}[2J")
        picker.move(by: 10)
        #expect(picker.chosenBranch == "zeta")
        picker = BranchPickerState(branches: branches, defaultBranch: "main", current: "zeta")
        #expect(picker.viewport.selection == 3)
        #expect(picker.choices.filter(\.isCurrent).map(\.name) == ["zeta"])
        picker.resize(to: 2)
        #expect(picker.visibleChoices.map(\.name) == ["evil\u{1B}[2J", "zeta"])
        #expect(BranchPickerState(branches: [], defaultBranch: nil, current: nil).chosenBranch == nil)
    }

    @Test("the recorded (derived) branches of rails_admin")
    func recorded() throws {
        let branches = try JSONDecoder().decode([Branch].self, from: Fixtures.recordedBody(Fixtures.Name.railsAdminBranches))
        let picker = BranchPickerState(branches: branches, defaultBranch: "master", current: nil)
        #expect(picker.choices.map(\.label) == ["master", "rails-3.0", "rails-3.x"])
    }
}
