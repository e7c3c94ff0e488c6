import Foundation
import GRDB

extension SQLiteDeviceStore {
    func policy() throws -> DevicePolicy {
        try read { db in
            let switching = try Self.metadata(Self.policyKey, db).flatMap(SwitchingPolicy.init(rawValue:)) ?? .open
            let lockAfter = try Self.metadata(Self.lockAfterKey, db).flatMap(TimeInterval.init)
            let onIdle = try Self.metadata(Self.onIdleKey, db).flatMap(IdleAction.init(rawValue:)) ?? .lock
            let kiosk = try Self.metadata(Self.kioskKey, db) == "on"
            let unlock = try Self.metadata(Self.unlockKey, db).flatMap(UnlockMode.init(rawValue:)) ?? .device
            return DevicePolicy(switching: switching, lockAfter: lockAfter, onIdle: onIdle, kiosk: kiosk, unlock: unlock)
        }
    }

    func applyPolicy(_ policy: DevicePolicy, sessions: [PolicySessionChange]) throws {
        try write { db in
            for change in sessions {
                guard var user = try StoredUser.fetchOne(db, key: change.id), user.entry == change.entry,
                    user.state == .loggedIn, user.sealed?.box == change.replacing
                else {
                    throw RosterError.invalidRequest("a user's session changed meanwhile; nothing was changed, try again")
                }
                if let sealed = change.sealed {
                    user.sealed = sealed
                    try user.update(db)
                } else {
                    _ = try Self.endSession(id: change.id, entry: change.entry, remove: user.isAnonymous, onlyIfBox: nil, chooseNext: false, db)
                }
            }
            try Self.setMetadata(Self.policyKey, policy.switching.rawValue, db)
            try Self.setMetadata(Self.onIdleKey, policy.onIdle.rawValue, db)
            try Self.setMetadata(Self.kioskKey, policy.kiosk ? "on" : "off", db)
            try Self.setMetadata(Self.unlockKey, policy.unlock.rawValue, db)
            if let lockAfter = policy.lockAfter {
                try Self.setMetadata(Self.lockAfterKey, String(lockAfter), db)
            } else {
                try db.execute(sql: "DELETE FROM metadata WHERE key = ?", arguments: [Self.lockAfterKey])
            }
        }
    }
}
