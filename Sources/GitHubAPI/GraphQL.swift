import Foundation

/// A GraphQL answer: its `data` in the shape the query asked for, and its `errors`.
struct GraphQLAnswer<Shape: Decodable>: Decodable {
    var data: Shape?
    var errors: [GraphQLErrorItem]?
}

/// One entry of a GraphQL answer's `errors`: GitHub's `type` (`RATE_LIMITED`, `NOT_FOUND`…, absent for a
/// query GitHub could not run, such as one naming an unknown field) and its message.
struct GraphQLErrorItem: Decodable, Sendable, Equatable {
    struct Extensions: Decodable, Sendable, Equatable {
        var code: String?
    }

    var type: String?
    var message: String?
    var extensions: Extensions?

    init(type: String? = nil, message: String? = nil, code: String? = nil) {
        self.type = type
        self.message = message
        extensions = code.map { Extensions(code: $0) }
    }

    /// A field the server's schema does not have (an older GitHub Enterprise Server than the query was
    /// written for): `extensions.code` `undefinedField`, or GitHub's "Field 'x' doesn't exist on type 'Y'".
    var namesUnknownField: Bool {
        extensions?.code == "undefinedField"
            || (message.map { $0.hasPrefix("Field '") && $0.contains("' doesn't exist on type '") } ?? false)
    }
}

extension GitHubClient {
    /// POSTs a GraphQL query and gives its `data`, read as `Shape`, with the exchange it came in. An
    /// answer without `data` throws what its `errors` say (`graphQLError`). An answer with both (a
    /// repository among many that GitHub does not know) gives the data: the caller reads the nulls.
    func graphQL<Shape: Decodable>(_ query: String, as shape: Shape.Type) async throws -> (Shape, Fetched) {
        let fetched = try await exchange(method: "POST", url: graphQLURL,
                                         body: try JSONEncoder().encode(["query": query]), isQuery: true)
        let answer = try Self.decode(GraphQLAnswer<Shape>.self, from: fetched.response.body)
        guard let data = answer.data else { throw graphQLError(answer.errors ?? [], of: fetched.response) }
        return (data, fetched)
    }

    /// The one reading of a GraphQL answer's `errors` (an error naming an unknown field marks the
    /// server's GraphQL as older than the queries: `graphQLLacksFields`, REST from then on where the
    /// client can): `RATE_LIMITED` is `rateLimited` until the reset
    /// the headers give (the GraphQL bucket is then blocked until then); errors that are all
    /// `NOT_FOUND` are `notFound`; anything else (an unknown field, a query GitHub could not parse, no
    /// errors at all) is `http` with the answer's status and the first error's message.
    func graphQLError(_ errors: [GraphQLErrorItem], of response: HTTPResponse) -> GitHubError {
        if errors.contains(where: \.namesUnknownField) { noteGraphQLLacksFields() }
        if errors.contains(where: { $0.type == "RATE_LIMITED" }) {
            let reset = RateLimit(response: response)?.reset
            if let reset { blockGraphQL(until: reset) }
            return .rateLimited(resetAt: reset)
        }
        if !errors.isEmpty, errors.allSatisfy({ $0.type == "NOT_FOUND" }) { return .notFound }
        return .http(status: response.statusCode, message: errors.first?.message.map { GitHubError.printable($0) })
    }
}
