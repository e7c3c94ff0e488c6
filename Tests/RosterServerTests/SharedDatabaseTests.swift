import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct SharedDatabaseTests {
    @Test(arguments: StoreKind.allCases) func twoServersOverOneStoreAcceptEachOthersTokens(_ store: StoreKind) async throws {
        let t = try await TestServer.make(store: store)
        let other = try await t.reopen()
        let ann = try await t.loggedIn(.anonymous)
        let refreshed = await t.call(.post, Route.session, bearer: ann.refreshToken, on: other)
        #expect(refreshed.status == 200)
        let access = try refreshed.decoded(SessionResponse.self).accessToken
        #expect(await t.call(.get, Route.profile, bearer: access).status == 200)
        // A log-out through one is seen by the other.
        #expect(await t.call(.delete, Route.session, bearer: ann.refreshToken, on: other).status == 204)
        #expect(await t.call(.post, Route.session, bearer: ann.refreshToken).errorCode == "InvalidSession")
    }

    @Test func theDatabaseFilesAreOwnerOnly() async throws {
        let t = try await TestServer.make()
        _ = try await t.loggedIn(.anonymous)
        for file in [t.databasePath, t.databasePath + "-wal", t.databasePath + "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(file)")
        }
        // Files an earlier version left readable to others are narrowed at the next start.
        for file in [t.databasePath, t.databasePath + "-wal", t.databasePath + "-shm"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file)
        }
        _ = try await t.reopen()
        for file in [t.databasePath, t.databasePath + "-wal", t.databasePath + "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(file)")
        }
    }

    @Test(arguments: StoreKind.allCases) func aRestartKeepsUsersAndTheSigningKey(_ store: StoreKind) async throws {
        let t = try await TestServer.make(store: store)
        _ = await t.register("ann@example.com", "secret-1")
        let login = try await t.emailLogin("ann@example.com", "secret-1").decoded(LoginResponse.self)
        let restarted = try await t.reopen()
        #expect(await t.call(.get, Route.profile, bearer: login.accessToken, on: restarted).status == 200)
        let again = await t.login(.emailPassword, ["username": "ann@example.com", "password": "secret-1"], on: restarted)
        #expect(try again.decoded(LoginResponse.self).userId == login.userId)
    }

    @Test(arguments: StoreKind.allCases) func concurrentFirstLoginsOfOneIdentityMakeOneUser(_ store: StoreKind) async throws {
        let t = try await TestServer.make(store: store)
        let other = try await t.reopen()
        let now = Int64(t.clock.now.timeIntervalSince1970)
        let token = try await ExternalToken.hs256(["sub": "same", "aud": .string(TestConfig.audience), "exp": .int(now + 600)])
        let ids = await withTaskGroup(of: String?.self) { group in
            for index in 0..<6 {
                group.addTask {
                    let response = await t.login(.customToken, ["token": .string(token)], on: index.isMultiple(of: 2) ? t.server : other)
                    return try? response.decoded(LoginResponse.self).userId
                }
            }
            var ids: [String?] = []
            for await id in group { ids.append(id) }
            return ids
        }
        #expect(ids.allSatisfy { $0 != nil })
        #expect(Set(ids.compactMap { $0 }).count == 1)
        #expect(try await t.userCount() == 1)
    }
}
