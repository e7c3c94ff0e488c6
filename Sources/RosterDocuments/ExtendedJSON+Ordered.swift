import RosterWire

extension ExtendedJSON {
    /// The keys of Extended JSON's typed values, those `canonical` reads and those it refuses.
    static let wrapperKeys: Set<String> = [
        "$oid", "$date", "$numberInt", "$numberLong", "$numberDouble", "$numberDecimal", "$binary", "$uuid", "$regularExpression",
        "$timestamp", "$minKey", "$maxKey", "$symbol", "$code", "$dbPointer", "$undefined", "$dbRef",
    ]

    /// Whether an object is one typed value (`{"$oid": …}`, the legacy `{"$binary", "$type"}`),
    /// not operators: those keep their order.
    static func isWrapper(_ keys: [String]) -> Bool {
        switch keys.count {
        case 1: wrapperKeys.contains(keys[0])
        case 2: Set(keys) == ["$binary", "$type"] || Set(keys) == ["$code", "$scope"]
        default: false
        }
    }

    /// `canonical` for arguments whose field order matters (a sort specification, a pipeline):
    /// typed values are read as `canonical` reads them; every other object keeps its order.
    ///
    ///     let pipeline = try ExtendedJSON.canonical(OrderedJSON(parsing: #"[{"$sort": {"b": 1, "a": -1}}]"#))
    public static func canonical(_ value: OrderedJSON) throws(DocumentError) -> OrderedJSON {
        switch value {
        case .scalar:
            return value
        case .array(let items):
            var read: [OrderedJSON] = []
            read.reserveCapacity(items.count)
            for item in items { read.append(try canonical(item)) }
            return .array(read)
        case .object(let fields):
            if isWrapper(fields.map(\.key)) {
                return OrderedJSON(try canonical(value.value))
            }
            var read: [OrderedJSON.Field] = []
            read.reserveCapacity(fields.count)
            for field in fields { read.append(.init(key: field.key, value: try canonical(field.value))) }
            return .object(read)
        }
    }
}
