import Foundation
import RosterDocuments
import RosterWire

/// Administrative operations on a server's users, bypassing the client rules. Used by tests and
/// `roster-server admin`.
///
///     let admin = server.admin
///     let id = try await admin.createEmailUser(appId: "roster-demo", email: "ann@example.com", password: "secret1")
///     try await admin.setCustomData(appId: "roster-demo", userId: id, document: ["favoriteColor": "red"])
public struct ServerAdmin: Sendable {
    package let store: any UserStore & SessionStore & EmailAccountStore & DocumentStore & AuditStore & PurgeStore & SeedStore
    package let apps: ServedApps
    package let customData: CustomDataService
    package let ids: IdentifierSource
    package let now: @Sendable () -> Date
    /// Runs the app's authentication triggers of `DELETE` for the users deleted here.
    package var triggers: TriggerService? = nil

    public func listUsers(appId: String) async throws -> [AdminUser] {
        let app = try self.app(appId)
        var result: [AdminUser] = []
        for user in try await store.users(appId: app.id) { result.append(try await describe(user)) }
        return result
    }

    /// A page of the app's users in the order of their ids: at most `limit` of them, those
    /// after the id `after` when it is given (the Admin API's pages).
    public func listUsers(appId: String, after: String?, limit: Int) async throws -> [AdminUser] {
        let app = try self.app(appId)
        let records = try await store.users(appId: app.id).filter { user in after.map { user.id > $0 } ?? true }
        var result: [AdminUser] = []
        for user in records.sorted(by: { $0.id < $1.id }).prefix(max(0, limit)) { result.append(try await describe(user)) }
        return result
    }

    /// The user with this id, or with this email (case-insensitive); nil when there is none.
    public func findUser(appId: String, idOrEmail: String) async throws -> AdminUser? {
        let app = try self.app(appId)
        if let user = try await store.user(appId: app.id, id: idOrEmail) { return try await describe(user) }
        let email = EmailPasswordProvider.normalize(idOrEmail)
        guard let account = try await store.emailAccount(appId: app.id, email: email),
            let identity = try await store.identity(
                appId: app.id, providerType: ProviderType.emailPassword.rawValue, providerId: account.id),
            let user = try await store.user(appId: app.id, id: identity.userId)
        else { return nil }
        return try await describe(user)
    }

    /// Makes a confirmed email/password user at once; returns its id.
    public func createEmailUser(appId: String, email: String, password: String) async throws -> String {
        try await createEmailUser(appId: appId, email: email, password: password, name: nil)
    }

    package func createEmailUser(appId: String, email rawEmail: String, password: String, name: String?) async throws -> String {
        let app = try self.app(appId)
        let email = EmailPasswordProvider.normalize(rawEmail)
        guard EmailPasswordService.looksLikeEmail(email) else { throw ServerAdminError.invalidEmail(email) }
        guard (6...128).contains(password.count) else { throw ServerAdminError.passwordTooShort }
        let (account, user, identity) = newEmailUser(app: app, email: email, passwordHash: try app.hasher.hash(password), name: name)
        guard try await store.createEmailUser(account: account, user: user, identity: identity) else {
            throw ServerAdminError.emailInUse(email)
        }
        return user.id
    }

    /// Adds `count` confirmed email users, `generated-N@example.invalid` from N = `first`, all with
    /// the password `password` (hashed once, so that millions can be added in minutes), in one
    /// transaction: for load measurements over a large store.
    public func addGeneratedUsers(appId: String, first: Int, count: Int, password: String) async throws {
        let app = try self.app(appId)
        let hash = try app.hasher.hash(password)
        let created = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let seeds = (first..<first + count).map { index in
            let email = "generated-\(index)@example.invalid"
            let account = EmailAccountRecord(
                id: ids.objectId(), appId: app.id, email: email, passwordHash: hash, confirmed: true, createdAt: created)
            let user = UserRecord(
                id: ids.objectId(), appId: app.id, disabled: false, createdAt: created,
                profile: JSONValue.object(["email": .string(email)]).compactText)
            let identity = IdentityRecord(
                appId: app.id, providerType: ProviderType.emailPassword.rawValue, providerId: account.id, userId: user.id,
                createdAt: created)
            return SeedUser(user: user, account: account, identity: identity, document: nil)
        }
        try await store.addSeeds(seeds)
    }

    /// The records of a new confirmed email user, not yet stored, with its password's hash.
    package func newEmailUser(app: ServedApp, email: String, passwordHash: String, name: String?)
        -> (EmailAccountRecord, UserRecord, IdentityRecord)
    {
        let created = Date(timeIntervalSince1970: now().timeIntervalSince1970.rounded(.down))
        let account = EmailAccountRecord(
            id: ids.objectId(), appId: app.id, email: email, passwordHash: passwordHash, confirmed: true,
            createdAt: created)
        var profile: JSONObject = ["email": .string(email)]
        if let name { profile["name"] = .string(name) }
        let user = UserRecord(
            id: ids.objectId(), appId: app.id, disabled: false, createdAt: created, profile: JSONValue.object(profile).compactText)
        let identity = IdentityRecord(
            appId: app.id, providerType: ProviderType.emailPassword.rawValue, providerId: account.id, userId: user.id,
            createdAt: created)
        return (account, user, identity)
    }

    /// Replaces the user's custom data document; the user-id field is set by the server.
    public func setCustomData(appId: String, userId: String, document: JSONValue) async throws {
        let app = try self.app(appId)
        guard try await store.user(appId: app.id, id: userId) != nil else { throw ServerAdminError.userNotFound(userId) }
        try await customData.replace(app: app, userId: userId, document: document)
    }

