import RosterAppModel
import RosterWire

/// A value as the Admin API reads and writes it (`values`): `{"_id", "name", "value",
/// "private", "from_secret"}`; with `from_secret`, `value` is the name of the secret it reads.
///
///     POST values {"name": "greeting", "value": "hello"}
public struct AdminValue: Codable, Sendable, Equatable {
    public var id: String?
    public var name: String
    public var value: JSONValue?
    public var isPrivate: Bool?
    public var fromSecret: Bool?

    enum CodingKeys: String, CodingKey { case id = "_id", name, value, isPrivate = "private", fromSecret = "from_secret" }

    public init(id: String? = nil, name: String, value: JSONValue? = nil, isPrivate: Bool? = nil, fromSecret: Bool? = nil) {
        self.id = id
        self.name = name
        self.value = value
        self.isPrivate = isPrivate
        self.fromSecret = fromSecret
    }

    public init(_ value: AppValue) {
        let content: JSONValue
        let fromSecret: Bool
        switch value.content {
        case .plain(let plain): (content, fromSecret) = (plain, false)
        case .secret(let name): (content, fromSecret) = (.string(name), true)
        }
        self.init(
            id: AdminObjectID.resolve(value.id, kind: "value", name: value.name), name: value.name, value: content, isPrivate: value.isPrivate,
            fromSecret: fromSecret)
    }

    /// What a list shows of each: `{"_id", "name", "private", "from_secret"}`.
    public var summary: AdminValue { AdminValue(id: id, name: name, isPrivate: isPrivate, fromSecret: fromSecret) }

    public func appValue(id: String) throws(AdminResourceError) -> AppValue {
        try ResourceName.check(name)
        guard let value else { throw .missing("value") }
        let content: AppValue.Content
        if fromSecret ?? false {
            guard let secret = value.stringValue else { throw .invalid("value", "must be the name of a secret when 'from_secret' is true") }
            try ResourceName.check(secret, field: "value")
            content = .secret(secret)
        } else {
            content = .plain(value)
        }
        return AppValue(name: name, content: content, isPrivate: isPrivate ?? false, id: id)
    }

    public func create(id: String) throws(AdminResourceError) -> AppEdit {
        let value = try appValue(id: id)
        return { app in
            guard !app.values.contains(where: { $0.name == value.name }) else { throw AdminValue.duplicate(value.name) }
            app.values.append(value)
        }
    }

    public func update(id: String) throws(AdminResourceError) -> AppEdit {
        let body = self
        return { app in
            let index = try AdminValue.index(of: id, in: app)
            let value = try body.appValue(id: app.values[index].id ?? id)
            if value.name != app.values[index].name, app.values.contains(where: { $0.name == value.name }) { throw AdminValue.duplicate(value.name) }
            app.values[index] = value
        }
    }

    public static func delete(id: String) -> AppEdit {
        { app in app.values.remove(at: try index(of: id, in: app)) }
    }

    public static func find(id: String, in app: AppModel) throws(AdminResourceError) -> AdminValue {
        AdminValue(app.values[try index(of: id, in: app)])
    }

    static func index(of id: String, in app: AppModel) throws(AdminResourceError) -> Int {
        guard let index = app.values.firstIndex(where: { AdminObjectID.resolve($0.id, kind: "value", name: $0.name) == id }) else {
            throw .notFound("ValueNotFound", "value", id: id)
        }
        return index
    }

    private static func duplicate(_ name: String) -> AdminResourceError {
        .duplicate("ValueDuplicateName", "a value named '\(name)' already exists")
    }
}
