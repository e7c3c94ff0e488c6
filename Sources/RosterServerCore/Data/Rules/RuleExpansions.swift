import RosterWire

/// What a rule's expansions read besides the document, fixed for one request: `%%user` (`id`,
/// `type`, `data`, `custom_data` as the store holds it now, `identities`), `%%values`,
/// `%%environment` and `%%request`. Pure: whoever makes it has read the store already.
///
///     let expansions = RuleExpansions(user: ["id": "u1", "custom_data": ["role": "admin"]])
///     try RuleExpression.holds(["%%user.custom_data.role": "admin"], in: expansions.scope())  // true
package struct RuleExpansions: Sendable, Equatable {
    package var user: JSONValue
    package var values: JSONObject
    package var environment: JSONObject
    package var request: JSONObject

    package init(user: JSONValue, values: JSONObject = [:], environment: JSONObject = [:], request: JSONObject = [:]) {
        self.user = user
        self.values = values
        self.environment = environment
        self.request = request
    }

    /// The scope one expression is evaluated in: these values, and the document as it is
    /// (`%%root`), as it was (`%%prevRoot`), and the field at hand (`%%this`, `%%prev`).
    package func scope(root: JSONObject? = nil, prevRoot: JSONObject? = nil, this: JSONValue? = nil, prev: JSONValue? = nil) -> JSONObject {
        var scope: JSONObject = [
            "user": user, "values": .object(values), "environment": .object(environment), "request": .object(request),
            "true": .bool(true), "false": .bool(false),
        ]
        if let root { scope["root"] = .object(root) }
        if let prevRoot { scope["prevRoot"] = .object(prevRoot) }
        if let this { scope["this"] = this }
        if let prev { scope["prev"] = prev }
        return scope
    }
}