    /// Stores documents in a collection as they are (Extended JSON read as data access reads
    /// it), bypassing rules, all or none; documents without `_id` get a new ObjectId. For imports
    /// and benchmarks.
    public func insertDocuments(appId: String, database: String, collection: String, _ documents: [JSONValue]) async throws {
        let app = try self.app(appId)
        var records: [DocumentRecord] = []
        records.reserveCapacity(documents.count)
        for document in documents {
            guard case .object(var fields)? = try? ExtendedJSON.canonical(document) else { throw ServerAdminError.notAnObject }
            let id = fields["_id"] ?? ["$oid": .string(ids.objectId())]
            fields.setFirst("_id", id)
            records.append(DocumentRecord(
                appId: app.id, database: database, collection: collection, id: try DocumentKey.key(of: id),
                body: JSONValue.object(fields).compactText))
        }
        let inserts = records
        let scope = DocumentScope(appId: app.id, database: database, collection: collection)
        try await store.changeDocuments(scope, limit: 0, select: { _ in () }) { _ in (DocumentWrites(inserts: inserts), ()) }
    }

    public func customData(appId: String, userId: String) async throws -> JSONValue? {
        try await customData.document(app: try app(appId), userId: userId)
    }

    /// A disabled user cannot log in, and its sessions stop working until it is enabled again.
    public func setDisabled(appId: String, userId: String, _ disabled: Bool) async throws {
        guard try await store.setDisabled(appId: try app(appId).id, userId: userId, disabled: disabled) else {
            throw ServerAdminError.userNotFound(userId)
        }
    }

    /// Revokes every live session of the user; returns how many there were.
    public func revokeSessions(appId: String, userId: String) async throws -> Int {
        let app = try self.app(appId)
        guard try await store.user(appId: app.id, id: userId) != nil else { throw ServerAdminError.userNotFound(userId) }
        return try await store.revokeSessions(appId: app.id, userId: userId)
    }

    /// Removes an app's dead records: expired sessions past the retention period, used or
    /// expired account tokens, anonymous users without a live session for the retention period,
    /// and spent failed-attempt counts; at most `limit` of each kind.
    public func purge(appId: String, limit: Int = 1000) async throws -> PurgeReport {
        let app = try self.app(appId)
        let retention = TimeInterval(app.config.anonymousUserRetentionDays) * 24 * 3600
        let auditRetention = TimeInterval(app.config.auditRetentionDays) * 24 * 3600
        return try await store.purge(
            PurgeRule(appId: app.id, now: now(), retention: retention, auditRetention: auditRetention, limit: max(1, limit)))
    }

    /// The audit trail of an app, newest first.
    public func audit(appId: String, _ query: AuditQuery) async throws -> [AuditEntry] {
        try await store.auditEntries(appId: try app(appId).id, query)
    }

    /// Records an administrative action in the audit trail.
    public func recordAdminAction(appId: String, _ action: String, userId: String? = nil) async throws {
        let app = try self.app(appId)
        try await store.appendAudit(AuditEntry(at: now(), appId: app.id, event: .admin, userId: userId, detail: action))
    }

    /// The ids of the apps served.
    public var appIds: [String] { apps.keys.sorted() }

    /// Removes the user with its identities, sessions, API keys and email account, and keeps
    /// the event of the app's `DELETE` authentication triggers of its providers.
    public func deleteUser(appId: String, userId: String) async throws {
        let app = try app(appId)
        let user = triggers == nil ? nil : try await store.user(appId: app.id, id: userId)
        let identities = user == nil ? [] : ((try? await store.identities(appId: app.id, userId: userId)) ?? [])
        guard try await store.deleteUser(appId: app.id, userId: userId) else {
            throw ServerAdminError.userNotFound(userId)
        }
        if let user {
            let providers = identities.compactMap { ProviderType(rawValue: $0.providerType) }
            await triggers?.authentication(.delete, app: app, providers: providers, user: user, identities: identities)
        }
    }

    /// A custom-token JWT for the app, signed with its first custom-token key that can sign.
    public func mintCustomJWT(appId: String, subject: String, claims: JSONObject, lifetime: TimeInterval) async throws
        -> String
    {
        try await CustomTokenMinter.mint(config: try app(appId).config, subject: subject, claims: claims, lifetime: lifetime, now: now())
    }

    func app(_ appId: String) throws -> ServedApp {
        guard let app = apps[appId] else { throw ServerAdminError.appNotFound(appId) }
        return app
    }

    private func describe(_ user: UserRecord) async throws -> AdminUser {
        let profile = (try? JSONValue(parsing: user.profile)) ?? .emptyObject
        let identities = try await store.identities(appId: user.appId, userId: user.id)
        return AdminUser(
            id: user.id, identities: identities.map { Identity(id: $0.providerId, providerType: $0.providerType) },
            email: profile["email"]?.stringValue, name: profile["name"]?.stringValue, disabled: user.disabled,
            createdAt: user.createdAt,
            activeSessions: try await store.activeSessionCount(appId: user.appId, userId: user.id, now: now()),
            lastAuthenticatedAt: try await store.lastAuthentication(appId: user.appId, userId: user.id))
    }

    package init(store: any UserStore & SessionStore & EmailAccountStore & DocumentStore & AuditStore & PurgeStore & SeedStore, apps: ServedApps, customData: CustomDataService, ids: IdentifierSource, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.apps = apps
        self.customData = customData
        self.ids = ids
        self.now = now
    }
}
