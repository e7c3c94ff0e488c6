import RosterWire

/// `custom-function`: the app's authentication function decides. Whatever goes wrong - a
/// refusal, a crash, a time-out, an answer that is not one - is AuthError with a message, never
/// a server error. The command runs within the app's function limits, counted for `caller`: the
/// client address of a log-in, the user of a link.
package struct CustomFunctionProvider: Sendable {
    package let limiter: FunctionLimiter
    package let caller: FunctionCaller

    /// Profile fields the function may vouch for.
    package static let profileFields = ["name", "email", "picture_url", "first_name", "last_name"]

    package func authenticate(body: JSONValue, config: CustomFunctionConfig) async throws -> ProviderOutcome {
        var payload = body.objectValue ?? [:]
        payload["options"] = nil
        payload["provider"] = nil
        let answer: JSONObject
        do {
            answer = try await limiter.run(for: caller) { try await CommandFunction(config: config.function).call(.object(payload)) }
        } catch let failure as CommandFunction.Failure {
            throw ErrorResponse.authError("the authentication function failed: \(failure)")
        }
        if let refusal = answer["error"] {
            let why = refusal.stringValue.map { String($0.prefix(200)) } ?? "it refused the log-in"
            throw ErrorResponse.authError(why)
        }
        guard let id = answer["id"]?.stringValue ?? answer["id"]?.intValue.map(String.init), !id.isEmpty, id.utf8.count <= 256
        else { throw ErrorResponse.authError("the authentication function failed: its answer has no id") }
        var profile: JSONObject = [:]
        for field in Self.profileFields {
            if let value = answer[field]?.stringValue { profile[field] = .string(String(value.prefix(256))) }
        }
        return .identity(providerId: id, profile: profile)
    }

    package init(limiter: FunctionLimiter, caller: FunctionCaller) {
        self.limiter = limiter
        self.caller = caller
    }
}
