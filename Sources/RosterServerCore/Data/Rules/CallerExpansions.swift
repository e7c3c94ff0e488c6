import RosterDocuments
import RosterWire
import Synchronization

/// What a rule's expansions read of one caller that holds for a whole JavaScript function run,
/// resolved at the run's first data call under App Services' roles and reused by the others:
/// `%%user.data` (the profile, parsed once), `%%values`, `%%environment` and `%%request` as the
/// run's request shows it. A run's caller and request do not change, so the rules see what they
/// would have seen with each call resolved on its own. What the store holds is not among them:
/// a role that reads `%%user.custom_data` or `%%user.identities` reads them at each call, so it
/// sees what the function (or anyone) changed before.
///
///     let resolved = CallerExpansions()
///     try await data.run("find", arguments: [query], caller: caller, request: request, resolved: resolved)
///     try await data.run("insertOne", arguments: [document], caller: caller, request: request, resolved: resolved)
package final class CallerExpansions: Sendable {
    /// The parts read from the caller and the request alone.
    package struct Fixed: Sendable, Equatable {
        /// The user's profile, `%%user.data`.
        package var data: JSONValue
        package var values: JSONObject
        package var environment: JSONObject
        /// The request as `%%request` shows it, without the call's `service` and `action`.
        package var request: JSONObject

        /// Resolves them for one call.
        package static func of(_ caller: AuthorizedSession, request: FunctionRequest?) -> Fixed {
            let config = caller.app.config
            return Fixed(
                data: .object((try? JSONValue(parsing: caller.user.profile))?.objectValue ?? [:]),
                values: JSONObject(config.values.compactMapValues { try? ExtendedJSON.canonical($0) }),
                environment: ["tag": .string(config.environment), "values": [:]], request: request?.shown ?? [:])
        }
    }

    private let known = Mutex<Fixed?>(nil)

    package init() {}

    /// The fixed parts, resolved at the first call.
    package func fixed(_ caller: AuthorizedSession, request: FunctionRequest?) -> Fixed {
        if let fixed = known.withLock({ $0 }) { return fixed }
        let fixed = Fixed.of(caller, request: request)
        known.withLock { if $0 == nil { $0 = fixed } }
        return fixed
    }
}
