import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPages
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every link the server writes starts with its configured public URL, or the address it
/// listens on; never with what a request says. The attack: "forgot password" for Ann sent with
/// `Host: attacker.example` (or a forwarded host) put the attacker's address in Ann's message,
/// and whoever followed the link handed her reset token to the attacker.
@Suite struct PublicLinkTests {
    /// What an attacker writes to move the links: every header that once named the host.
    static let forged = [
        "Host": "attacker.example", "X-Forwarded-Host": "attacker.example", "X-Forwarded-Proto": "https",
        "Forwarded": "for=203.0.113.9;host=attacker.example;proto=https",
    ]

    /// Ann asks for a reset on the device page with the forged headers; her message's link.
    static func resetLink(through page: DevicePageClient, _ t: TestServer, userCode: String) async throws -> (link: String, text: String) {
        page.extraHeaders = forged
        try await page.open(code: userCode)
        try await page.post(["action": "code", "code": userCode])
        try await page.post(["action": "forgot", "email": "ann@example.com"])
        #expect(page.html.contains("a message with a link to set a new password is on its way"), "\(page.html)")
        let message = try #require(try t.outboxMessages().last)
        return (try #require(message.link), message.text)
    }

    @Test func inProcessTheLinksNameThisMachineWhateverTheHostHeaderSays() async throws {
        let t = try await TestServer.make()
        _ = await t.register("ann@example.com", "secret-12")
        let started = try await t.started()
        #expect(started.verificationUri == "http://127.0.0.1/device")
        let (link, text) = try await Self.resetLink(through: DevicePageClient(t), t, userCode: started.userCode)
        #expect(link.hasPrefix("http://127.0.0.1/account/\(t.appId)/reset-password?token="), "\(link)")
        #expect(!text.contains("attacker"))
    }

    /// Over loopback, from an address the server trusts as a proxy (so that a forwarded host
    /// would have been believed), with and without a configured public URL.
    ///
    /// The two run one after the other, and every request with the forged `Host` goes through a
    /// session of its own: URLSession on Linux matches pooled connections by `Host`, and mixed
    /// up two servers' answers (this test's and other tests') when they shared one.
    @Test func overHTTPEveryLinkStartsWithTheConfiguredBase() async throws {
        for publicURL in [nil, "https://id.roster.test/auth/"] { try await Self.overHTTP(publicURL: publicURL) }
    }

    static func overHTTP(publicURL: String?) async throws {
        let configured = try publicURL.map { try PublicURL(parsing: $0) }
        let t = try await TestServer.make { environment in
            environment.trustedProxies = ["127.0.0.1"]
            environment.publicURL = configured
        }
        _ = await t.register("ann@example.com", "secret-12")
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try await t.server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let address = "http://127.0.0.1:\(port)"
        let base = configured?.text ?? address
        #expect(configured == nil || base == "https://id.roster.test/auth")

        // The location answer and the device log-in's page.
        let location = try await Self.send("GET", address + Route.location(appId: t.appId))
        #expect(try WireCoding.decode(LocationResponse.self, from: location).hostname == base)
        let start = try await Self.send("POST", address + "\(Route.app(t.appId))/auth/device/start", body: #"{"client":"roster"}"#)
        let started = try JSONDecoder().decode(DeviceStarted.self, from: start)
        #expect(started.verificationUri == base + "/device")
        #expect(started.verificationUriComplete.hasPrefix(base + "/device?code="))

        // The reset message's link, and the form of the page it opens.
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let page = DevicePageClient(base: address, session: session)
        let (link, text) = try await Self.resetLink(through: page, t, userCode: started.userCode)
        #expect(link.hasPrefix("\(base)/account/\(t.appId)/reset-password?token="), "\(link)")
        #expect(!text.contains("attacker") && !link.contains("https://127.0.0.1"))
        // The link's page, reached where the public URL leads (here, the server itself).
        let opened = try #require(URLComponents(string: String(link.dropFirst(base.count))))
        let form = try await DevicePageClient.http(
            WireRequest(method: .get, path: opened.path, query: Dictionary(uniqueKeysWithValues: (opened.queryItems ?? []).map { ($0.name, $0.value ?? "") })),
            base: address, session: session)
        let html = String(decoding: form.body, as: UTF8.self)
        #expect(html.contains(#"action="\#(base)/account/\#(t.appId)/reset-password""#), "\(html)")
        #expect(!html.contains("attacker"))
        serving.cancel()
        _ = await serving.result
    }

    @Test func aPublicURLIsAnHTTPBaseAndNothingMore() throws {
        #expect(try PublicURL(parsing: "HTTPS://Auth.Example.com:8443/roster//").text == "https://auth.example.com:8443/roster")
        #expect(try PublicURL(parsing: "http://[::1]:9090").text == "http://[::1]:9090")
        for refused in [
            "", "auth.example.com", "ftp://auth.example.com", "javascript:alert(1)", "https://", "https://user:pw@auth.example.com",
            "https://auth.example.com/?next=x", "https://auth.example.com/#top", "https://auth.example.com/ x", "https://a\r\nb.example",
        ] {
            #expect(throws: PublicURL.Invalid.self, "\(refused)") { try PublicURL(parsing: refused) }
        }
        #expect(PublicURL.listening(host: "127.0.0.1", port: 9090)?.text == "http://127.0.0.1:9090")
        #expect(PublicURL.listening(host: "::1", port: 9090)?.text == "http://[::1]:9090")
        #expect(PublicURL.listening(host: "0.0.0.0", port: 9090) == nil && PublicURL.listening(host: "::", port: 9090) == nil)
    }

    /// Listening on every interface names no address to link to: the server will not start
    /// without a public URL rather than write a link nobody can open.
    @Test func servingOnEveryInterfaceNeedsAPublicURL() async throws {
        let t = try await TestServer.make()
        await #expect(throws: PublicURLNeeded.self) { try await t.server.serve(host: "0.0.0.0", port: 0) }
    }

    /// `method url` over HTTP with the forged headers; the answer's body, expected 200.
    static func send(_ method: String, _ url: String, body: String? = nil) async throws -> Data {
        let (status, data) = try await ForwardedRequestTests.send(method, url, forged, body: body)
        #expect(status == 200, "\(String(decoding: data, as: UTF8.self))")
        return data
    }
}
