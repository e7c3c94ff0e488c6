import Foundation

/// `local-userpass`: how new accounts are confirmed, how passwords are reset, and the password
/// policy.
///
/// - Confirmation `auto` confirms at registration; `token` sends a single-use token to the
///   outbox, redeemed with `confirm`; `function` runs `confirmationFunction` with the token, which
///   answers `{"status": "success" | "pending" | "fail"}` (pending: the token is redeemed later);
///   or `confirmationFunctionName` names one of the app's JavaScript `functions`, run as App
///   Services runs it, as the system user, with `{token, tokenId, username}`.
/// - Reset by token always works (`reset/send`, then `reset`); `resetFunction` (a command) or
///   `resetFunctionName` (JavaScript, given `{token, tokenId, username, password}` and the
///   call's arguments), when set, serves `reset/call` and answers the same way.
///
///     "local-userpass": { "confirmation": "function", "confirmationFunctionName": "confirmFunc", "resetFunctionName": "resetFunc" }
public struct EmailPasswordConfig: Codable, Sendable, Equatable {
    public enum Confirmation: String, Codable, Sendable, Equatable {
        case auto, token, function
    }

    public var enabled: Bool
    public var confirmation: Confirmation
    public var confirmationFunction: FunctionConfig?
    public var resetFunction: FunctionConfig?
    /// The app's JavaScript function that confirms, in place of `confirmationFunction`.
    public var confirmationFunctionName: String?
    /// The app's JavaScript function that resets, in place of `resetFunction`.
    public var resetFunctionName: String?
    /// How long confirmation and reset tokens stay good: 30 minutes by default.
    public var tokenLifetimeSeconds: Int
    /// The shortest password accepted at registration and reset: 8 by default.
    public var minimumPasswordLength: Int
    /// Whether a password reset ends every session of the user: true by default, so a stolen
    /// session does not outlive the password that was reset to shut it out.
    public var endSessionsOnReset: Bool
    /// Whether `reset/send` is refused ("please use reset password via function"), as App
    /// Services refuses it when the provider runs a reset function (`runResetFunction`). Set for
    /// an app served from its App Services shape, never by the configuration file, where reset
    /// by token always works.
    public var resetsOnlyByFunction = false
    /// The app's own pages for a confirmation and a reset, as App Services' `emailConfirmationUrl`
    /// and `resetPasswordUrl`: a message links there with `token` and `tokenId` added to the
    /// query, for the page to redeem them (realm-web's `confirmUser({token, tokenId})`).
    public var emailConfirmationUrl: String?
    public var resetPasswordUrl: String?
    /// The messages' subjects, as App Services' `confirmEmailSubject` and `resetPasswordSubject`.
    public var confirmEmailSubject: String?
    public var resetPasswordSubject: String?

    public static let maximumPasswordLength = 128

    public init(
        enabled: Bool = true, confirmation: Confirmation = .auto, confirmationFunction: FunctionConfig? = nil,
        resetFunction: FunctionConfig? = nil, confirmationFunctionName: String? = nil, resetFunctionName: String? = nil,
        tokenLifetimeSeconds: Int = 1800, minimumPasswordLength: Int = 8, endSessionsOnReset: Bool = true
    ) {
        self.confirmationFunctionName = confirmationFunctionName
        self.resetFunctionName = resetFunctionName
        self.endSessionsOnReset = endSessionsOnReset
        self.enabled = enabled
        self.confirmation = confirmation
        self.confirmationFunction = confirmationFunction
        self.resetFunction = resetFunction
        self.tokenLifetimeSeconds = tokenLifetimeSeconds
        self.minimumPasswordLength = minimumPasswordLength
    }

    /// Whether registration confirms at once.
    public var autoConfirm: Bool { confirmation == .auto }

    package enum CodingKeys: String, CodingKey, CaseIterable {
        case enabled, confirmation, autoConfirm, confirmationFunction, resetFunction, tokenLifetimeSeconds
        case confirmationFunctionName, resetFunctionName
        case minimumPasswordLength, endSessionsOnReset
        case emailConfirmationUrl, resetPasswordUrl, confirmEmailSubject, resetPasswordSubject
    }

