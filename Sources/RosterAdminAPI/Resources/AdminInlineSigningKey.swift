import RosterAppModel
import RosterWire

/// A custom-token provider's key given in its `config` as `signingKey` rather than as a
/// secret it names (realm-dotnet's harness sends its RS256 public key so). App Services keeps
/// such a key as the secret `__<provider>_signingKey` and names it in
/// `secret_config.signingKeys`; so does Roster, and the key leaves `config`, so no answer
/// shows it again.
///
///     POST auth_providers {"type": "custom-token", "config": {"signingAlgorithm": "RS256", "signingKey": "-----BEGIN PUBLIC KEY-----…"}}
///     // the secret "__custom-token_signingKey", and secret_config {"signingKeys": ["__custom-token_signingKey"]}
struct AdminInlineSigningKey: Sendable {
    let secretName: String
    let value: String

    /// Takes `signingKey` out of `config` when a custom-token provider's body has one; the
    /// body's `secret_config.signingKeys` then names the secret, unless it names keys itself.
    static func take(
        type: String, provider name: String, config: inout JSONValue?, secretConfig: inout JSONValue?
    ) throws(AdminResourceError) -> AdminInlineSigningKey? {
        guard type == ProviderType.customToken.rawValue, case .object(var fields)? = config, let given = fields["signingKey"] else { return nil }
        fields["signingKey"] = nil
        config = .object(fields)
        guard case .string(let value) = given, !value.isEmpty else {
            if given == .null || given == .string("") { return nil }
            throw .invalid("config.signingKey", "must be a string")
        }
        let key = AdminInlineSigningKey(secretName: "__\(name)_signingKey", value: value)
        try ResourceName.check(key.secretName, field: "name")
        _ = try AdminSecret(name: key.secretName, value: value).checkedValue()
        var secrets = try AdminSettingsObject(secretConfig, field: "secret_config").fields
        if (secrets["signingKeys"]?.arrayValue ?? []).isEmpty, secrets["signingKeys"]?.stringValue?.isEmpty ?? true {
            secrets["signingKeys"] = [.string(key.secretName)]
        }
        secretConfig = .object(secrets)
        return key
    }

    /// `take` for a whole provider's body (`POST`, `PUT`).
    static func take(from provider: inout AdminAuthProvider) throws(AdminResourceError) -> AdminInlineSigningKey? {
        try take(type: provider.type, provider: provider.name ?? provider.type, config: &provider.config, secretConfig: &provider.secretConfig)
    }

    /// The secret's name in the app, made with `id` when it is not there yet; then `edit`.
    func adding(to edit: @escaping AppEdit, id: String) -> AppEdit {
        let name = secretName
        return { app in
            if !app.secretNames.contains(name) { app.secrets.append(AppSecret(name: name, id: id)) }
            try edit(&app)
        }
    }
}
