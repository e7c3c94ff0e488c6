import Foundation
import RosterWire
import Synchronization

@testable import RosterCore

/// The real SQLite device store, whose disk can be made full: while `full`, the writes it is
/// told to refuse (a session, a history line) are refused as SQLite refuses them on a full disk,
/// a fault a real store will not produce on demand. Everything else is the real store's.
final class FullDiskStore: DeviceStore {
    /// The writes a full disk refuses here.
    enum Write { case session, history }

    let base: SQLiteDeviceStore
    let refusing: Set<Write>
    private let isFull: Mutex<Bool>
    /// Writes refused while full.
    private let refusals = Mutex(0)

    init(directory: URL, refusing: Set<Write> = [.session, .history], full: Bool = false) throws {
        base = try SQLiteDeviceStore(directory: directory)
        self.refusing = refusing
        isFull = Mutex(full)
    }

    var full: Bool {
        get { isFull.withLock { $0 } }
        set { isFull.withLock { $0 = newValue } }
    }

    var refusedWrites: Int { refusals.withLock { $0 } }

    private func refuseWhenFull(_ write: Write) throws {
        guard full, refusing.contains(write) else { return }
        refusals.withLock { $0 += 1 }
        throw RosterError.storeFailed("database or disk is full")
    }

    func appendHistory(_ entry: HistoryEntry) throws {
        try refuseWhenFull(.history)
        try base.appendHistory(entry)
    }
    func history(limit: Int) throws -> [HistoryEntry] { try base.history(limit: limit) }
    func appendEvent(_ event: SessionEvent, limits: SessionEventLimits) throws { try base.appendEvent(event, limits: limits) }
    func events(after sequence: Int64, limit: Int) throws -> (events: [SessionEvent], through: Int64) {
        try base.events(after: sequence, limit: limit)
    }
    func lastEventSequence() throws -> Int64 { try base.lastEventSequence() }
    func eventSequence(before date: Date) throws -> Int64 { try base.eventSequence(before: date) }

    var location: String { base.location }
    func wroteEveryRevision(after seen: Int, through now: Int) -> Bool { base.wroteEveryRevision(after: seen, through: now) }
    func revision() throws -> Int { try base.revision() }
    func user(id: String) throws -> StoredUser? { try base.user(id: id) }
    func users() throws -> [StoredUser] { try base.users() }
    func knownDeviceId() throws -> String? { try base.knownDeviceId() }
    func users<T>(_ transform: @Sendable (StoredUser) throws -> T) throws -> [T] { try base.users(transform) }
    func users<T>(in order: UserOrder, _ transform: @Sendable (StoredUser) throws -> T) throws -> [T] { try base.users(in: order, transform) }
    func usersPossiblyNamed(_ text: String) throws -> [UserNames] { try base.usersPossiblyNamed(text) }
    func userWindow<T>(
        order: UserOrder, filter: UserListFilter, anchor: UserWindowAnchor, limit: Int, _ transform: @Sendable (StoredUser, String?) throws -> T
    ) throws -> (rows: [T], current: T?, offset: Int, count: Int, total: Int, revision: Int) {
        try base.userWindow(order: order, filter: filter, anchor: anchor, limit: limit, transform)
    }
    func userPositions(order: UserOrder, filter: UserListFilter, holding text: String) throws -> [Int] {
        try base.userPositions(order: order, filter: filter, holding: text)
    }
    func currentUserId() throws -> String? { try base.currentUserId() }
    func previousUserId() throws -> String? { try base.previousUserId() }
    func loggedInAnonymousUser() throws -> StoredUser? { try base.loggedInAnonymousUser() }
    func makeCurrent(id: String, entry: String, at: Date) throws -> SwitchOutcome { try base.makeCurrent(id: id, entry: entry, at: at) }
    func clearCurrentUser() throws { try base.clearCurrentUser() }
    func updateProfile(id: String, entry: String, identities: [Identity], profile: JSONObject) throws {
        try base.updateProfile(id: id, entry: entry, identities: identities, profile: profile)
    }

    func saveLogIn(_ login: LoginRecord, newEntry: String, at: Date) throws -> StoredUser { try base.saveLogIn(login, newEntry: newEntry, at: at) }
    func storeSession(id: String, entry: String, replacing: Data, sealed: SealedSession, receivedAt: Date?, lifetime: TimeInterval?) throws
        -> StoredUser?
    {
        try refuseWhenFull(.session)
        return try base.storeSession(id: id, entry: entry, replacing: replacing, sealed: sealed, receivedAt: receivedAt, lifetime: lifetime)
    }
    func endSession(id: String, entry: String, remove: Bool, onlyIfBox: Data?, chooseNext: Bool) throws -> EndedSession? {
        try base.endSession(id: id, entry: entry, remove: remove, onlyIfBox: onlyIfBox, chooseNext: chooseNext)
    }
    func deviceKeyId() throws -> String? { try base.deviceKeyId() }
    func setDeviceKeyId(_ id: String) throws { try base.setDeviceKeyId(id) }
    func legacyTokens() throws -> [LegacyTokens] { try base.legacyTokens() }
    func sealLegacyTokens(id: String, sealed: SealedSession, lifetime: TimeInterval?) throws {
        try base.sealLegacyTokens(id: id, sealed: sealed, lifetime: lifetime)
    }

    func beginSecretTry(id: String, entry: String, at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry {
        try base.beginSecretTry(id: id, entry: entry, at: at, delay: delay)
    }
    func clearWrongSecrets(id: String, entry: String) throws { try base.clearWrongSecrets(id: id, entry: entry) }

    func policy() throws -> DevicePolicy { try base.policy() }
    func applyPolicy(_ policy: DevicePolicy, sessions: [PolicySessionChange]) throws { try base.applyPolicy(policy, sessions: sessions) }
    func adminPIN() throws -> AdminPINRecord? { try base.adminPIN() }
    func setAdminPIN(_ record: AdminPINRecord?, replacing: AdminPINRecord?) throws { try base.setAdminPIN(record, replacing: replacing) }
    func beginAdminPINTry(at: Date, delay: @Sendable (Int) -> TimeInterval?) throws -> SecretTry { try base.beginAdminPINTry(at: at, delay: delay) }
    func clearAdminPINTries() throws { try base.clearAdminPINTries() }
    func activity() throws -> DeviceActivity { try base.activity() }
    func recordActivity(at: Date) throws { try base.recordActivity(at: at) }
    func markIdleLocked(userId: String?, at: Date, idleSince: Date) throws -> IdleLockOutcome {
        try base.markIdleLocked(userId: userId, at: at, idleSince: idleSince)
    }
    func clearCurrentUserIfIdle(since idleSince: Date) throws -> IdleLockOutcome { try base.clearCurrentUserIfIdle(since: idleSince) }

    func queueRevocation(userId: String, entry: String, sealed: SealedSession, at: Date) throws {
        try base.queueRevocation(userId: userId, entry: entry, sealed: sealed, at: at)
    }
    func pendingRevocations() throws -> [QueuedRevocation] { try base.pendingRevocations() }
    func deleteRevocation(id: Int64) throws { try base.deleteRevocation(id: id) }
}
