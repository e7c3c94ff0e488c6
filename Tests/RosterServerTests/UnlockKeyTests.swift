import Crypto
import Foundation
import GRDB
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// Server-assisted unlock's routes (docs/PROTOCOL-ADDITIONS.md, "Unlock keys") on both stores:
/// the half only for the right proof, wrong proofs counted to ten in all (a right one gives none
/// back), then the key erased and the session ended; the server's tables hold no proof and no
/// unlock id.
@Suite struct UnlockKeyTests {
    static let proof = Data(repeating: 0x5A, count: 32)
    static let wrong = Data(repeating: 0x11, count: 32)

    static func digest(_ proof: Data) -> String { Data(SHA256.hash(data: proof)).base64EncodedString() }

    func unlock(_ t: TestServer, id: String, _ proof: Data) async -> WireResponse {
        await t.call(.post, Route.unlock, json: ["unlock_id": .string(id), "proof": .string(proof.base64EncodedString())])
    }

    @Test(arguments: StoreKind.allCases) func theHalfIsReleasedOnlyToTheRightProof(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let made = await t.call(.post, Route.unlockKeys, json: ["proof_digest": .string(Self.digest(Self.proof))], bearer: ann.refreshToken)
        #expect(made.status == 201)
        let key = try made.decoded(UnlockKeyCreated.self)
        #expect(key.unlockId.count == 64 && Data(base64Encoded: key.serverHalf)?.count == 32)

        let right = await unlock(t, id: key.unlockId, Self.proof)
        #expect(try right.decoded(UnlockReleased.self) == UnlockReleased(serverHalf: key.serverHalf, wrongProofs: 0, triesLeft: 10))
        let refused = await unlock(t, id: key.unlockId, Self.wrong)
        #expect(refused.status == 401)
        #expect(try refused.decoded(UnlockRefused.self) == UnlockRefused(triesLeft: 9))
        // A right proof is told of the wrong one and does not give it back.
        #expect(try await unlock(t, id: key.unlockId, Self.proof).decoded(UnlockReleased.self).wrongProofs == 1)
        for left in stride(from: 8, through: 1, by: -1) {
            #expect(try await unlock(t, id: key.unlockId, Self.wrong).decoded(UnlockRefused.self).triesLeft == left)
        }
        // The tenth in all: the key is erased and the session ended.
        let last = await unlock(t, id: key.unlockId, Self.wrong)
        #expect(last.status == 401 && last.errorCode == "InvalidSession", "\(String(decoding: last.body, as: UTF8.self))")
        let gone = await unlock(t, id: key.unlockId, Self.proof)
        #expect(gone.status == 404 && gone.errorCode == "UnlockKeyNotFound")
        #expect(await t.call(.post, Route.session, bearer: ann.refreshToken).status == 401, "the session is ended")
    }

    @Test(arguments: StoreKind.allCases) func aKeyGoesWithItsSessionAndIsReplacedByTheNext(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let body: JSONValue = ["proof_digest": .string(Self.digest(Self.proof))]
        let first = try await t.call(.post, Route.unlockKeys, json: body, bearer: ann.refreshToken).decoded(UnlockKeyCreated.self)
        let second = try await t.call(.post, Route.unlockKeys, json: body, bearer: ann.refreshToken).decoded(UnlockKeyCreated.self)
        #expect(first.unlockId != second.unlockId && first.serverHalf != second.serverHalf)
        #expect(await unlock(t, id: first.unlockId, Self.proof).errorCode == "UnlockKeyNotFound", "replaced")
        #expect(await unlock(t, id: second.unlockId, Self.proof).status == 200)
        // Forgotten by its session.
        #expect(await t.call(.delete, Route.unlockKeys, bearer: ann.refreshToken).status == 204)
        #expect(await t.call(.delete, Route.unlockKeys, bearer: ann.refreshToken).errorCode == "UnlockKeyNotFound")
        let third = try await t.call(.post, Route.unlockKeys, json: body, bearer: ann.refreshToken).decoded(UnlockKeyCreated.self)
        // A log-out ends the session: its key answers as unknown.
        #expect(await t.call(.delete, Route.session, bearer: ann.refreshToken).status == 204)
        #expect(await unlock(t, id: third.unlockId, Self.proof).errorCode == "UnlockKeyNotFound")
    }

