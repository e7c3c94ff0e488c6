import RosterAppModel
import RosterDocuments
import RosterWire

/// Which changes one watcher sees: those of documents its read rule lets it read (with `own`,
/// documents whose user-id field is the watcher's id, judged on the document after the change,
/// or before a delete), narrowed to the `_id`s of `ids` and to the events `filter` matches (a
/// query over the change event, as `$match` in a MongoDB change stream). The filter's regular
/// expressions take their steps from a budget of `regexSteps` for each event (`RegexBudget`); an
/// event that would need more is not sent, so a costly filter costs each write a bounded time.
///
///     let filter = try ChangeStreamFilter(request, rule: rule, userId: "65f0…")
///     filter.admits(change) // true or false
package struct ChangeStreamFilter: Sendable {
    /// The keys (`DocumentKey`) of the documents watched; nil: all.
    package var keys: Set<String>?
    package var query: DocumentQuery?
    /// With `own`: the user-id field and the watcher's id.
    package var owner: (field: String, userId: String)?
    /// The steps of regular expression matching the filter may take on one event.
    package var regexSteps: Int

    package init(
        _ request: DataAccessRequest, rule: DataRule, userId: String, regexSteps: Int = RegexBudget.defaultEventSteps
    ) throws(ErrorResponse) {
        self.regexSteps = regexSteps
        if let ids = request.fields["ids"] {
            guard let list = ids.arrayValue else { throw .invalidParameter("'ids' must be an array of _id values") }
            var keys = Set<String>()
            for id in list { keys.insert(try DocumentKey.key(of: id)) }
            self.keys = keys
        }
        do {
            query = request.fields["filter"] == nil ? nil : try request.query("filter")
        } catch {
            throw ErrorResponse(error)
        }
        if !rule.isWords {
            // Roles are not evaluated on change events yet: a collection is watched when its first
            // role reads every document whole whoever asks (a default rule opening every collection).
            guard let role = rule.roles.first, Self.readsEveryDocument(role) else {
                throw .noMatchingRule(
                    "watching \(rule.database).\(rule.collection) is not served: its roles depend on the document or the user")
            }
            return
        }
        switch rule.read {
        case .none: throw .noMatchingRule("users may not read \(rule.database).\(rule.collection)")
        case .all: owner = nil
        case .own: owner = (rule.userIdField ?? "userId", userId)
        }
    }

    /// Whether `role` applies to every document and reads each one whole.
    static func readsEveryDocument(_ role: AppRole) -> Bool {
        let everything: [JSONValue?] = [nil, .bool(true), [:]]
        return role.applyWhen == [:] && everything.contains(role.readFilter) && (role.read == .bool(true) || role.write == .bool(true))
            && role.fields == nil && role.additionalFields == nil
    }

    package func admits(_ published: PublishedChange) -> Bool {
        let change = published.change
        if let keys, !keys.contains(change.key) { return false }
        guard owner != nil || query != nil else { return true }
        let read = published.documents
        if let owner {
            let document = change.operation == .delete ? read.before : read.after
            guard case .string(owner.userId)? = document?[owner.field] else { return false }
        }
        if let query {
            // A filter that cannot be applied to this event (a type it compares badly, a budget
            // spent) does not match it.
            let budget = RegexBudget(steps: regexSteps, scope: "one change event (regexStepsPerChangeEvent)")
            guard (try? query.matches(read.event, within: budget)) == true else { return false }
        }
        return true
    }
}
