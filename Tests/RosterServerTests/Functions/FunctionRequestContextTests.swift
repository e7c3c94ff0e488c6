import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `context.request` as App Services gives a function a client called: `remoteIPAddress`,
/// `requestHeaders`, `httpMethod`, `rawQueryString`, `httpUserAgent`, `httpReferrer`, and no
/// `webhookUrl` (that is an HTTPS endpoint's).
@Suite(.timeLimit(.minutes(2))) struct FunctionRequestContextTests {
    @Test func aFunctionSeesTheClientsRequest() async throws {
        let ann = try await JavaScriptFunctionCallTests.start(["request": .init(source: "exports = () => context.request;")])
        let call: JSONValue = ["name": "request", "arguments": []]
        let request = WireRequest(
            method: .post, path: Route.functionCall(appId: ann.t.appId), query: ["kiosk": "k7"],
            headers: [
                "content-type": "application/json", "authorization": "Bearer \(ann.login.accessToken)", "user-agent": "KioskApp/2",
                "referer": "https://shop.example/counter",
            ],
            body: call.data)
        let answer = await ann.t.server.respond(to: request)
        let shown = try #require(answer.json?.objectValue, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(shown["httpMethod"] == "POST")
        #expect(shown["rawQueryString"] == "kiosk=k7")
        #expect(shown["httpUserAgent"] == "KioskApp/2")
        #expect(shown["httpReferrer"] == "https://shop.example/counter")
        #expect(shown["remoteIPAddress"]?.stringValue?.isEmpty == false)
        #expect(shown["requestHeaders"]?["User-Agent"] == ["KioskApp/2"])
        #expect(shown["webhookUrl"] == nil)
        #expect(Set(shown.keys) == ["remoteIPAddress", "requestHeaders", "httpMethod", "rawQueryString", "httpUserAgent", "httpReferrer"])
    }
}
