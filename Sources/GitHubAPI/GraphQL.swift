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

/// A GraphQL variable's value: what the queries pass (untrusted text goes as a variable, never into the
/// query's text).
enum GraphQLVariable: Encodable, Equatable, Sendable {
    case string(String)
    case int(Int)
    case null

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .int(let number): try container.encode(number)
        case .null: try container.encodeNil()
        }
    }
}

/// A GraphQL request's body with variables.
private struct GraphQLRequestBody: Encodable {
    var query: String
    var variables: [String: GraphQLVariable]
}

extension GitHubClient {
    /// POSTs a GraphQL query and gives its `data`, read as `Shape`, with the exchange it came in. An
    /// answer without `data` throws what its `errors` say (`graphQLError`). An answer with both (a
    /// repository among many that GitHub does not know) gives the data: the caller reads the nulls.
    func graphQL<Shape: Decodable>(_ query: String, variables: [String: GraphQLVariable] = [:],
                                   as shape: Shape.Type) async throws -> (Shape, Fetched) {
        let (answer, fetched) = try await graphQLAnswer(query, variables: variables, isQuery: true, as: shape)
        guard let data = answer.data else { throw graphQLError(answer.errors ?? [], of: fetched.response) }
        return (data, fetched)
    }

    /// POSTs a GraphQL query or mutation (`isQuery` false: never repeated after a 5xx) with its
    /// variables and gives the whole answer, `data` and `errors`: a mutation's payload is null beside
    /// the errors that say why.
    func graphQLAnswer<Shape: Decodable>(_ query: String, variables: [String: GraphQLVariable], isQuery: Bool,
                                         as shape: Shape.Type) async throws -> (GraphQLAnswer<Shape>, Fetched) {
        let body = variables.isEmpty ? try JSONEncoder().encode(["query": query])
            : try JSONEncoder().encode(GraphQLRequestBody(query: query, variables: variables))
        let fetched = try await exchange(method: "POST", url: graphQLURL, body: body, keepsValidators: isQuery, isQuery: isQuery)
        return (try Self.decode(GraphQLAnswer<Shape>.self, from: fetched.response.body), fetched)
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
