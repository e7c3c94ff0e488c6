import RosterAppModel
import RosterDocuments
import RosterWire

/// Which changes one watcher sees, and as what: those of documents its rule lets it read, narrowed
/// to the `_id`s of `ids` and to the events `filter` matches (a query over the change event, as
/// `$match` in a MongoDB change stream). Under Roster's rule words, with `own`, documents whose
/// user-id field is the watcher's id (judged on the document after the change, or before a
/// delete), each sent whole. Under App Services' roles, each event as the watcher's role sees
/// it (`CollectionRoles.changeEvent`, the reads' own rule), the filter matching that event. The
/// regular expressions of the filter and of the roles' document filters take their steps from a
/// budget of `regexSteps` for each event (`RegexBudget`); an event that would need more is not
/// sent, so a costly filter or rule costs each write a bounded time.
///
///     let filter = try ChangeStreamFilter(request, rule: rule, userId: "65f0…", expansions: expansions)
///     filter.event(for: change) // the text to send, or nil
package struct ChangeStreamFilter: Sendable {
    /// The keys (`DocumentKey`) of the documents watched; nil: all.
    package var keys: Set<String>?
    package var query: DocumentQuery?
    /// With `own`: the user-id field and the watcher's id.
    package var owner: (field: String, userId: String)?
    /// With App Services' roles: the collection's roles for this watcher.
    package var roles: CollectionRoles?
    /// The steps of regular expression matching the filter and the roles may take on one event.
    package var regexSteps: Int

    /// `expansions`: what the roles' expansions read (`%%user`, `%%request`, …), read when the
    /// stream opens; the user's custom data and record follow it (`usingCustomData`, `usingUser`).
    package init(
        _ request: DataAccessRequest, rule: DataRule, userId: String, expansions: RuleExpansions? = nil,
        regexSteps: Int = RegexBudget.defaultEventSteps
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
            guard Self.judgesByRoles(rule) else { return }
            roles = CollectionRoles(
                name: "\(rule.database).\(rule.collection)", roles: rule.roles, expansions: expansions ?? RuleExpansions(user: ["id": .string(userId)]))
            return
        }
        switch rule.read {
        case .none: throw .noMatchingRule("users may not read \(rule.database).\(rule.collection)")
        case .all: owner = nil
        case .own: owner = (rule.userIdField ?? "userId", userId)
        }
    }

    /// The event to send for `published` (relaxed Extended JSON), or nil when this watcher does
    /// not see it.
    package func event(for published: PublishedChange) -> String? {
        let change = published.change
        if let keys, !keys.contains(change.key) { return nil }
        guard owner != nil || query != nil || roles != nil else { return published.documents.text }
        let read = published.documents
        if let owner {
            let document = change.operation == .delete ? read.before : read.after
            guard case .string(owner.userId)? = document?[owner.field] else { return nil }
        }
        let budget = RegexBudget(steps: regexSteps, scope: "one change event (regexStepsPerChangeEvent)")
        // A rule or filter that cannot be applied to this event (a type it compares badly, a
        // budget spent) does not let it through.
        var event = read.event
        if let roles {
            let seen = try? RegexBudget.$current.withValue(budget) { try roles.changeEvent(change, before: read.before, after: read.after) }
            guard let seen = seen ?? nil else { return nil }
            event = seen
        }
        if let query {
            guard (try? query.matches(event, within: budget)) == true else { return nil }
        }
        return roles == nil ? read.text : ExtendedJSON.relaxed(event).compactText
    }

    /// Whether each event is judged by `rule`'s roles for each watcher. Not under Roster's
    /// words, nor when the first role reads every document whole (a default rule opening every
    /// collection): then every watcher shares one event.
    static func judgesByRoles(_ rule: DataRule) -> Bool {
        guard !rule.isWords else { return false }
        return !(rule.roles.first.map(readsEveryDocument) ?? false)
    }

    /// This filter with the watcher's custom data now `customData` (`%%user.custom_data`).
    func usingCustomData(_ customData: JSONObject) -> ChangeStreamFilter {
        usingUser(["custom_data": .object(customData)])
    }

    /// This filter with the watcher's user `fields` (`%%user.data`, `.identities`, `.type`, …)
    /// now as given, the others as they were.
    func usingUser(_ fields: JSONObject) -> ChangeStreamFilter {
        guard let roles else { return self }
        var expansions = roles.expansions
        if case .object(var user) = expansions.user {
            user.merge(fields) { $1 }
            expansions.user = .object(user)
        }
        var filter = self
        filter.roles = CollectionRoles(name: roles.name, roles: roles.roles, expansions: expansions)
        return filter
    }

    /// Whether `role` applies to every document and reads each one whole.
    static func readsEveryDocument(_ role: AppRole) -> Bool {
        let everything: [JSONValue?] = [nil, .bool(true), [:]]
        return role.applyWhen == [:] && everything.contains(role.readFilter) && (role.read == .bool(true) || role.write == .bool(true))
            && role.fields == nil && role.additionalFields == nil
    }
}