    @Test(arguments: StoreKind.allCases) func badInputIsRefusedByNameAndTheTablesHoldNoSecret(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        #expect(await t.call(.post, Route.unlockKeys, json: ["proof_digest": .string(Self.digest(Self.proof))]).status == 401, "needs a session")
        let short = await t.call(.post, Route.unlockKeys, json: ["proof_digest": "AAAA"], bearer: ann.refreshToken)
        #expect(short.status == 400 && short.errorMessage?.contains("'proof_digest' must be 32 bytes in base64") == true)
        let key = try await t.call(.post, Route.unlockKeys, json: ["proof_digest": .string(Self.digest(Self.proof))], bearer: ann.refreshToken)
            .decoded(UnlockKeyCreated.self)
        let badId = await t.call(.post, Route.unlock, json: ["unlock_id": "../etc", "proof": .string(Self.proof.base64EncodedString())])
        #expect(badId.status == 400 && badId.errorMessage?.contains("'unlock_id' must be 64 hexadecimal characters") == true)
        let badProof = await t.call(.post, Route.unlock, json: ["unlock_id": .string(key.unlockId), "proof": "not base64!"])
        #expect(badProof.status == 400 && badProof.errorMessage?.contains("'proof' must be 32 bytes in base64") == true)
        #expect(await t.call(.post, Route.unlock, json: ["proof": "x"]).status == 400)
        // Refused input counted nothing.
        #expect(try await unlock(t, id: key.unlockId, Self.wrong).decoded(UnlockRefused.self).triesLeft == 9)
        // What the store keeps: digests and the half, never the proof or the unlock id (read
        // from the store's own tables).
        let rows: [UnlockKeyRecord]
        switch kind {
        case .sqlite:
            rows = try await DatabaseQueue(path: t.databasePath).read { db in try UnlockKeyRecord.fetchAll(db) }
        case .postgres:
            let store = try await PostgresServerStore(url: t.databasePath)
            rows = try await store.rows("SELECT \(unescaped: PostgresServerStore.unlockKeyColumns) FROM unlock_keys")
                .map(PostgresServerStore.unlockKey)
        }
        let stored = try #require(rows.first)
        #expect(rows.count == 1)
        #expect(stored.idDigest == SecretDigest.hex(of: key.unlockId) && stored.idDigest != key.unlockId)
        #expect(stored.proofDigest == Data(SHA256.hash(data: Self.proof)) && stored.proofDigest != Self.proof)
        #expect(stored.wrongProofs == 1)
    }

    /// A copy of the device folder guessing between its owner's unlocks: the owner's right PIN
    /// gives no guess back, so the copy has ten in all, not nine per unlock; each release tells
    /// the owner how many wrong proofs came since the last, and the tenth erases the key.
    @Test(arguments: StoreKind.allCases) func wrongProofsBetweenTheOwnersUnlocksAreTenInAllAndTold(_ kind: StoreKind) async throws {
        let t = try await TestServer.make(store: kind)
        let ann = try await t.loggedIn(.anonymous)
        let key = try await t.call(.post, Route.unlockKeys, json: ["proof_digest": .string(Self.digest(Self.proof))], bearer: ann.refreshToken)
            .decoded(UnlockKeyCreated.self)
        var left = 10
        for round in 0..<3 {
            for _ in 0..<3 {
                left -= 1
                #expect(try await unlock(t, id: key.unlockId, Self.wrong).decoded(UnlockRefused.self).triesLeft == left, "round \(round)")
            }
            let owner = try await unlock(t, id: key.unlockId, Self.proof).decoded(UnlockReleased.self)
            #expect(owner == UnlockReleased(serverHalf: key.serverHalf, wrongProofs: 3, triesLeft: left), "round \(round)")
        }
        // Nine wrong proofs in three rounds; the next is the tenth in all.
        let last = await unlock(t, id: key.unlockId, Self.wrong)
        #expect(last.status == 401 && last.errorCode == "InvalidSession")
        #expect(await unlock(t, id: key.unlockId, Self.proof).errorCode == "UnlockKeyNotFound", "the owner logs in again")
        #expect(await t.call(.post, Route.session, bearer: ann.refreshToken).status == 401, "the session is ended")
    }
}
