import Foundation
import RosterWire
import Testing

/// Three `roster-server` processes on one PostgreSQL behind a round-robin nginx, as an
/// organisation runs Roster past one machine: a session, the log-in limits and refresh-token
/// rotation hold across instances, since nothing that must be shared lives in one process. Each
/// step says which instance answered it (each instance's log of the request's id).
@Suite(.serialized) struct SeveralInstancesTests {
    static let session = "/api/client/v2.0/auth/session"
    static let profile = "/api/client/v2.0/auth/profile"
    static let register = InstanceClient.app("/auth/providers/local-userpass/register")
    static let emailLogin = InstanceClient.app("/auth/providers/local-userpass/login")

    static func credentials(_ email: String, _ password: String, field: String = "username") -> String {
        #"{"\#(field)": "\#(email)", "password": "\#(password)"}"#
    }

    @Test func aSessionLoggedInOnOneInstanceIsRefreshedReadAndEndedOnOthers() async throws {
        let deployment = try await ProxiedInstances(name: "session")
        defer { deployment.stop() }
        let client = deployment.client
        // Straight to an instance, so that the proxy's first pick is the log-in.
        let registered = try await client.send(
            "POST", Self.register, json: Self.credentials("emma@example.com", "correct horse", field: "email"), to: .instance(1))
        #expect(registered.status == 201, "\(registered.text)")

        let login = try await client.send("POST", Self.emailLogin, json: Self.credentials("emma@example.com", "correct horse"))
        #expect(login.status == 200, "\(login.text)")
        #expect(login.instance == 1)
        let first = try #require(login["refresh_token"])

        let refresh = try await client.send("POST", Self.session, bearer: first)
        #expect(refresh.status == 200, "\(refresh.text)")
        #expect(refresh.instance == 2)
        let rotated = try #require(refresh["refresh_token"])
        #expect(rotated != first)

        let access = try #require(refresh["access_token"])
        let profile = try await client.send("GET", Self.profile, bearer: access)
        #expect(profile.status == 200, "\(profile.text)")
        #expect(profile.instance == 3)
        #expect(profile["user_id"] == login["user_id"])

        // The proxy would pick instance 1 next: the log-out goes to instance 3 itself.
        let logout = try await client.send("DELETE", Self.session, bearer: rotated, to: .instance(3))
        #expect(logout.status == 204, "\(logout.text)")
        #expect(logout.instance == 3)

        for expected in [1, 2] {
            let refused = try await client.send("POST", Self.session, bearer: rotated)
            #expect(refused.status == 401, "\(refused.text)")
            #expect(refused["error_code"] == "InvalidSession")
            #expect(refused.instance == expected)
        }

        // Behind the proxy, the location a client is sent to is the proxy's.
        let location = try await client.send("GET", InstanceClient.app("/location"))
        #expect(location.status == 200)
        #expect(location.instance == 3)
        #expect(location["hostname"] == client.proxy)
    }

    @Test func failedLogInsSpreadOverTheInstancesLockTheAccountAtTheCountOfOneInstance() async throws {
        let deployment = try await ProxiedInstances(name: "limits")
        defer { deployment.stop() }
        let client = deployment.client
        for email in ["spread@example.com", "single@example.com"] {
            let registered = try await client.send(
                "POST", Self.register, json: Self.credentials(email, "correct horse", field: "email"), to: .instance(1))
            #expect(registered.status == 201, "\(registered.text)")
        }

        let spread = try await Self.failuresUntilLocked(client, email: "spread@example.com", via: .proxy)
        let single = try await Self.failuresUntilLocked(client, email: "single@example.com", via: .instance(1))
        // The app's limits: five failures an hour, counted in the store.
        #expect(spread.failures == 5)
        #expect(spread.failures == single.failures)
        #expect(Set(spread.instances) == [1, 2, 3])
        #expect(Set(single.instances) == [1])
    }

    /// Wrong passwords for `email` until one is answered 429; then the right password must be
    /// refused too, with a wait to honour. How many were answered 401, by which instances.
    static func failuresUntilLocked(_ client: InstanceClient, email: String, via target: InstanceClient.Target) async throws
        -> (failures: Int, instances: [Int])
    {
        var failures = 0
        var instances: [Int] = []
        while failures <= 20 {
            let answer = try await client.send("POST", emailLogin, json: credentials(email, "wrong guess \(failures)"), to: target)
            if answer.status == 429 { break }
            #expect(answer.status == 401, "\(answer.text)")
            #expect(answer["error_code"] == "InvalidPassword")
            instances.append(try #require(answer.instance))
            failures += 1
        }
        let right = try await client.send("POST", emailLogin, json: credentials(email, "correct horse"), to: target)
        #expect(right.status == 429, "\(right.text)")
        #expect(right["error_code"] == "TooManyRequests")
        #expect(right.headers["retry-after"] != nil)
        return (failures, instances)
    }

    @Test func twentyConcurrentRefreshesAcrossTheInstancesAdvanceTheSessionOnce() async throws {
        let deployment = try await ProxiedInstances(name: "rotation")
        defer { deployment.stop() }
        let client = deployment.client
        let login = try await client.send("POST", InstanceClient.app("/auth/providers/anon-user/login"), json: "{}")
        #expect(login.status == 200, "\(login.text)")
        let token = try #require(login["refresh_token"])

        let answers: [InstanceClient.Answer] = try await withThrowingTaskGroup(of: InstanceClient.Answer.self) { group in
            for _ in 0..<20 {
                group.addTask { try await client.send("POST", Self.session, bearer: token) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers.compactMap(\.instance)) == [1, 2, 3])
        let granted = answers.filter { $0.status == 200 }
        let newTokens = Set(granted.map { $0["refresh_token"] })
        #expect(!granted.isEmpty)
        #expect(newTokens.count == 1, "several new refresh tokens: the session advanced more than once")
        #expect(granted.allSatisfy { $0["access_token"] != nil })
        // Any other answer is a refusal a client understands, not a failure of the server.
        for refused in answers where refused.status != 200 {
            #expect([401, 429, 503].contains(refused.status), "\(refused.status): \(refused.text)")
            #expect(refused["error_code"] != nil, "\(refused.text)")
        }

        let next = try #require(newTokens.first ?? nil)
        #expect(next != token)
        #expect(try UnverifiedJWT.claims(RefreshTokenClaims.self, of: next).generation == 1)
        // The session goes on from the one new token.
        let after = try await client.send("POST", Self.session, bearer: next)
        #expect(after.status == 200, "\(after.text)")
        let following = try #require(after["refresh_token"])
        #expect(try UnverifiedJWT.claims(RefreshTokenClaims.self, of: following).generation == 2)
    }
}
