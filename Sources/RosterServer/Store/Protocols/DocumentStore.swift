/// The documents of the data-access API, custom user data among them.
protocol DocumentStore: Sendable {
    func document(_ selector: DocumentSelector) async throws -> DocumentRecord?
    /// Replaces the body of the selected document, or inserts `record` when none matches.
    func replaceDocument(_ selector: DocumentSelector, with record: DocumentRecord) async throws
    /// The documents of the scope, in key order, that `select` turns into a value (nil skips
    /// one), at most `limit` of them; `select` runs as rows are read, so a query that stops
    /// early reads no further.
    func documents<Selected: Sendable>(
        _ scope: DocumentScope, limit: Int, _ select: @escaping @Sendable (DocumentRecord) throws -> Selected?
    ) async throws -> [Selected]
    /// How many documents of the scope `matches`.
    func countDocuments(_ scope: DocumentScope, _ matches: @escaping @Sendable (DocumentRecord) throws -> Bool) async throws -> Int
    /// Selects documents of the scope as `documents` does, lets `change` decide what to write,
    /// and writes it, all in one transaction, so concurrent updates never lose each other's
    /// changes.
    func changeDocuments<Selected: Sendable, T: Sendable>(
        _ scope: DocumentScope, limit: Int, select: @escaping @Sendable (DocumentRecord) throws -> Selected?,
        _ change: @escaping @Sendable ([Selected]) throws -> (DocumentWrites, T)
    ) async throws -> T
    /// Keeps `owner` of the collection's documents as the value of `field`: recorded once, and
    /// every document re-read when the field changes (a configuration that names another).
    func indexOwners(_ owner: OwnerField) async throws
}
