import Foundation

/// A person who runs the server through the Admin API: an email, a password hashed as users'
/// passwords are, and the group their apps belong to (App Services' project).
package struct OperatorRecord: Sendable, Equatable {
    package var id: String
    package var email: String
    package var passwordHash: String
    package var groupId: String
    package var createdAt: Date

    package init(id: String, email: String, passwordHash: String, groupId: String, createdAt: Date) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.groupId = groupId
        self.createdAt = createdAt
    }
}

/// An operator's API key, the deployment tools' credential: the public part names it, the
/// private part is kept only as its digest.
package struct OperatorAPIKeyRecord: Sendable, Equatable {
    package var publicKey: String
    package var operatorId: String
    package var keyDigest: String
    package var createdAt: Date

    package init(publicKey: String, operatorId: String, keyDigest: String, createdAt: Date) {
        self.publicKey = publicKey
        self.operatorId = operatorId
        self.keyDigest = keyDigest
        self.createdAt = createdAt
    }
}

/// An operator's Admin API session: its refresh token is the session's id, signed; ending the
/// session deletes the row, and every token of it stops working.
package struct AdminSessionRecord: Sendable, Equatable {
    package var id: String
    package var operatorId: String
    package var createdAt: Date
    package var expiresAt: Date

    package init(id: String, operatorId: String, createdAt: Date, expiresAt: Date) {
        self.id = id
        self.operatorId = operatorId
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
