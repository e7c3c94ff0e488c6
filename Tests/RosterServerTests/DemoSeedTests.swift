import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct DemoSeedTests {
    /// The demo app at the test cost, so the seeding test stays fast.
    static func demoConfig() throws -> AppConfig {
        var config = try AppConfig.demo()
        config.passwordHashing = PasswordHashingConfig(logN: 10, r: 8, p: 1)
        return config
    }

    @Test func demoConfigIsTheShippedApp() throws {
        let config = try AppConfig.demo()
        #expect(config.appId == "roster-demo")
        // The id the command line finds the embedded server's device by, without parsing this.
        #expect(config.appId == AppConfig.demoAppId)
        #expect(config.passwordHashing == PasswordHashingConfig(logN: 15, r: 8, p: 3))
        #expect(config.isEnabled(.anonymous) && config.isEnabled(.emailPassword) && config.isEnabled(.apiKey))
        #expect(config.isEnabled(.customToken))
        #expect(!config.isEnabled(.google))
        #expect(config.customUserData?.userIdField == "userId")
    }

    /// A first start hashes no password: the demo users' hashes ship with them, made at the
    /// demo app's cost, and each is its user's password.
    @Test func theShippedHashesAreTheDemoPasswordsAtTheDemoCost() throws {
        let cost = try AppConfig.demo().passwordHashing
        let hasher = PasswordHasher(cost: cost, randomBytes: { [UInt8](repeating: 0, count: $0) })
        let users = try DemoUsers.load().users
        #expect(users.count == 2)
        for user in users {
            let shipped = try #require(user.shippedHash(at: cost))
            #expect(hasher.verify(user.password, against: shipped), "\(user.email)")
            #expect(!hasher.verify(user.password + "x", against: shipped))
        }
    }

    @Test func anAppAtAnotherCostHashesThePasswordsItself() throws {
        let joe = try #require(try DemoUsers.load().users.first)
        #expect(joe.shippedHash(at: PasswordHashingConfig(logN: 10, r: 8, p: 1)) == nil)
        #expect(joe.shippedHash(at: PasswordHashingConfig(logN: 16, r: 8, p: 3)) == nil)
    }

    @Test func theDemoAppAtItsOwnCostLogsJoeInWithTheShippedHash() async throws {
        let t = try await TestServer.make(try AppConfig.demo(), store: .sqlite)
        try await t.server.seedDemoUsers(appId: "roster-demo")
        #expect(try await t.emailLogin("joe@example.com", "passw0rd").decoded(LoginResponse.self).userId.count == 24)
        #expect(await t.emailLogin("joe@example.com", "pa55word").errorCode == "InvalidPassword")
    }

    @Test(arguments: StoreKind.allCases) func seedingIsIdempotentAndGivesJoeAndEmma(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(try Self.demoConfig(), store: kind)
        try await t.server.seedDemoUsers(appId: "roster-demo")
        try await t.server.seedDemoUsers(appId: "roster-demo")
        let second = try await t.reopen(try Self.demoConfig())
        try await second.seedDemoUsers(appId: "roster-demo")
        let users = try await t.server.admin.listUsers(appId: "roster-demo")
        #expect(users.count == 2)
        #expect(Set(users.compactMap(\.email)) == ["joe@example.com", "emma@example.com"])
        #expect(Set(users.compactMap(\.name)) == ["Joe", "Emma"])

        let joe = try await t.emailLogin("joe@example.com", "passw0rd").decoded(LoginResponse.self)
        let data = try UnverifiedJWT.claims(AccessTokenClaims.self, of: joe.accessToken).userData
        #expect(data?["favoriteColor"] == "green")
        #expect(data?["preferences"]?["fontScale"] == .double(1.25))
        #expect(data?["userId"] == .string(joe.userId))
        let emma = try await t.emailLogin("emma@example.com", "pa55word").decoded(LoginResponse.self)
        let emmaData = try UnverifiedJWT.claims(AccessTokenClaims.self, of: emma.accessToken).userData
        #expect(emmaData?["preferences"]?["fontScale"] == .double(1.0))
        #expect(await t.emailLogin("joe@example.com", "pa55word").errorCode == "InvalidPassword")
    }

    @Test(arguments: StoreKind.allCases) func seedingSkipsAnAppWithUsers(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(try Self.demoConfig(), store: kind)
        _ = try await t.loggedIn(.anonymous)
        try await t.server.seedDemoUsers(appId: "roster-demo")
        #expect(try await t.userCount() == 1)
    }

    @Test(arguments: StoreKind.allCases) func concurrentSeedingSeedsOnce(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(try Self.demoConfig(), store: kind)
        let other = try await t.reopen(try Self.demoConfig())
        async let first: Void = t.server.seedDemoUsers(appId: "roster-demo")
        async let second: Void = other.seedDemoUsers(appId: "roster-demo")
        _ = try await (first, second)
        #expect(try await t.userCount() == 2)
    }
}
