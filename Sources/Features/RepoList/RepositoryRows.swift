import Foundation
import GitHubEntities

/// The owner's repositories in one order, without a copy of them: the rows as the store delivered
/// them (the same array the store's snapshot holds) and, for each position, the index of its row.
/// A copy of the rows costs a `Repository` a row; an order costs 4 bytes a row (docs/performance.md).
struct RepositoryRows: RandomAccessCollection, Sendable {
    /// The rows, in the order they came in.
    let rows: [Repository]
    private let order: [Int32]

    /// The rows in their own order.
    init(_ rows: [Repository] = []) {
        self.init(rows: rows, order: Array(0..<Int32(clamping: rows.count)))
    }

    private init(rows: [Repository], order: [Int32]) {
        self.rows = rows
        self.order = order
    }

    var startIndex: Int { 0 }
    var endIndex: Int { order.count }

    subscript(position: Int) -> Repository { rows[Int(order[position])] }

    /// The same order over `equalRows`, an array equal to `rows` (the same rows read again); nil when
    /// it holds another number of rows, which this order does not fit.
    func onto(_ equalRows: [Repository]) -> RepositoryRows? {
        guard equalRows.count == rows.count else { return nil }
        return RepositoryRows(rows: equalRows, order: order)
    }

    /// Only the repositories `isIncluded` accepts, in this order.
    func filtered(_ isIncluded: (Repository) -> Bool) -> RepositoryRows {
        RepositoryRows(rows: rows, order: order.filter { isIncluded(rows[Int($0)]) })
    }

    /// The rows sorted by `key` (each row's key computed once), ties broken by id so every order is
    /// total: sorting an already sorted list gives what sorting the original gives.
    static func sorted<Key: Comparable>(_ rows: [Repository], descending: Bool = false,
                                        by key: (Repository) -> Key) -> RepositoryRows {
        let keys = rows.map(key)
        let ids = rows.map(\.id)
        let order = Array(0..<Int32(clamping: rows.count)).sorted { a, b in
            let ka = keys[Int(a)], kb = keys[Int(b)]
            if ka == kb { return ids[Int(a)] < ids[Int(b)] }
            return descending ? ka > kb : ka < kb
        }
        return RepositoryRows(rows: rows, order: order)
    }
}
