import RosterAppModel
import RosterWire

/// A `PATCH auth_providers/{id}` body: only the keys it gives change, `config` and
/// `secret_config` key by key, as App Services takes it. realm-kotlin's harness turns one
/// setting at a time so (`{"config": {"runResetFunction": true}}`); a deployment tool sending
/// the whole provider changes it whole, as before.
///
///     PATCH auth_providers/{id} {"config": {"autoConfirm": true}}
public struct AdminAuthProviderChange: Decodable, Sendable, Equatable {
    public var name: String?
    public var type: String?
    public var disabled: Bool?
    public var config: JSONValue?
    public var secretConfig: JSONValue?
    public var metadataFields: [AdminMetadataField]?
    public var redirectURIs: [String]?
    public var domainRestrictions: [String]?

    enum CodingKeys: String, CodingKey {
        case name, type, disabled, config, secretConfig = "secret_config", metadataFields = "metadata_fields", redirectURIs = "redirect_uris"
        case domainRestrictions = "domain_restrictions"
    }

    /// The provider as it stands with this change laid over it. A function named by name or
    /// by id (`confirmationFunctionName` / `confirmationFunctionId`) is replaced as a pair, so
    /// the one given is the one kept.
    public func applied(to current: AdminAuthProvider) -> AdminAuthProvider {
        var merged = current
        if let name { merged.name = name }
        if let type { merged.type = type }
        if let disabled { merged.disabled = disabled }
        if let config { merged.config = Self.overlay(config, on: current.config, pairing: true) }
        if let secretConfig { merged.secretConfig = Self.overlay(secretConfig, on: current.secretConfig, pairing: false) }
        if let metadataFields { merged.metadataFields = metadataFields }
        if let redirectURIs { merged.redirectURIs = redirectURIs }
        if let domainRestrictions { merged.domainRestrictions = domainRestrictions }
        return merged
    }

    /// `change`'s keys over `base`'s when both are objects; anything else is the change as
    /// given, for the provider's own checks to refuse by name.
    static func overlay(_ change: JSONValue, on base: JSONValue?, pairing: Bool) -> JSONValue {
        guard case .object(let given) = change, case .object(var kept)? = base else { return change }
        for (key, value) in given {
            if pairing, let partner = functionPartner(of: key) { kept[partner] = nil }
            kept[key] = value
        }
        return .object(kept)
    }

    /// `xFunctionName` ↔ `xFunctionId`.
    static func functionPartner(of key: String) -> String? {
        if key.hasSuffix("FunctionName") { return String(key.dropLast("Name".count)) + "Id" }
        if key.hasSuffix("FunctionId") { return String(key.dropLast("Id".count)) + "Name" }
        return nil
    }

    /// Changes the provider `id` by this body; its type cannot change.
    public func update(id: String) -> AppEdit {
        let change = self
        return { app in
            let current = try AdminAuthProvider.find(id: id, in: app)
            try change.applied(to: current).update(id: id)(&app)
        }
    }
}
