import Foundation
import RosterOperations
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The web demo's port serves its page (HTML, script, style sheet) with a policy that lets it
/// call the client API on the other port and nothing else, and it serves nothing more: not the
/// client API, not the server's own pages, not health or metrics.
@Suite struct WebDemoEndpointTests {
    @Test func thePageItsScriptAndItsStyleSheetAreServedWithATightPolicy() async throws {
        try await WebDemoOnLoopback.with { served in
            let page = try await served.get("/")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            #expect(page.body.contains(#"<meta name="roster-api" content="\#(served.api)">"#), "\(page.body)")
            #expect(page.body.contains(#"<meta name="roster-app" content="roster-demo">"#))
            #expect(!page.body.contains("{{"), "every placeholder is filled")
            let policy = try #require(page.headers["content-security-policy"])
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && policy.contains("style-src 'self'"))
            #expect(policy.contains("connect-src \(served.api);"), "\(policy)")
            #expect(!policy.contains("unsafe"), "\(policy)")
            #expect(page.headers["x-content-type-options"] == "nosniff" && page.headers["referrer-policy"] == "no-referrer")
            #expect(page.headers["access-control-allow-origin"] == nil)

            let script = try await served.get("/app.js")
            #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.body.contains("textContent") && script.body.contains("baas_request"))
            let style = try await served.get("/style.css")
            #expect(style.status == 200 && style.headers["content-type"] == "text/css; charset=utf-8")
        }
    }

    @Test func nothingElseIsServedThere() async throws {
        try await WebDemoOnLoopback.with { served in
            let elsewhere = [
                Route.location(appId: "roster-demo"), "\(Route.app("roster-demo"))/auth/providers", Route.profile, "/health", "/ready",
                "/metrics", "/device", "/index.html", "/demo/web/app.js", "/app.json", "/users.json",
            ]
            for path in elsewhere {
                let answer = try await served.get(path)
                #expect(answer.status == 404, "\(path): \(answer.status)")
                #expect(!answer.body.contains("roster-demo"), "\(path): \(answer.body)")
            }
            for method in ["POST", "PUT", "DELETE"] {
                let answer = try await served.get("/", method: method)
                #expect(answer.status != 200, "\(method) /: \(answer.status)")
            }
            // The API's own port does not serve the page.
            var request = URLRequest(url: URL(string: served.api + "/app.js")!)
            request.httpMethod = "GET"
            let (_, response) = try await URLSession.shared.data(for: request)
            #expect((response as! HTTPURLResponse).statusCode == 404)
        }
    }

    /// What fills the page's placeholders is escaped, so it stays inside its attribute.
    @Test func theAppIdIsEscapedInThePage() async throws {
        try await WebDemoOnLoopback.with(webDemoAppId: #"a"><script>alert(1)</script>&'"#) { served in
            let page = try await served.get("/")
            #expect(!page.body.contains("<script>alert"), "\(page.body)")
            #expect(page.body.contains(#"content="a&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;&#39;""#), "\(page.body)")
        }
    }

    /// The script shows what the server answers as text, never as markup.
    @Test func theScriptWritesNoMarkup() throws {
        let script = String(decoding: try WebDemoFiles.load().script, as: UTF8.self)
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            #expect(!script.contains(sink), "app.js uses \(sink)")
        }
    }

    @Test func theOriginOfABaseWithAPathIsItsSchemeHostAndPort() throws {
        #expect(WebDemoEndpoint.origin(of: try PublicURL(parsing: "https://auth.example.com:8443/roster")) == "https://auth.example.com:8443")
        #expect(WebDemoEndpoint.origin(of: try PublicURL(parsing: "http://127.0.0.1:9090")) == "http://127.0.0.1:9090")
    }
}
