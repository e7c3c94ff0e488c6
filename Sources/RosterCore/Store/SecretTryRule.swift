import Foundation

/// One try of a secret, decided the same way for a person's PIN and for the device's admin PIN
/// (BEHAVIOURS 45, 54): refused unseen while earlier wrong ones make it wait, otherwise counted
/// as wrong before any key is derived, with the wait the new count asks for.
enum SecretTryRule {
    /// What the store keeps of a secret's wrong tries.
    struct Counter: Equatable {
        var wrong: Int
        var retryAt: Date?
    }

    /// The try's answer, and the counter to write back (nil: nothing changes).
    static func begin(_ counter: Counter, at: Date, delay: (Int) -> TimeInterval?) -> (SecretTry, Counter?) {
        if let retryAt = counter.retryAt, retryAt > at { return (.waiting(until: retryAt), nil) }
        let wrong = counter.wrong + 1
        return (.counted(wrong), Counter(wrong: wrong, retryAt: delay(wrong).map { at.addingTimeInterval($0) }))
    }
}
