/// The documents of the data-access API, custom user data among them.
package protocol DocumentStore: Sendable {
    func document(_ selector: DocumentSelector) async throws -> DocumentRecord?
    /// Replaces the body of the selected document, or inserts `record` when none matches.
    func replaceDocument(_ selector: DocumentSelector, with record: DocumentRecord) async throws
    /// At most `count` documents of the scope in key order, those after the key `after` (from
    /// the first when nil). The connection is held only to read them: what a caller does with
    /// them (matching, sorting, a pipeline) runs after it is given back.
    func documentPage(_ scope: DocumentScope, after: String?, count: Int) async throws -> [DocumentRecord]
    /// Writes `writes` in one transaction when every document of `expected` (by key) still has
    /// the body it was read with; writes nothing and answers false when one changed or went
    /// meanwhile. The transaction does no user work: only the comparison and the writes.
    func applyDocumentWrites(_ scope: DocumentScope, expecting expected: [String: String], _ writes: DocumentWrites) async throws
        -> Bool
    /// Keeps `owner` of the collection's documents as the value of `field`: recorded once, and
    /// every document re-read when the field changes (a configuration that names another).
    func indexOwners(_ owner: OwnerField) async throws
    /// Every committed document change, for change streams: an insert, update or delete of
    /// `applyDocumentWrites`, a replacement of `replaceDocument`, published once committed.
    var changes: DocumentChangeHub { get }
}

extension DocumentStore {
    /// How many documents one read takes from the store.
    package static var pageSize: Int { 256 }

    /// The documents of the scope, in key order, that `select` turns into a value (nil skips
    /// one), at most `limit` of them. They are read a page at a time and `select` runs between
    /// reads, never while a database connection is held; a query that stops early reads no
    /// further, and a cancelled task stops at the next page.
    package func documents<Selected: Sendable>(
        _ scope: DocumentScope, limit: Int, _ select: @escaping @Sendable (DocumentRecord) throws -> Selected?
    ) async throws -> [Selected] {
        var selected: [Selected] = []
        guard limit > 0 else { return selected }
        var after: String?
        while true {
            try Task.checkCancellation()
            let page = try await documentPage(scope, after: after, count: Self.pageSize)
            for record in page {
                guard let value = try select(record) else { continue }
                selected.append(value)
                if selected.count == limit { return selected }
            }
            guard page.count == Self.pageSize, let last = page.last else { return selected }
            after = last.id
        }
    }

    /// How many times a write is tried before its documents are found too busy: enough for
    /// twenty writers on one document at once, each round won by one of them.
    package static var writeAttempts: Int { 64 }

    /// Selects documents of the scope as `documents` does, lets `change` decide what to write,
    /// and writes it if none of the selected documents changed meanwhile, else does it all again
    /// (`writeAttempts` times, then `WriteConflict`): concurrent updates never lose each other's
    /// changes, and selecting and deciding (matching, update operators) run with no database
    /// connection held. As MongoDB's own multi-document updates, each document changes
    /// atomically; a document that came to match meanwhile may be missed.
    package func changeDocuments<Selected: Sendable, T: Sendable>(
        _ scope: DocumentScope, limit: Int, select: @escaping @Sendable (DocumentRecord) throws -> Selected?,
        _ change: @escaping @Sendable ([Selected]) throws -> (DocumentWrites, T)
    ) async throws -> T {
        for attempt in 1...Self.writeAttempts {
            let read = try await documents(scope, limit: limit) { record in try select(record).map { SelectedDocument(id: record.id, body: record.body, value: $0) } }
            let (writes, result) = try change(read.map(\.value))
            let expected = Dictionary(read.map { ($0.id, $0.body) }, uniquingKeysWith: { first, _ in first })
            if try await applyDocumentWrites(scope, expecting: expected, writes) { return result }
            try Task.checkCancellation()
            // A random wait, growing, so that those who lost do not meet again at once.
            if attempt < Self.writeAttempts { try await Task.sleep(for: .milliseconds(Int.random(in: 1...min(1 << min(attempt, 6), 64)))) }
        }
        throw WriteConflict()
    }

    /// How many documents of the scope `matches`, read a page at a time as `documents` reads.
    package func countDocuments(_ scope: DocumentScope, _ matches: @escaping @Sendable (DocumentRecord) throws -> Bool) async throws -> Int {
        try await documents(scope, limit: Int.max) { try matches($0) ? true : nil }.count
    }
}

/// A document selected for a write: its key and body as read, and what the caller made of it.
package struct SelectedDocument<Value: Sendable>: Sendable {
    package var id: String
    package var body: String
    package var value: Value

    package init(id: String, body: String, value: Value) {
        self.id = id
        self.body = body
        self.value = value
    }
}
