import Foundation

/// What `GET …/logs` asks for, read from its query as App Services takes it: `type` (log types,
/// comma-separated or repeated), `errors_only` (present: error entries only, whatever its
/// value), `user_id`, `co_id`, `start_date` (exclusive), `end_date` (inclusive, now when
/// absent), `skip` and `limit`. A value that cannot be taken is 400 naming the parameter.
///
///     let query = try AppLogQuery { request.uri.queryParameters.getAll($0) }
struct AppLogQuery: Sendable, Equatable {
    /// The App Services log types asked for; nil for all.
    var types: Set<String>?
    var errorsOnly = false
    var userId: String?
    var correlationId: String?
    var start: AppLogInstant?
    var end: AppLogInstant?
    var skip = 0
    var limit = AppLogQuery.maxLimit

    /// The most entries one answer holds, and the default: App Services' page.
    static let maxLimit = 100
    /// The most entries `skip` may pass over: a deeper page is reached by `end_date`.
    static let maxSkip = 10_000
    /// The most log types one query names.
    static let maxTypes = 50

    init() {}

    /// `values(name)`: every value the query gives the parameter `name`.
    init(_ values: (String) -> [String]) throws(AdminResourceError) {
        if !values("type").isEmpty {
            var types: Set<String> = []
            for value in values("type").prefix(Self.maxTypes + 1) {
                for name in value.split(separator: ",", maxSplits: Self.maxTypes + 1).prefix(Self.maxTypes + 1) where !name.isEmpty {
                    let name = name.trimmingCharacters(in: .whitespaces)
                    guard AppLogKind.types.contains(name) else { throw .invalid("type", "names no log type: '\(name.prefix(40))'") }
                    types.insert(name)
                }
            }
            guard types.count <= Self.maxTypes else { throw .invalid("type", "names more than \(Self.maxTypes) log types") }
            self.types = types
        }
        errorsOnly = !values("errors_only").isEmpty
        userId = values("user_id").first
        correlationId = values("co_id").first
        start = try Self.instant(values("start_date").first, "start_date")
        end = try Self.instant(values("end_date").first, "end_date")
        skip = try Self.count(values("skip").first, "skip", in: 0...Self.maxSkip) ?? 0
        limit = try Self.count(values("limit").first, "limit", in: 1...Self.maxLimit) ?? Self.maxLimit
    }

    private static func instant(_ text: String?, _ field: String) throws(AdminResourceError) -> AppLogInstant? {
        guard let text else { return nil }
        guard let instant = AppLogInstant(iso: text) else { throw .invalid(field, "is not an ISO 8601 date") }
        return instant
    }

    private static func count(_ text: String?, _ field: String, in range: ClosedRange<Int>) throws(AdminResourceError) -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .invalid(field, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
