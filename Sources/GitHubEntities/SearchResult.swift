/// One page of `/search/repositories`.
public struct RepositorySearchPage: Sendable, Equatable, Decodable {
    public var totalCount: Int
    public var incompleteResults: Bool
    public var items: [Repository]

    public init(totalCount: Int, incompleteResults: Bool, items: [Repository]) {
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.items = items
    }

    private enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case incompleteResults = "incomplete_results"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = try c.decodeIfPresent(Int.self, forKey: .totalCount) ?? 0
        incompleteResults = try c.decodeIfPresent(Bool.self, forKey: .incompleteResults) ?? false
        items = try c.decodeIfPresent([Repository].self, forKey: .items) ?? []
    }
}
