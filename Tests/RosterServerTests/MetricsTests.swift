import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterOperations

/// Prometheus metrics: requests by route pattern and status with their durations, log-ins by
/// provider and result, refreshes, refusals that say retry later, live sessions by app.
@Suite struct MetricsTests {
    /// A server whose app id is its own, so its series are told from other tests'.
    static func server(limits: LimitsConfig? = nil, store kind: StoreKind) async throws -> TestServer {
        _ = SharedMetrics.registry
        var config = TestConfig.app(appId: "metrics-\(UUID().uuidString.prefix(8).lowercased())")
        if let limits { config.limits = limits }
        return try await TestServer.make(config, store: kind)
    }

    @Test(arguments: StoreKind.allCases) func logInsRefreshesAndLiveSessionsAreCounted(_ kind: StoreKind) async throws {
        let t = try await Self.server(store: kind)
        let before = await t.server.metricsText(from: SharedMetrics.registry)
        let logins = #"roster_logins_total{provider="anon-user",result="success"}"#
        let refreshes = #"roster_refreshes_total{result="success"}"#
        let failedRefreshes = #"roster_refreshes_total{result="InvalidSession"}"#
        let first = try await t.loggedIn(.anonymous)
        _ = try await t.loggedIn(.anonymous)
        #expect(await t.call(.post, Route.session, bearer: first.refreshToken).status == 200)
        #expect(await t.call(.post, Route.session, bearer: "not-a-token").status == 401)
        let text = await t.server.metricsText(from: SharedMetrics.registry)
        #expect(SharedMetrics.value(of: logins, in: text)! >= (SharedMetrics.value(of: logins, in: before) ?? 0) + 2)
        #expect(SharedMetrics.value(of: refreshes, in: text)! >= (SharedMetrics.value(of: refreshes, in: before) ?? 0) + 1)
        #expect(SharedMetrics.value(of: failedRefreshes, in: text)! >= 1)
        #expect(SharedMetrics.value(of: #"roster_active_sessions{app="\#(t.appId)"}"#, in: text) == 2)
        #expect(text.contains("# TYPE roster_active_sessions gauge"))
    }

    @Test(arguments: StoreKind.allCases) func requestsAreCountedByRoutePatternAndStatusWithDurations(_ kind: StoreKind) async throws {
        let t = try await Self.server(store: kind)
        #expect(await t.call(.get, Route.location(appId: t.appId)).status == 200)
        #expect(await t.call(.get, "/no/such/route").status == 404)
        let text = await t.server.metricsText(from: SharedMetrics.registry)
        let served = text.split(separator: "\n").filter { $0.hasPrefix("hb_requests{") }
        #expect(served.contains { $0.contains(#"http_route="/api/client/v2.0/app/{appId}/location""#) && $0.contains(#"http_response_status_code="200""#) })
        #expect(served.contains { $0.contains(#"http_response_status_code="404""#) })
        // The pattern, never the raw path with its ids.
        #expect(!text.contains(t.appId + "/"))
        #expect(text.contains("# TYPE http_server_request_duration histogram"))
        #expect(text.contains(#"http_server_request_duration_bucket{http_route="/api/client/v2.0/app/{appId}/location""#))
    }

    @Test(arguments: StoreKind.allCases) func refusalsThatSayRetryLaterAreCounted(_ kind: StoreKind) async throws {
        let t = try await Self.server(limits: LimitsConfig(freeFailures: 1, maxDelaySeconds: 60), store: kind)
        _ = await t.register("ann@example.com", "secret-12")
        let series = #"roster_rate_limited_total{http_route="/api/client/v2.0/app/{appId}/auth/providers/{provider}/login",status="429"}"#
        let before = SharedMetrics.value(of: series, in: await t.server.metricsText(from: SharedMetrics.registry)) ?? 0
        #expect(await t.emailLogin("ann@example.com", "guess").status == 401)
        #expect(await t.emailLogin("ann@example.com", "guess").status == 429)
        let text = await t.server.metricsText(from: SharedMetrics.registry)
        #expect(SharedMetrics.value(of: series, in: text)! >= before + 1)
        #expect(SharedMetrics.value(of: #"roster_logins_total{provider="local-userpass",result="TooManyRequests"}"#, in: text)! >= 1)
        #expect(SharedMetrics.value(of: #"roster_logins_total{provider="local-userpass",result="InvalidPassword"}"#, in: text)! >= 1)
    }
}
