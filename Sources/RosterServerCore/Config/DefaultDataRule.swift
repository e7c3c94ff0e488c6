import RosterAppModel

/// The rule of every collection that has none of its own (App Services' `default_rule.json`):
/// roles, in order, as `rules.json` writes them. The custom user data collection keeps its own
/// default (its owner reads it, nobody writes it) unless a rule names it.
///
///     "defaultRule": { "roles": [{ "name": "reader", "apply_when": {}, "read": true }] }
public struct DefaultDataRule: Codable, Sendable, Equatable {
    public var roles: [AppRole]

    public init(roles: [AppRole]) {
        self.roles = roles
    }

    package enum CodingKeys: String, CodingKey, CaseIterable { case roles }

    public init(from decoder: any Decoder) throws {
        roles = try decoder.knownKeys(CodingKeys.self).decode([AppRole].self, forKey: .roles)
    }

    package func validate(source: String) throws {
        if let refusal = RoleCheck.refusal(roles) {
            throw AppConfigError.invalid(path: source, reason: "the default rule, key 'roles.\(refusal.key)': \(refusal.reason)")
        }
    }
}
