import Foundation
import Hummingbird
import Logging
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// Every failure, whatever throws it, is answered in one place as the protocol's error JSON:
/// a route's `ErrorResponse` as it is, a refusal with its `Retry-After`, the router's own "no
/// route" as RouteNotFound, and anything unexpected as InternalServerError that tells nothing.
@Suite struct ErrorAnswerTests {
    struct SecretLeak: Error, CustomStringConvertible {
        var description: String { "password=hunter2" }
    }

    /// A router with the server's error middleware and routes that throw.
    func answer(_ path: String, method: WireMethod = .get) async -> WireResponse {
        let router = Router(context: RosterRequestContext.self)
        router.add(middleware: ProtocolErrorMiddleware(metrics: ServerMetrics()))
        router.get("/protocol") { _, _ -> RouteReply in throw ErrorResponse.appNotFound("nope") }
        router.get("/limited") { _, _ -> RouteReply in throw LimitWait(seconds: 7) }
        router.get("/busy") { _, _ -> RouteReply in throw HashingBusy() }
        router.get("/unexpected") { _, _ -> RouteReply in throw SecretLeak() }
        router.get("/http") { _, _ -> RouteReply in throw HTTPError(.badRequest, message: "internal detail") }
        let responder = RosterResponder(router: router.buildResponder())
        let context = RosterRequestContext(source: RosterContextSource(logger: Logger(label: "test")))
        let response = await responder.respond(to: WireBridge.request(from: WireRequest(method: method, path: path)), context: context)
        return await WireBridge.wireResponse(from: response)
    }

    func expectJSON(_ response: WireResponse, _ status: Int, _ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.headers["content-type"] == "application/json", sourceLocation: sourceLocation)
        #expect(response.errorCode == code, sourceLocation: sourceLocation)
    }

    @Test func aThrownProtocolErrorIsAnsweredAsItIs() async throws {
        let response = await answer("/protocol")
        expectJSON(response, 404, "AppNotFound")
        #expect(response.errorResponse == ErrorResponse.appNotFound("nope"))
        #expect(response.headers["retry-after"] == nil)
    }

    @Test func refusalsCarryRetryAfter() async throws {
        let limited = await answer("/limited")
        expectJSON(limited, 429, "TooManyRequests")
        #expect(limited.headers["retry-after"] == "7")
        let busy = await answer("/busy")
        expectJSON(busy, 503, "ServiceUnavailable")
        #expect(busy.headers["retry-after"] == "1")
    }

    @Test func unexpectedErrorsTellNothing() async throws {
        let response = await answer("/unexpected")
        expectJSON(response, 500, "InternalServerError")
        #expect(response.errorResponse?.error == "internal server error")
        #expect(!String(decoding: response.body, as: UTF8.self).contains("hunter2"))
        let http = await answer("/http")
        expectJSON(http, 400, "BadRequest")
        #expect(!String(decoding: http.body, as: UTF8.self).contains("internal detail"))
    }

    @Test func theRoutersOwnAnswersAreProtocolJSON() async throws {
        expectJSON(await answer("/nowhere"), 404, "RouteNotFound")
        expectJSON(await answer("/protocol", method: .post), 404, "RouteNotFound")
    }
}
