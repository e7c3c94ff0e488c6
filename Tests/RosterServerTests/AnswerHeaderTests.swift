import Crypto
import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The headers every answer carries (`ResponseSafetyMiddleware`): no cache keeps an answer that
/// hands out a token, and HSTS when the public URL is https (`Retry-After` on every 503:
/// HealthTests).
@Suite struct AnswerHeaderTests {
    /// Every route that hands out a token or a secret answers `Cache-Control: no-store`: log-ins
    /// of each kind, the refresh, a link, API keys, unlock keys and the device poll.
    @Test(arguments: StoreKind.allCases) func everyAnswerCarryingATokenIsNoStore(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        var answers: [(String, WireResponse)] = []
        let anonymous = await t.login(.anonymous)
        answers.append(("anonymous log-in", anonymous))
        let anon = try anonymous.decoded(LoginResponse.self)
        _ = await t.register("ann@example.com", "secret-12")
        answers.append(("refresh", await t.call(.post, Route.session, bearer: anon.refreshToken)))
        answers.append((
            "link",
            await t.call(
                .post, Route.login(appId: t.appId, provider: .emailPassword), json: ["username": "ann@example.com", "password": "secret-12"],
                bearer: anon.accessToken, query: ["link": "true"])
        ))
        answers.append(("email log-in", await t.emailLogin("ann@example.com", "secret-12")))
        let created = await t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: anon.refreshToken)
        answers.append(("API key made", created))
        let key = try created.decoded(APIKeyResponse.self)
        answers.append(("API keys", await t.call(.get, Route.apiKeys, bearer: anon.refreshToken)))
        answers.append(("API key log-in", await t.login(.apiKey, ["key": .string(try #require(key.key))])))
        let proof = Data(repeating: 0x5A, count: 32)
        let digest = Data(SHA256.hash(data: proof)).base64EncodedString()
        let unlockKey = await t.call(.post, Route.unlockKeys, json: ["proof_digest": .string(digest)], bearer: anon.refreshToken)
        answers.append(("unlock key made", unlockKey))
        let unlockId = try #require(unlockKey.json?["unlock_id"]?.stringValue)
        answers.append((
            "unlock",
            await t.call(.post, Route.unlock, json: ["unlock_id": .string(unlockId), "proof": .string(proof.base64EncodedString())])
        ))
        let started = try await t.started()
        try await t.approveOnPage(started.userCode, email: "ann@example.com", password: "secret-12")
        answers.append(("device poll", await t.devicePoll(started.deviceCode)))
        // A refusal is no-store too.
        answers.append(("refused log-in", await t.emailLogin("ann@example.com", "wrong-password")))

        for (name, answer) in answers {
            #expect(answer.status < 300 || name.hasPrefix("refused"), "\(name): \(answer.status)")
            #expect(answer.headers["cache-control"] == "no-store", "\(name)")
        }
    }

    /// Answers no route made (the router's 404) and answers without a token are no-store too.
    @Test func theRoutersOwnAnswersAreNoStoreToo() async throws {
        let t = try await TestServer.make()
        for path in ["/health", "/no/such/route", Route.location(appId: t.appId)] {
            #expect(await t.call(.get, path).headers["cache-control"] == "no-store", "\(path)")
        }
    }

    @Test func anHTTPSPublicURLSendsStrictTransportSecurityOnEveryAnswer() async throws {
        let t = try await TestServer.make { $0.publicURL = try? PublicURL(parsing: "https://auth.example.com") }
        let answers = [
            await t.call(.get, "/health"), await t.login(.anonymous), await t.call(.get, "/no/such/route"),
            await t.call(.get, Route.profile, bearer: "not-a-token"),
        ]
        for answer in answers {
            #expect(answer.headers["strict-transport-security"] == "max-age=31536000", "\(answer.status)")
        }
    }

    @Test func anHTTPPublicURLOrNoneSendsNoStrictTransportSecurity() async throws {
        let plain = try await TestServer.make { $0.publicURL = try? PublicURL(parsing: "http://auth.example.com") }
        #expect(await plain.call(.get, "/health").headers["strict-transport-security"] == nil)
        #expect(await plain.login(.anonymous).headers["strict-transport-security"] == nil)
        let unset = try await TestServer.make()
        #expect(await unset.call(.get, "/health").headers["strict-transport-security"] == nil)
    }
}
