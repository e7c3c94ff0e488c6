import HTTPTypes
import Hummingbird
import RosterServerCore
import RosterWire

/// The client routes of what App Services serves and Roster does not (GraphQL, Device Sync's
/// WebSocket, HTTPS endpoints, the older incoming webhooks), under `/app/{appId}`: each answers
/// App Services' error for a part the app does not have, so that a client reaching one learns
/// it at once instead of from a bare RouteNotFound. No WebSocket is upgraded: a sync client's
/// handshake gets the error as a plain HTTP answer. The errors are in docs/COMPATIBILITY.md.
package enum UnservedRoutes {
    package static func add(to app: RouterGroup<RosterRequestContext>, sessions: SessionService) {
        app.post("graphql") { _, _ -> RouteReply in throw notServed(.graphQL) }
        // A device's push registration (realm-core's PushClient): for a signed-in user, as App
        // Services checks the token first; an unknown service in App Services' words.
        let push = app.group("push/providers/:service/registration").add(middleware: SessionAuthenticator(sessions: sessions, token: .access))
        for method: HTTPRequest.Method in [.put, .delete] {
            push.on("", method: method) { _, context -> RouteReply in
                _ = try context.caller()
                let service = try context.parameters.require("service")
                guard try context.servedApp().config.pushServices.contains(service) else { throw serviceNotFound(service) }
                throw notServed(.pushNotifications)
            }
        }
        app.get("realm-sync") { _, _ -> RouteReply in throw notServed(.deviceSync) }
        for method: HTTPRequest.Method in [.get, .post, .put, .patch, .delete] {
            app.on("endpoint/**", method: method) { _, _ -> RouteReply in throw notServed(.httpsEndpoints) }
        }
        for method: HTTPRequest.Method in [.get, .post] {
            app.on("service/:service/incoming_webhook/:webhook", method: method) { _, _ -> RouteReply in throw notServed(.incomingWebhooks) }
        }
    }

    /// The parts a client may reach that Roster does not serve.
    package enum Part: Sendable {
        case graphQL, deviceSync, httpsEndpoints, incomingWebhooks, pushNotifications
    }

    /// App Services' answer for a service the app does not have: `service not found: '<name>'`.
    package static func serviceNotFound(_ name: String) -> ErrorResponse {
        ErrorResponse(.serviceNotFound, "service not found: '\(name.prefix(64))'")
    }

    /// The error a client gets for `part`: App Services' code, Roster's words.
    package static func notServed(_ part: Part) -> ErrorResponse {
        switch part {
        case .graphQL: ErrorResponse(.serviceNotFound, "GraphQL is not served for this app: call its functions or its data service instead")
        case .deviceSync: ErrorResponse(.serviceNotFound, "Device Sync is not served for this app: its data is reached through its data service")
        case .httpsEndpoints: ErrorResponse(.endpointNotFound, "HTTPS endpoints are not served for this app: call its functions instead")
        case .incomingWebhooks: ErrorResponse(.incomingWebhookNotFound, "incoming webhooks are not served for this app: call its functions instead")
        case .pushNotifications:
            ErrorResponse(.serviceNotFound, "push notifications are not served for this app: no device registration is kept and nothing is sent")
        }
    }
}
