import Foundation

/// What a proof against an unlock key decides, the same for every store driver: the right proof
/// releases the half and clears the count; a wrong one is counted, and the tenth in a row erases
/// the half. The proofs' digests are compared in constant time.
package enum UnlockKeyRule {
    /// Wrong proofs in a row that erase the server's half, as wrong PINs on a device log the
    /// person out (docs/SECURITY.md).
    package static let wrongProofLimit = 10

    /// What the store does with the record after a proof.
    package enum Write: Equatable {
        case setWrongProofs(Int)
        case delete
        case nothing
    }

    package static func decide(_ record: UnlockKeyRecord?, proofDigest: Data) -> (UnlockKeyTry, Write) {
        guard let record else { return (.unknown, .nothing) }
        if ConstantTime.equals(record.proofDigest, proofDigest) {
            return (.released(serverHalf: record.serverHalf, record.owner), record.wrongProofs == 0 ? .nothing : .setWrongProofs(0))
        }
        let count = record.wrongProofs + 1
        guard count < wrongProofLimit else { return (.erased(record.owner), .delete) }
        return (.wrong(triesLeft: wrongProofLimit - count, record.owner), .setWrongProofs(count))
    }
}
