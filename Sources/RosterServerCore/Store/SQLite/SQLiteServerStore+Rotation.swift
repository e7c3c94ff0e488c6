import Foundation
import GRDB

extension SQLiteServerStore {
    package func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RefreshRotation.Outcome {
        try await durableWrite { db in
            guard var session = try SessionRecord.fetchOne(db, key: rotation.sessionId), !session.revoked else { return .gone }
            if ConstantTime.equals(session.refreshDigest, rotation.presentedDigest) {
                session.previousRefreshDigest = session.refreshDigest
                session.refreshDigest = rotation.next.digest
                session.sealedRefresh = rotation.next.sealed
                session.refreshGeneration = rotation.next.generation
                session.rotatedAt = rotation.at
                try session.update(db)
                return .rotated
            }
            if let previous = session.previousRefreshDigest, ConstantTime.equals(previous, rotation.presentedDigest),
                let rotatedAt = session.rotatedAt, rotatedAt >= rotation.graceSince, let sealed = session.sealedRefresh
            {
                return .replacedRecently(sealed: sealed)
            }
            session.revoked = true
            try session.update(db)
            return .reused(session)
        }
    }
}
