import RosterWire

/// A `context.services.get(service).db(database).collection(collection)` call of a JavaScript
/// function, as the data access request the SDKs send for it (`DataAccessService`): the
/// collection API's positional arguments put under the names that request takes.
///
///     find(filter, {projection, sort, limit})            → {query, project, sort, limit}
///     updateOne(filter, update, {upsert, arrayFilters})  → {query, update, upsert, arrayFilters}
///     findOneAndUpdate(filter, update, {projection, sort, upsert, returnNewDocument})
///                                                        → {filter, update, projection, sort, upsert, returnNewDocument}
///     distinct(field, filter)                            → aggregate [{$match}, {$unwind}, {$group}, {$sort}]
enum FunctionDataCall {
    /// The operation's name and its single argument; InvalidParameter for what is not served.
    static func request(database: String, collection: String, action: String, arguments: [JSONValue]) throws(ErrorResponse)
        -> (name: String, argument: JSONValue)
    {
        var fields: JSONObject = ["database": .string(database), "collection": .string(collection)]
        func at(_ index: Int) -> JSONValue? {
            guard arguments.indices.contains(index), arguments[index] != .null else { return nil }
            return arguments[index]
        }
        func options(_ index: Int, _ names: [(option: String, field: String)]) {
            guard let given = at(index)?.objectValue else { return }
            for (option, field) in names { if let value = given[option], value != .null { fields[field] = value } }
        }
        let name: String
        switch action {
        case "find":
            name = action
            fields["query"] = at(0)
            options(1, [("projection", "project"), ("sort", "sort"), ("limit", "limit")])
        case "findOne":
            name = action
            fields["query"] = at(0)
            options(1, [("projection", "project"), ("sort", "sort")])
        case "count", "countDocuments":
            name = "count"
            fields["query"] = at(0)
            options(1, [("limit", "limit")])
        case "aggregate":
            name = action
            fields["pipeline"] = at(0) ?? []
        case "insertOne":
            name = action
            fields["document"] = at(0)
        case "insertMany":
            name = action
            fields["documents"] = at(0)
        case "updateOne", "updateMany":
            name = action
            fields["query"] = at(0)
            fields["update"] = at(1)
            options(2, [("upsert", "upsert"), ("arrayFilters", "arrayFilters")])
        case "deleteOne", "deleteMany":
            name = action
            fields["query"] = at(0)
        case "findOneAndUpdate", "findOneAndReplace":
            name = action
            fields["filter"] = at(0)
            fields["update"] = at(1)
            options(2, [("projection", "projection"), ("sort", "sort"), ("upsert", "upsert"), ("returnNewDocument", "returnNewDocument")])
        case "findOneAndDelete":
            name = action
            fields["filter"] = at(0)
            options(1, [("projection", "projection"), ("sort", "sort")])
        case "distinct":
            // As MongoDB answers it: each value once, an array's elements as values, in order.
            guard case .string(let field)? = at(0), !field.isEmpty, !field.hasPrefix("$") else {
                throw .invalidParameter("collection.distinct takes a field name")
            }
            name = "aggregate"
            fields["pipeline"] = [
                ["$match": at(1) ?? [:]], ["$unwind": .string("$" + field)], ["$group": ["_id": .string("$" + field)]], ["$sort": ["_id": 1]],
            ]
        default:
            throw .invalidParameter("collection.\(action.prefix(64)) is not served")
        }
        return (name, .object(fields))
    }

    /// The answer the function gets for `action`, from what its request answered: `distinct`'s
    /// values out of its groups.
    static func answer(for action: String, _ answer: JSONValue) -> JSONValue {
        guard action == "distinct", let groups = answer.arrayValue else { return answer }
        return .array(groups.map { $0["_id"] ?? .null })
    }
}
