import Synchronization

/// The accounts whose credentials this process is checking now: one check per account at a
/// time. Without it, every guess sent at the same moment reads the account's failure count
/// before the first one's failure is written, so a flood of guesses would get many checks past
/// the limit, each an scrypt computation that fills the hashing pool for everyone. A second
/// attempt for an account being checked is refused at once, without a check: 429 with
/// `Retry-After: 1`, counted nowhere.
///
/// In memory: the checks in flight belong to this process (another process on the same store
/// keeps its own, so each lets one check through at a time).
///
///     let check = try checks.start(app: "roster-demo", keys: keys)   // throws LimitWait
///     defer { check.end() }
package final class AccountChecks: Sendable {
    private let checking = Mutex<Set<String>>([])

    package init() {}

    /// Marks the account among `keys` (if any) as being checked; `LimitWait` when it already is.
    package func start(app appId: String, keys: [AttemptKey]) throws(LimitWait) -> Check {
        guard let account = keys.first(where: { $0.kind == .account }) else { return Check(end: {}) }
        let name = "\(appId)\n\(account.scope)\n\(account.value)"
        let started = checking.withLock { $0.insert(name).inserted }
        guard started else { throw LimitWait(seconds: 1) }
        return Check(end: { [self] in _ = checking.withLock { $0.remove(name) } })
    }

    /// How many accounts are being checked now.
    package var count: Int { checking.withLock { $0.count } }

    /// A check in progress; `end` once its outcome is counted.
    package struct Check: Sendable {
        package let end: @Sendable () -> Void

        package init(end: @escaping @Sendable () -> Void) {
            self.end = end
        }
    }
}
