import RosterWire

/// `custom-function`: the app's authentication function decides. Whatever goes wrong - a
/// refusal, a crash, a time-out, an answer that is not one - is AuthError with a message, never
/// a server error. The command runs within the app's function limits, counted for `caller`: the
/// client address of a log-in, the user of a link.
package struct CustomFunctionProvider: Sendable {
    package let limiter: FunctionLimiter
    package let caller: FunctionCaller
    /// Runs a JavaScript authentication function; nil where none is served.
    package var javaScript: (@Sendable (_ name: String, _ payload: JSONValue) async throws -> JSONValue)? = nil

    /// Profile fields the function may vouch for.
    package static let profileFields = ["name", "email", "picture_url", "first_name", "last_name"]

    package func authenticate(body: JSONValue, config: CustomFunctionConfig) async throws -> ProviderOutcome {
        var payload = body.objectValue ?? [:]
        payload["options"] = nil
        payload["provider"] = nil
        if let name = config.functionName {
            return try await javaScript(name, payload: payload)
        }
        guard let command = config.function else { throw ErrorResponse.authError("the authentication function is not configured") }
        let answer: JSONObject
        do {
            answer = try await limiter.run(for: caller) { try await CommandFunction(config: command).call(.object(payload)) }
        } catch let failure as CommandFunction.Failure {
            throw ErrorResponse.authError("the authentication function failed: \(failure)")
        }
        if let refusal = answer["error"] {
            let why = refusal.stringValue.map { String($0.prefix(200)) } ?? "it refused the log-in"
            throw ErrorResponse.authError(why)
        }
        return try Self.identity(answer)
    }

    /// The external id and profile of an answer `{"id": …, "name": …}`.
    private static func identity(_ answer: JSONObject) throws -> ProviderOutcome {
        guard let id = answer["id"]?.stringValue ?? answer["id"]?.intValue.map(String.init), !id.isEmpty, id.utf8.count <= 256
        else { throw ErrorResponse.authError("the authentication function failed: its answer has no id") }
        var profile: JSONObject = [:]
        for field in Self.profileFields {
            if let value = answer[field]?.stringValue { profile[field] = .string(String(value.prefix(256))) }
        }
        return .identity(providerId: id, profile: profile)
    }

    /// The app's JavaScript function `name`, as App Services runs an authentication function:
    /// it gets the payload and returns the external id, as a string or as an object's `id`;
    /// what it throws refuses the log-in with its words.
    private func javaScript(_ name: String, payload: JSONObject) async throws -> ProviderOutcome {
        guard let javaScript else { throw ErrorResponse.authError("the authentication function '\(name.prefix(64))' cannot run on this server") }
        let answer: JSONValue
        do {
            answer = try await limiter.run(for: caller) { try await javaScript(name, .object(payload)) }
        } catch let refusal as ErrorResponse {
            throw ErrorResponse.authError(String(refusal.error.prefix(200)))
        }
        switch answer {
        case .string(let id): return try Self.identity(["id": .string(id)])
        case .object(let fields): return try Self.identity(fields)
        default: throw ErrorResponse.authError("the authentication function failed: it returned neither an id nor an object with one")
        }
    }

    package init(limiter: FunctionLimiter, caller: FunctionCaller) {
        self.limiter = limiter
        self.caller = caller
    }
}
