import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A client reaching a part of App Services that Roster does not serve (GraphQL, Device Sync's
/// WebSocket, HTTPS endpoints, incoming webhooks) gets App Services' error for a part the app
/// does not have, not a bare RouteNotFound; an app that is not served is still AppNotFound.
@Suite struct UnservedRouteTests {
    func call(_ t: TestServer, _ method: WireMethod, _ path: String, headers: [String: String] = [:], appId: String? = nil) async -> WireResponse {
        var all = ["content-type": "application/json"]
        all.merge(headers) { $1 }
        let request = WireRequest(
            method: method, path: "\(Route.base)/app/\(appId ?? t.appId)/\(path)", headers: all, body: method == .get ? nil : Data("{}".utf8))
        return await t.server.respond(to: request)
    }

    @Test func eachPartNotServedAnswersAppServicesError() async throws {
        let t = try await TestServer.make()
        let graphQL = await call(t, .post, "graphql")
        #expect(graphQL.status == 404 && graphQL.errorCode == "ServiceNotFound", "\(String(decoding: graphQL.body, as: UTF8.self))")
        #expect(graphQL.errorMessage?.hasPrefix("GraphQL is not served for this app") == true)

        // realm-core's sync client asks for a WebSocket; none is upgraded, the answer is plain HTTP.
        let upgrade = ["connection": "Upgrade", "upgrade": "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ=="]
        let sync = await call(t, .get, "realm-sync", headers: upgrade)
        #expect(sync.status == 404 && sync.errorCode == "ServiceNotFound" && sync.errorMessage?.hasPrefix("Device Sync is not served") == true)
        #expect(sync.headers["content-type"] == "application/json")

        for method: WireMethod in [.get, .post, .put, .patch, .delete] {
            let endpoint = await call(t, method, "endpoint/orders/today")
            #expect(endpoint.status == 404 && endpoint.errorCode == "EndpointNotFound", "\(method)")
        }
        #expect(await call(t, .get, "endpoint/orders").errorMessage?.hasPrefix("HTTPS endpoints are not served") == true)
        let webhook = await call(t, .post, "service/http/incoming_webhook/orderPlaced")
        #expect(webhook.status == 404 && webhook.errorCode == "IncomingWebhookNotFound")

        #expect(await call(t, .post, "graphql", appId: "not-served").errorCode == "AppNotFound")
        #expect(await call(t, .get, "no-such-part").errorCode == "RouteNotFound")
    }
}
