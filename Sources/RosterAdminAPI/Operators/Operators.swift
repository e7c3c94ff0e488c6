import Foundation
import RosterServer
import RosterServerCore

/// The operators of a server's Admin API, as `roster-server admin` manages them: made with a
/// password hashed as users' passwords are (scrypt at OWASP's cost), listed, removed with their
/// keys and sessions, and given API keys.
///
///     let operators = Operators(server: server)
///     try await operators.create(email: "ops@example.com", password: "long-secret")
///     let key = try await operators.createAPIKey(email: "ops@example.com")
public struct Operators: Sendable {
    let store: any OperatorStore
    let hasher: PasswordHasher
    let ids: IdentifierSource
    let now: @Sendable () -> Date

    /// `passwordHashing`: OWASP's cost; tests give the cheaper one their apps' users have.
    package init(store: any OperatorStore, environment: ServerEnvironment, passwordHashing: PasswordHashingConfig = .owasp) {
        self.store = store
        hasher = PasswordHasher(cost: passwordHashing, randomBytes: environment.randomBytes, hashingIn: environment.hashing)
        ids = IdentifierSource(randomBytes: environment.randomBytes, now: environment.now)
        now = environment.now
    }

    package init(services: ServerServices, passwordHashing: PasswordHashingConfig = .owasp) {
        self.init(store: services.hosting.store, environment: services.environment, passwordHashing: passwordHashing)
    }

    public static func normalize(_ email: String) -> String {
        EmailPasswordProvider.normalize(email)
    }

    @discardableResult
    public func create(email rawEmail: String, password: String) async throws -> Operator {
        let email = Self.normalize(rawEmail)
        guard EmailPasswordService.looksLikeEmail(email) else { throw OperatorError.invalidEmail(rawEmail) }
        guard (8...128).contains(password.count) else { throw OperatorError.passwordLength }
        let record = OperatorRecord(
            id: ids.objectId(), email: email, passwordHash: try await hasher.hashInBackground(password), groupId: ids.objectId(),
            createdAt: Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down)))
        guard try await store.createOperator(record) else { throw OperatorError.emailInUse(email) }
        return Self.described(record)
    }

    public func list() async throws -> [Operator] {
        try await store.operators().map(Self.described)
    }

    public func remove(email: String) async throws {
        guard let found = try await store.operatorRecord(email: Self.normalize(email)), try await store.removeOperator(id: found.id) else {
            throw OperatorError.notFound(email)
        }
    }

    /// A new API key for the operator; its private part is not kept and cannot be shown again.
    public func createAPIKey(email: String) async throws -> OperatorAPIKey {
        guard let found = try await store.operatorRecord(email: Self.normalize(email)) else { throw OperatorError.notFound(email) }
        let key = OperatorAPIKey(publicKey: String(ids.secret().prefix(16)), privateKey: ids.secret())
        try await store.addOperatorAPIKey(
            OperatorAPIKeyRecord(
                publicKey: key.publicKey, operatorId: found.id, keyDigest: SecretDigest.hex(of: key.privateKey), createdAt: now()))
        return key
    }

    static func described(_ record: OperatorRecord) -> Operator {
        Operator(id: record.id, email: record.email, groupId: record.groupId, createdAt: record.createdAt)
    }
}

extension Operators {
    /// The operators of the server's database.
    public init(server: RosterServer) {
        self.init(services: server.services)
    }
}
