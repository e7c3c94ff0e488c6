import Logging
import RosterWire

/// The client request a function call serves, as `context.request` and `context.token` show it
/// and as its `console` output is logged (the logger carries the request id).
///
///     let request = FunctionRequest(remoteAddress: "203.0.113.7", headers: [("User-Agent", "RealmJS")], token: bearer, logger: logger)
package struct FunctionRequest: Sendable {
    package var remoteAddress: String
    /// The request's headers, in their order; a name may come more than once. Read only by a
    /// JavaScript function's `context.request` and App Services' roles (`%%request`), so a
    /// client's request gives them as a function of its own headers, copied when read: most
    /// data calls never read them.
    package var headers: [(name: String, value: String)] { readHeaders() }
    private let readHeaders: @Sendable () -> [(name: String, value: String)]
    /// The access token the call came with.
    package var token: String?
    package var logger: Logger
    /// The HTTP method (`POST` for a call, `GET` for a change stream); nil for a run no client
    /// request started (a trigger, a user's creation).
    package var method: String?
    /// The query string as sent, without the `?`; empty when there was none.
    package var rawQuery: String
    /// The request's URL as the app's log shows it: the server's public base (from its
    /// configuration, never the request's `Host`) and the path, without the query (a change
    /// stream's carries its access token). Nil for a run no client request started.
    package var url: String?
    /// Where the run's `console` output is kept for the app's log; nil keeps none.
    package var console: FunctionConsole?

    package init(
        remoteAddress: String = "in-process", headers: [(name: String, value: String)] = [], token: String? = nil,
        logger: Logger = Logger(label: "roster-server"), method: String? = nil, rawQuery: String = "", url: String? = nil
    ) {
        self.init(remoteAddress: remoteAddress, headers: { headers }, token: token, logger: logger, method: method, rawQuery: rawQuery, url: url)
    }

    /// A request whose headers are read from `headers` when a function or a role asks for them.
    package init(
        remoteAddress: String, headers: @escaping @Sendable () -> [(name: String, value: String)], token: String?, logger: Logger,
        method: String?, rawQuery: String, url: String?
    ) {
        self.remoteAddress = remoteAddress
        self.readHeaders = headers
        self.token = token
        self.logger = logger
        self.method = method
        self.rawQuery = rawQuery
        self.url = url
    }

    /// `context.request` and `%%request` as App Services gives them for a client's request:
    /// `remoteIPAddress`, `requestHeaders`, `httpMethod`, `rawQueryString`, and `httpUserAgent`
    /// and `httpReferrer` when the request has those headers. `webhookUrl` belongs to HTTPS
    /// endpoints, which Roster does not serve; a data call's `%%request` adds `service` and `action`.
    package var shown: JSONObject {
        let headers = self.headers
        var fields: JSONObject = ["remoteIPAddress": .string(remoteAddress), "requestHeaders": .object(Self.shown(headers))]
        if let method { fields["httpMethod"] = .string(method) }
        fields["rawQueryString"] = .string(rawQuery)
        for (name, key) in [("user-agent", "httpUserAgent"), ("referer", "httpReferrer")] {
            if let value = headers.first(where: { $0.name.lowercased() == name })?.value { fields[key] = .string(value) }
        }
        return fields
    }

    /// The headers as App Services shows them (`context.request.requestHeaders`,
    /// `%%request.requestHeaders`): each name written `Word-Word`, with the list of its values.
    package var requestHeaders: JSONObject { Self.shown(headers) }

    private static func shown(_ headers: [(name: String, value: String)]) -> JSONObject {
        var shown = JSONObject()
        for (name, value) in headers {
            let canonical = name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined(separator: "-")
            shown[canonical] = .array((shown[canonical]?.arrayValue ?? []) + [.string(value)])
        }
        return shown
    }
}
