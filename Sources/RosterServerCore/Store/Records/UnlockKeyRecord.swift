import Foundation

/// The server's half of a session's unlock key (server-assisted unlock): released only
/// to a proof of the person's PIN, whose SHA-256 is all the server keeps. The device keeps the
/// other half (from the PIN, a salt only it has, and its device key); neither opens the session
/// alone. Wrong proofs are counted, and a right one does not clear the count; at
/// `UnlockKeyRule.wrongProofLimit` the half is erased and the session ended. One per session: a
/// new one replaces the last.
package struct UnlockKeyRecord: Codable, Sendable, Equatable {
    /// Hex SHA-256 of the unlock id the device holds (the id itself is a secret: with it, wrong
    /// proofs could be sent to end the session).
    package var idDigest: String
    package var appId: String
    package var userId: String
    package var sessionId: String
    /// 32 random bytes, made by the server.
    package var serverHalf: Data
    /// SHA-256 of the proof, 32 bytes.
    package var proofDigest: Data
    /// Wrong proofs in the key's life: never cleared by a right one.
    package var wrongProofs: Int
    /// Wrong proofs since the half was last released, told to the next right proof (its owner
    /// learns of guesses made on a copy of their device).
    package var wrongSinceRelease: Int
    package var createdAt: Date

    package var owner: UnlockKeyOwner { UnlockKeyOwner(appId: appId, userId: userId, sessionId: sessionId) }

    package init(
        idDigest: String, appId: String, userId: String, sessionId: String, serverHalf: Data, proofDigest: Data, wrongProofs: Int,
        wrongSinceRelease: Int = 0, createdAt: Date
    ) {
        self.idDigest = idDigest
        self.appId = appId
        self.userId = userId
        self.sessionId = sessionId
        self.serverHalf = serverHalf
        self.proofDigest = proofDigest
        self.wrongProofs = wrongProofs
        self.wrongSinceRelease = wrongSinceRelease
        self.createdAt = createdAt
    }
}

/// Whose an unlock key is: for the audit trail, and the session it opens.
package struct UnlockKeyOwner: Sendable, Equatable {
    package var appId: String
    package var userId: String
    package var sessionId: String

    package init(appId: String, userId: String, sessionId: String) {
        self.appId = appId
        self.userId = userId
        self.sessionId = sessionId
    }
}

/// What one proof against an unlock key found.
package enum UnlockKeyTry: Sendable, Equatable {
    /// The right proof: the server's half, for the service to give once it has checked that the
    /// session still lives; the wrong proofs since the last release, and how many more wrong ones
    /// erase the half.
    case released(serverHalf: Data, UnlockKeyOwner, wrongSinceRelease: Int, triesLeft: Int)
    /// A wrong proof, counted: this many more wrong ones erase the half.
    case wrong(triesLeft: Int, UnlockKeyOwner)
    /// The last wrong proof: the half is erased; the service ends the session.
    case erased(UnlockKeyOwner)
    /// No such key (never made, replaced, erased, or its session's end deleted it).
    case unknown
}
