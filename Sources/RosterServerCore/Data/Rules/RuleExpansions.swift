import RosterWire

/// What a rule's expansions read besides the document, fixed for one request: `%%user` (`id`,
/// `type`, `data`, `custom_data` as the store holds it now, `identities`), `%%values`,
/// `%%environment` and `%%request`. Pure: whoever makes it has read the store already.
///
///     let expansions = RuleExpansions(user: ["id": "u1", "custom_data": ["role": "admin"]])
///     try RuleExpression.holds(["%%user.custom_data.role": "admin"], in: expansions.scope())  // true
package struct RuleExpansions: Sendable, Equatable {
    package var user: JSONValue { didSet { common = Self.common(user, values, environment, request) } }
    package var values: JSONObject { didSet { common = Self.common(user, values, environment, request) } }
    package var environment: JSONObject { didSet { common = Self.common(user, values, environment, request) } }
    package var request: JSONObject { didSet { common = Self.common(user, values, environment, request) } }
    /// What every scope of this request holds, made once: a call evaluates its roles on each
    /// document it reads, and making these fields anew each time was most of that.
    private var common: JSONObject

    package init(user: JSONValue, values: JSONObject = [:], environment: JSONObject = [:], request: JSONObject = [:]) {
        self.user = user
        self.values = values
        self.environment = environment
        self.request = request
        common = Self.common(user, values, environment, request)
    }

    private static func common(_ user: JSONValue, _ values: JSONObject, _ environment: JSONObject, _ request: JSONObject) -> JSONObject {
        [
            "user": user, "values": .object(values), "environment": .object(environment), "request": .object(request),
            "true": .bool(true), "false": .bool(false),
        ]
    }

    /// The scope one expression is evaluated in: these values, and the document as it is
    /// (`%%root`), as it was (`%%prevRoot`), and the field at hand (`%%this`, `%%prev`).
    package func scope(root: JSONObject? = nil, prevRoot: JSONObject? = nil, this: JSONValue? = nil, prev: JSONValue? = nil) -> JSONObject {
        var scope = common
        if let root { scope["root"] = .object(root) }
        if let prevRoot { scope["prevRoot"] = .object(prevRoot) }
        if let this { scope["this"] = this }
        if let prev { scope["prev"] = prev }
        return scope
    }
}
