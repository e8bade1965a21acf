import Foundation
import GitHubEntities
import Testing
@testable import Features

@Suite("RepositoryRows")
struct RepositoryRowsTests {
    /// Names with ties, case differences and non-ASCII; dates and stars with ties and nils.
    static let rows: [Repository] = (0..<200).map { i in
        let names = ["alpha", "Beta", "beta", "Ärger", "zeta", "日本語", "émoji🚀", "Alpha"]
        return Repository(id: Int64((i * 7919) % 1000), name: names[i % names.count] + (i % 3 == 0 ? "" : "-\(i % 5)"),
                          fullName: "o/x", ownerLogin: "o", stargazersCount: (i * 31) % 17,
                          updatedAt: i % 6 == 0 ? nil : Date(timeIntervalSince1970: Double((i * 13) % 40) * 3600))
    }

    /// What the presenter sorted before the orders were indices: whole copies, sorted by value.
    static func reference(_ rows: [Repository], _ order: RepoListSortOrder) -> [Repository] {
        switch order {
        case .name:
            rows.sorted { a, b in
                let ka = a.name.lowercased(), kb = b.name.lowercased()
                return ka == kb ? a.id < b.id : ka < kb
            }
        case .updated:
            rows.sorted { a, b in
                let da = a.updatedAt ?? .distantPast, db = b.updatedAt ?? .distantPast
                return da == db ? a.id < b.id : da > db
            }
        case .stars:
            rows.sorted { a, b in
                a.stargazersCount == b.stargazersCount ? a.id < b.id : a.stargazersCount > b.stargazersCount
            }
        }
    }

    @Test("each order is the reference sort, and sorting a sorted list gives the same", arguments: RepoListSortOrder.allCases)
    func sortsLikeTheReference(order: RepoListSortOrder) {
        let sorted = RepoListModel.sort(Self.rows, by: order)
        #expect(Array(sorted) == Self.reference(Self.rows, order))
        for other in RepoListSortOrder.allCases {
            let again = RepoListModel.sort(Array(RepoListModel.sort(Self.rows, by: other)), by: order)
            #expect(Array(again) == Array(sorted), "\(other) then \(order)")
        }
    }

    @Test("an order holds the rows it was made from, not a copy of them")
    func sharesTheRows() {
        let sorted = RepoListModel.sort(Self.rows, by: .stars)
        let filtered = sorted.filtered { $0.stargazersCount > 8 }
        Self.rows.withUnsafeBufferPointer { original in
            sorted.rows.withUnsafeBufferPointer { #expect($0.baseAddress == original.baseAddress) }
            filtered.rows.withUnsafeBufferPointer { #expect($0.baseAddress == original.baseAddress) }
        }
        #expect(Array(filtered) == Array(sorted).filter { $0.stargazersCount > 8 })
    }

    @Test("an order moved onto the same rows read again keeps its order and takes the new array")
    func movesOntoEqualRows() throws {
        let sorted = RepoListModel.sort(Self.rows, by: .name)
        let again = Self.rows.map { $0 } + []
        let moved = try #require(sorted.onto(again))
        #expect(sorted.onto(Array(again.dropLast())) == nil, "an order does not fit another number of rows")
        #expect(Array(moved) == Array(sorted))
        again.withUnsafeBufferPointer { fresh in
            moved.rows.withUnsafeBufferPointer { #expect($0.baseAddress == fresh.baseAddress) }
        }
    }

    @Test("empty and identity orders")
    func emptyAndIdentity() {
        #expect(RepositoryRows().isEmpty)
        #expect(Array(RepositoryRows(Self.rows)) == Self.rows)
        #expect(RepoListModel.sort([], by: .name).isEmpty)
    }
}
