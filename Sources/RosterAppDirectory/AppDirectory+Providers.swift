import RosterAppModel
import RosterWire

extension AppDirectoryReader {
    /// `auth/providers.json`: each provider under its name, with App Services' keys for its kind.
    static func providers(_ fields: JSONFields) throws -> [AppProvider] {
        var providers: [AppProvider] = []
        for (key, _) in fields.object {
            guard let provider = try fields.fields(key) else { continue }
            providers.append(try Self.provider(provider, key: key))
        }
        return providers
    }

    private static func provider(_ fields: JSONFields, key: String) throws -> AppProvider {
        try fields.known(["name", "type", "disabled", "config", "secret_config", "metadata_fields", "redirect_uris", "domain_restrictions", "id"])
        let typeName = try fields.string("type") ?? key
        guard let kind = ProviderType(rawValue: typeName) else {
            throw fields.fail("type", "'\(typeName)' is not a provider Roster serves (\(ProviderType.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let config = try fields.fields("config")
        let secrets = try fields.fields("secret_config")
        var secretConfig: [String: String] = [:]
        let settings: AppProviderSettings
        switch kind {
        case .anonymous, .apiKey:
            try config?.known([])
            try secrets?.known([])
            settings = .none
        case .emailPassword:
            try config?.known([
                "autoConfirm", "runConfirmationFunction", "confirmationFunctionName", "confirmationFunctionId", "runResetFunction",
                "resetFunctionName", "resetFunctionId", "emailConfirmationUrl", "resetPasswordUrl", "confirmEmailSubject",
                "resetPasswordSubject",
            ])
            try secrets?.known([])
            settings = .emailPassword(
                AppEmailPasswordSettings(
                    autoConfirm: try config?.bool("autoConfirm") ?? false,
                    runConfirmationFunction: try config?.bool("runConfirmationFunction") ?? false,
                    confirmationFunctionName: try nonEmpty(config?.string("confirmationFunctionName")),
                    runResetFunction: try config?.bool("runResetFunction") ?? false,
                    resetFunctionName: try nonEmpty(config?.string("resetFunctionName")),
                    emailConfirmationUrl: try nonEmpty(config?.string("emailConfirmationUrl")),
                    resetPasswordUrl: try nonEmpty(config?.string("resetPasswordUrl")),
                    confirmEmailSubject: try nonEmpty(config?.string("confirmEmailSubject")),
                    resetPasswordSubject: try nonEmpty(config?.string("resetPasswordSubject"))))
        case .customToken:
            try config?.known(["signingAlgorithm", "audience", "requireAnyAudience", "useJWKURI", "jwkURI"])
            try secrets?.known(["signingKeys", "signingKey"])
            let algorithmName = try config?.string("signingAlgorithm") ?? "HS256"
            guard let algorithm = AppCustomTokenSettings.SigningAlgorithm(rawValue: algorithmName) else {
                throw (config ?? fields).fail("signingAlgorithm", "'\(algorithmName)' is not HS256 or RS256")
            }
            let keys = try secrets?.stringOrStrings("signingKeys") ?? secrets?.stringOrStrings("signingKey") ?? []
            for (index, name) in keys.enumerated() { secretConfig["signingKeys.\(index)"] = name }
            settings = .customToken(
                AppCustomTokenSettings(
                    signingAlgorithm: algorithm, audience: try config?.stringOrStrings("audience") ?? [],
                    requireAnyAudience: try config?.bool("requireAnyAudience") ?? false, useJWKURI: try config?.bool("useJWKURI") ?? false,
                    jwkURI: try nonEmpty(config?.string("jwkURI"))))
        case .customFunction:
            try config?.known(["authFunctionName", "authFunctionId"])
            try secrets?.known([])
            guard let name = try config?.string("authFunctionName"), !name.isEmpty else {
                throw (config ?? fields).fail(config == nil ? "config" : "authFunctionName", "custom-function names its authFunctionName")
            }
            settings = .customFunction(authFunctionName: name)
        case .google, .apple, .facebook:
            try config?.known(kind == .google ? ["clientId", "openId"] : ["clientId"])
            try secrets?.known(["clientSecret"])
            if let secret = try secrets?.string("clientSecret"), !secret.isEmpty { secretConfig["clientSecret"] = secret }
            settings = .oauth(
                AppOAuthSettings(
                    clientId: try nonEmpty(config?.string("clientId")), openId: try config?.bool("openId") ?? false,
                    domainRestrictions: try fields.strings("domain_restrictions") ?? []))
        }
        var metadata: [AppMetadataField] = []
        for (index, item) in (try fields.array("metadata_fields") ?? []).enumerated() {
            let field = try JSONFields(item, file: fields.file, path: fields.keyPath("metadata_fields.\(index)"))
            try field.known(["name", "field_name", "required"])
            metadata.append(
                AppMetadataField(
                    name: try field.requiredString("name"), fieldName: try nonEmpty(field.string("field_name")),
                    required: try field.bool("required") ?? false))
        }
        return AppProvider(
            name: try fields.string("name") ?? key, kind: kind, disabled: try fields.bool("disabled") ?? false, settings: settings,
            secretConfig: secretConfig, metadataFields: metadata, redirectURIs: try fields.strings("redirect_uris") ?? [],
            id: try fields.objectId())
    }

    private static func nonEmpty(_ string: String?) -> String? {
        guard let string, !string.isEmpty else { return nil }
        return string
    }
}
