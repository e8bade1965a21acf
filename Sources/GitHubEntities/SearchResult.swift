/// One page of a search (`/search/repositories`, `/search/issues`): the count of all matches, whether
/// GitHub stopped searching early, and this page's items.
///
/// Strict on the envelope, tolerant per item, like the lists elsewhere: an answer that is not an object,
/// or whose `total_count`, `incomplete_results` or `items` has the wrong type, is not a search page and
/// fails; an absent or null field is its default; an item that does not decode is left out, not the page.
public struct SearchPage<Item: Decodable & Sendable>: Sendable, Decodable {
    public var totalCount: Int
    public var incompleteResults: Bool
    public var items: [Item]

    public init(totalCount: Int, incompleteResults: Bool, items: [Item]) {
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
        items = try c.decodeIfPresent(LenientList<Item>.self, forKey: .items)?.items ?? []
    }
}

extension SearchPage: Equatable where Item: Equatable {}
