import Foundation

/// What a proof against an unlock key decides, the same for every store driver: the right proof
/// releases the half and says how many wrong proofs came since the last release; a wrong one is
/// counted, and the tenth in the key's life erases the half. A right proof never clears the
/// count: a copy of the device folder that guesses between its owner's unlocks still has ten
/// guesses in all, not ten per unlock. The proofs' digests are compared in constant time.
package enum UnlockKeyRule {
    /// Wrong proofs in all that erase the server's half, as wrong PINs on a device log the
    /// person out (docs/SECURITY.md); a new key (a PIN changed) starts afresh.
    package static let wrongProofLimit = 10

    /// What the store does with the record after a proof.
    package enum Write: Equatable {
        /// Wrong proofs in the key's life, and since its last release.
        case setCounts(wrongProofs: Int, sinceRelease: Int)
        case delete
        case nothing
    }

    package static func decide(_ record: UnlockKeyRecord?, proofDigest: Data) -> (UnlockKeyTry, Write) {
        guard let record else { return (.unknown, .nothing) }
        let wrong = min(max(record.wrongProofs, 0), wrongProofLimit)
        let since = min(max(record.wrongSinceRelease, 0), wrongProofLimit)
        if ConstantTime.equals(record.proofDigest, proofDigest) {
            let released = UnlockKeyTry.released(
                serverHalf: record.serverHalf, record.owner, wrongSinceRelease: since, triesLeft: wrongProofLimit - wrong)
            return (released, since == 0 ? .nothing : .setCounts(wrongProofs: wrong, sinceRelease: 0))
        }
        let count = wrong + 1
        guard count < wrongProofLimit else { return (.erased(record.owner), .delete) }
        return (.wrong(triesLeft: wrongProofLimit - count, record.owner), .setCounts(wrongProofs: count, sinceRelease: since + 1))
    }
}
