import Foundation
import GRDB

extension SQLiteServerStore {
    /// The session read and written in one immediate transaction; `RefreshRotationRule` decides.
    package func rotateRefreshToken(_ rotation: RefreshRotation) async throws -> RefreshRotation.Outcome {
        try await durableWrite { db in
            let decision = RefreshRotationRule.decide(try SessionRecord.fetchOne(db, key: rotation.sessionId), rotation)
            try decision.write?.update(db)
            return decision.outcome
        }
    }
}
