import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct APIKeyTests {
    @Test(arguments: StoreKind.allCases) func fullLifecycle(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        _ = await t.register("ann@example.com", "secret-1")
        let owner = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)

        let created = await t.call(.post, Route.apiKeys, json: ["name": "laptop"], bearer: owner.refreshToken)
        #expect(created.status == 201)
        let key = try created.decoded(APIKeyResponse.self)
        #expect(key.name == "laptop" && key.disabled == false)
        let secret = try #require(key.key)
        #expect(secret.count == 64)

        // The key is shown once: list and fetch leave it out.
        let list = try await t.call(.get, Route.apiKeys, bearer: owner.refreshToken).decoded([APIKeyResponse].self)
        #expect(list == [APIKeyResponse(id: key.id, name: "laptop", disabled: false)])
        let fetched = await t.call(.get, Route.apiKey(key.id), bearer: owner.refreshToken)
        #expect(try fetched.decoded(APIKeyResponse.self) == APIKeyResponse(id: key.id, name: "laptop", disabled: false))
        #expect(fetched.json?["key"] == nil)

        // It logs its owner in.
        let viaKey = try await t.loggedIn(.apiKey, ["key": .string(secret)])
        #expect(viaKey.userId == owner.userId)

        // Disabled, it does not; enabled again, it does.
        #expect(await t.call(.put, Route.disableAPIKey(key.id), bearer: owner.refreshToken).status == 204)
        #expect(try await t.call(.get, Route.apiKey(key.id), bearer: owner.refreshToken).decoded(APIKeyResponse.self).disabled)
        let refused = await t.login(.apiKey, ["key": .string(secret)])
        #expect(refused.status == 401)
        #expect(refused.errorCode == "AuthError")
        #expect(await t.call(.put, Route.enableAPIKey(key.id), bearer: owner.refreshToken).status == 204)
        #expect(await t.login(.apiKey, ["key": .string(secret)]).status == 200)

        // Deleted, it is gone for good.
        #expect(await t.call(.delete, Route.apiKey(key.id), bearer: owner.refreshToken).status == 204)
        #expect(await t.login(.apiKey, ["key": .string(secret)]).errorCode == "AuthError")
        #expect(await t.call(.get, Route.apiKey(key.id), bearer: owner.refreshToken).errorCode == "APIKeyNotFound")
        #expect(await t.call(.delete, Route.apiKey(key.id), bearer: owner.refreshToken).errorCode == "APIKeyNotFound")
        #expect(try await t.call(.get, Route.apiKeys, bearer: owner.refreshToken).decoded([APIKeyResponse].self).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func anotherUsersKeyIsNotFound(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let bob = try await t.loggedIn(.anonymous)
        let key = try await t.call(.post, Route.apiKeys, json: ["name": "k"], bearer: ann.refreshToken).decoded(APIKeyResponse.self)
        let response = await t.call(.get, Route.apiKey(key.id), bearer: bob.refreshToken)
        #expect(response.status == 404)
        #expect(response.errorCode == "APIKeyNotFound")
        #expect(await t.call(.put, Route.disableAPIKey(key.id), bearer: bob.refreshToken).errorCode == "APIKeyNotFound")
        #expect(await t.call(.delete, Route.apiKey(key.id), bearer: bob.refreshToken).errorCode == "APIKeyNotFound")
        #expect(try await t.call(.get, Route.apiKey(key.id), bearer: ann.refreshToken).decoded(APIKeyResponse.self).disabled == false)
    }

    @Test(arguments: StoreKind.allCases) func keyRoutesNeedTheRefreshToken(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let response = await t.call(.post, Route.apiKeys, json: ["name": "k"], bearer: ann.accessToken)
        #expect(response.status == 401)
        #expect(response.errorCode == "InvalidSession")
        #expect(try await t.call(.get, Route.apiKeys, bearer: ann.refreshToken).decoded([APIKeyResponse].self).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func duplicateAndBadNamesAreRefused(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        #expect(await t.call(.post, Route.apiKeys, json: ["name": "k"], bearer: ann.refreshToken).status == 201)
        #expect(await t.call(.post, Route.apiKeys, json: ["name": "k"], bearer: ann.refreshToken).errorCode == "InvalidParameter")
        #expect(await t.call(.post, Route.apiKeys, json: [:], bearer: ann.refreshToken).errorCode == "MissingParameter")
        #expect(await t.call(.post, Route.apiKeys, json: ["name": 5], bearer: ann.refreshToken).errorCode == "InvalidParameter")
        #expect(try await t.call(.get, Route.apiKeys, bearer: ann.refreshToken).decoded([APIKeyResponse].self).count == 1)
    }

    @Test(arguments: StoreKind.allCases) func aDeletedUsersKeysStopWorking(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let key = try await t.call(.post, Route.apiKeys, json: ["name": "k"], bearer: ann.refreshToken).decoded(APIKeyResponse.self)
        try await t.server.admin.deleteUser(appId: t.appId, userId: ann.userId)
        #expect(await t.login(.apiKey, ["key": .string(key.key ?? "")]).errorCode == "AuthError")
    }
}
