import Logging
import RosterWire

/// The client request a function call serves, as `context.request` and `context.token` show it
/// and as its `console` output is logged (the logger carries the request id).
///
///     let request = FunctionRequest(remoteAddress: "203.0.113.7", headers: [("User-Agent", "RealmJS")], token: bearer, logger: logger)
package struct FunctionRequest: Sendable {
    package var remoteAddress: String
    /// The request's headers, in their order; a name may come more than once.
    package var headers: [(name: String, value: String)]
    /// The access token the call came with.
    package var token: String?
    package var logger: Logger

    package init(remoteAddress: String = "in-process", headers: [(name: String, value: String)] = [], token: String? = nil, logger: Logger = Logger(label: "roster-server")) {
        self.remoteAddress = remoteAddress
        self.headers = headers
        self.token = token
        self.logger = logger
    }

    /// The headers as App Services shows them (`context.request.requestHeaders`,
    /// `%%request.requestHeaders`): each name written `Word-Word`, with the list of its values.
    package var requestHeaders: JSONObject {
        var shown = JSONObject()
        for (name, value) in headers {
            let canonical = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: "-")
            shown[canonical] = .array((shown[canonical]?.arrayValue ?? []) + [.string(value)])
        }
        return shown
    }
}