    /// `autoConfirm: true` is a shorter way to say `confirmation: "auto"`; without either,
    /// accounts are confirmed by token.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.knownKeys(CodingKeys.self)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        let auto = try container.decodeIfPresent(Bool.self, forKey: .autoConfirm) ?? false
        confirmation = try container.decodeIfPresent(Confirmation.self, forKey: .confirmation) ?? (auto ? .auto : .token)
        confirmationFunction = try container.decodeIfPresent(FunctionConfig.self, forKey: .confirmationFunction)
        resetFunction = try container.decodeIfPresent(FunctionConfig.self, forKey: .resetFunction)
        confirmationFunctionName = try container.decodeIfPresent(String.self, forKey: .confirmationFunctionName)
        resetFunctionName = try container.decodeIfPresent(String.self, forKey: .resetFunctionName)
        tokenLifetimeSeconds = try container.decodeIfPresent(Int.self, forKey: .tokenLifetimeSeconds) ?? 1800
        minimumPasswordLength = try container.decodeIfPresent(Int.self, forKey: .minimumPasswordLength) ?? 8
        endSessionsOnReset = try container.decodeIfPresent(Bool.self, forKey: .endSessionsOnReset) ?? true
        emailConfirmationUrl = try container.decodeIfPresent(String.self, forKey: .emailConfirmationUrl)
        resetPasswordUrl = try container.decodeIfPresent(String.self, forKey: .resetPasswordUrl)
        confirmEmailSubject = try container.decodeIfPresent(String.self, forKey: .confirmEmailSubject)
        resetPasswordSubject = try container.decodeIfPresent(String.self, forKey: .resetPasswordSubject)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(enabled, forKey: .enabled)
        try container.encode(confirmation, forKey: .confirmation)
        try container.encodeIfPresent(confirmationFunction, forKey: .confirmationFunction)
        try container.encodeIfPresent(resetFunction, forKey: .resetFunction)
        try container.encodeIfPresent(confirmationFunctionName, forKey: .confirmationFunctionName)
        try container.encodeIfPresent(resetFunctionName, forKey: .resetFunctionName)
        try container.encode(tokenLifetimeSeconds, forKey: .tokenLifetimeSeconds)
        try container.encode(minimumPasswordLength, forKey: .minimumPasswordLength)
        try container.encode(endSessionsOnReset, forKey: .endSessionsOnReset)
        try container.encodeIfPresent(emailConfirmationUrl, forKey: .emailConfirmationUrl)
        try container.encodeIfPresent(resetPasswordUrl, forKey: .resetPasswordUrl)
        try container.encodeIfPresent(confirmEmailSubject, forKey: .confirmEmailSubject)
        try container.encodeIfPresent(resetPasswordSubject, forKey: .resetPasswordSubject)
    }

    /// The app's page for `purpose` with `token` and `tokenId` added to its query, as App
    /// Services links to it; nil when the app names no page.
    package func appLink(for purpose: AccountTokenRecord.Purpose, token: String, tokenId: String) -> String? {
        guard let page = purpose == .confirm ? emailConfirmationUrl : resetPasswordUrl else { return nil }
        let query = "token=\(OutboundRequest.formEncoded(token))&tokenId=\(OutboundRequest.formEncoded(tokenId))"
        let (base, fragment) = page.firstIndex(of: "#").map { (String(page[..<$0]), String(page[$0...])) } ?? (page, "")
        return base + (base.contains("?") ? "&" : "?") + query + fragment
    }

    /// The subject a message for `purpose` carries, when the app sets one.
    package func subject(for purpose: AccountTokenRecord.Purpose) -> String? {
        purpose == .confirm ? confirmEmailSubject : resetPasswordSubject
    }

    /// Checks it; a function it names must be one of the app's JavaScript `functions`.
    package func validate(functions: [String: FunctionConfig] = [:], source: String) throws {
        func fail(_ reason: String) -> AppConfigError { .invalid(path: source, reason: "local-userpass: \(reason)") }
        if confirmation == .function, confirmationFunction == nil, confirmationFunctionName == nil {
            throw fail("confirmation \"function\" needs confirmationFunction or confirmationFunctionName")
        }
        if confirmationFunction != nil, confirmationFunctionName != nil { throw fail("give confirmationFunction or confirmationFunctionName, not both") }
        if resetFunction != nil, resetFunctionName != nil { throw fail("give resetFunction or resetFunctionName, not both") }
        for (key, name) in [("confirmationFunctionName", confirmationFunctionName), ("resetFunctionName", resetFunctionName)] {
            guard let name else { continue }
            guard functions[name]?.isJavaScript == true else {
                throw fail("\(key) '\(name.prefix(64))' is not one of the app's JavaScript functions")
            }
        }
        try confirmationFunction?.validate("local-userpass.confirmationFunction", source: source)
        try resetFunction?.validate("local-userpass.resetFunction", source: source)
        guard (60...7 * 24 * 3600).contains(tokenLifetimeSeconds) else {
            throw fail("tokenLifetimeSeconds must be between 60 and 604800")
        }
        guard (6...Self.maximumPasswordLength).contains(minimumPasswordLength) else {
            throw fail("minimumPasswordLength must be between 6 and \(Self.maximumPasswordLength)")
        }
        for (key, url) in [("emailConfirmationUrl", emailConfirmationUrl), ("resetPasswordUrl", resetPasswordUrl)] {
            // An app's page, or a link into a mobile app (its own scheme), as App Services takes them.
            if let url, URL(string: url)?.scheme == nil || url.count > 2048 || url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
                throw fail("\(key) must be an absolute URL of at most 2048 characters")
            }
        }
        for (key, subject) in [("confirmEmailSubject", confirmEmailSubject), ("resetPasswordSubject", resetPasswordSubject)] {
            guard let subject else { continue }
            guard (1...200).contains(subject.count), !subject.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw fail("\(key) must be 1 to 200 characters without control characters")
            }
        }
    }

    /// Why `password` breaks the policy, or nil: App Services' words ("password must be between
    /// 6 and 128 characters", which SDK suites match), with the app's own minimum.
    package func policyViolation(_ password: String) -> String? {
        guard (minimumPasswordLength...Self.maximumPasswordLength).contains(password.count) else {
            return "password must be between \(minimumPasswordLength) and \(Self.maximumPasswordLength) characters"
        }
        return nil
    }
}
