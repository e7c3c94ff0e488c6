import RosterServerCore
import RosterWire

/// The Admin API's refusals about apps, in App Services' words and codes.
extension ErrorResponse {
    /// An app that is not in the caller's group, or not at all: the same answer, so that another
    /// group's apps cannot be told from none.
    static func adminAppNotFound(_ id: String) -> ErrorResponse {
        ErrorResponse(.appNotFound, "app not found: '\(id.prefix(64))'")
    }

    static func groupNotFound(_ groupId: String) -> ErrorResponse {
        ErrorResponse(.invalidSession, "you do not belong to group '\(groupId.prefix(64))'")
    }

    /// An edit another server process made first, more often than retries allow.
    static func appChangedMeanwhile() -> ErrorResponse {
        ErrorResponse(.badRequest, "the app was changed by another request meanwhile; try again")
    }
}
