import Foundation
import GRDB

extension SQLiteDeviceStore {
    func saveLogIn(_ login: LoginRecord, newEntry: String, at: Date) throws -> StoredUser {
        try write { db in
            var user = try StoredUser.fetchOne(db, key: login.id)
                ?? StoredUser(id: login.id, entry: newEntry, state: .loggedIn, identities: [], profile: [:])
            user.state = .loggedIn
            user.sealed = try login.seal(user.entry)
            user.revocationBox = try login.sealRevocation(user.entry)
            user.accessTokenReceivedAt = login.receivedAt
            user.accessTokenLifetime = login.lifetime
            user.deviceId = login.deviceId ?? user.deviceId
            user.identities = login.identities
            user.profile = login.profile
            user.lastActive = at
            user.wrongSecrets = 0
            user.secretRetryAt = nil
            try user.save(db)
            try Self.setCurrentUserId(login.id, db)
            try Self.recordActivity(at: at, db)  // someone is at the device (BEHAVIOURS 52)
            return user
        }
    }

    func storeSession(
        id: String, entry: String, replacing: Data, sealed: SealedSession, receivedAt: Date?, lifetime: TimeInterval?
    ) throws -> StoredUser? {
        // The server may have replaced the refresh token this one follows: it must be stored
        // even on a full disk.
        try write(releasingReserve: true) { db in
            guard var user = try StoredUser.fetchOne(db, key: id), user.entry == entry, user.state == .loggedIn,
                user.sealed?.box == replacing
            else { return nil }
            user.sealed = sealed
            if let receivedAt { user.accessTokenReceivedAt = receivedAt }
            if let lifetime { user.accessTokenLifetime = lifetime }
            // Reading or refreshing a user's data does not make it active: only log-in and
            // switch do (BEHAVIOURS 17), so the list does not reshuffle under the cursor.
            try user.update(db)
            return user
        }
    }

    func endSession(id: String, entry: String, remove: Bool, onlyIfBox: Data?, chooseNext: Bool) throws -> EndedSession? {
        try write { db in try Self.endSession(id: id, entry: entry, remove: remove, onlyIfBox: onlyIfBox, chooseNext: chooseNext, db) }
    }

    static func endSession(
        id: String, entry: String, remove: Bool, onlyIfBox: Data?, chooseNext: Bool, _ db: Database
    ) throws -> EndedSession? {
        guard let before = try StoredUser.fetchOne(db, key: id), before.entry == entry else { return nil }
        if let expected = onlyIfBox, before.sealed?.box != expected { return nil }
        if remove {
            try StoredUser.deleteOne(db, key: id)
        } else {
            var after = before.withoutSession
            after.state = .loggedOut
            after.wrongSecrets = 0
            after.secretRetryAt = nil
            try after.update(db)
        }
        var current = try currentUserId(db)
        let wasCurrent = current == id
        if wasCurrent {
            current = chooseNext
                ? try StoredUser.filter(StoredUser.Columns.state == UserState.loggedIn.rawValue)
                    .order(StoredUser.Columns.lastActive.desc).fetchOne(db)?.id
                : nil
            try setCurrentUserId(current, db)
        }
        return EndedSession(before: before, currentUserId: current, wasCurrent: wasCurrent)
    }

    func deviceKeyId() throws -> String? {
        try read { db in try Self.metadata(Self.deviceKeyIdKey, db) }
    }

    func setDeviceKeyId(_ id: String) throws {
        try write { db in try Self.setMetadata(Self.deviceKeyIdKey, id, db) }
    }

    /// The rows with tokens an earlier version left in the clear; `user_with_clear_tokens`
    /// holds just those, so the look every open makes reads no other user.
    static let legacyTokensQuery = """
        SELECT id, entry, refresh_token, access_token FROM user
        WHERE refresh_token IS NOT NULL AND access_token IS NOT NULL
        """

    func legacyTokens() throws -> [LegacyTokens] {
        try read { db in
            try Row.fetchAll(db, sql: Self.legacyTokensQuery).map { row in
                LegacyTokens(id: row[0], entry: row[1], secrets: SessionSecrets(refreshToken: row[2], accessToken: row[3]))
            }
        }
    }

    func sealLegacyTokens(id: String, sealed: SealedSession, lifetime: TimeInterval?) throws {
        try write { db in
            guard var user = try StoredUser.fetchOne(db, key: id) else { return }
            user.sealed = sealed
            user.accessTokenLifetime = lifetime
            try user.update(db)
            try db.execute(sql: "UPDATE user SET refresh_token = NULL, access_token = NULL WHERE id = ?", arguments: [id])
        }
    }
}
