import Foundation
import RosterResources
import RosterWire

/// The demo users of `Resources/demo/users.json`: email, password, name and custom data, and
/// each password's hash made once at the demo app's cost, so that a first start computes none.
package struct DemoUsers {
    package struct User {
        package var email: String
        package var password: String
        package var passwordHash: String?
        package var name: String?
        package var customData: JSONValue?

        /// The shipped hash when it was made at `cost`; an app at another cost (a test's fast
        /// setting, a raised one) hashes the password itself.
        package func shippedHash(at cost: PasswordHashingConfig) -> String? {
            guard let passwordHash, EncodedPasswordHash(parsing: passwordHash)?.cost == cost else { return nil }
            return passwordHash
        }
    }

    package var users: [User]

    /// Read with the exact JSON reader, so `1.0` in the custom data stays a double.
    package static func load() throws -> DemoUsers {
        let document = try JSONValue(parsing: try RosterResources.demoUsers())
        let users = try (document["users"]?.arrayValue ?? []).map { entry in
            guard let email = entry["email"]?.stringValue, let password = entry["password"]?.stringValue else {
                throw AppConfigError.invalid(path: "demo/users.json", reason: "every user needs an email and a password")
            }
            return User(
                email: email, password: password, passwordHash: entry["passwordHash"]?.stringValue, name: entry["name"]?.stringValue,
                customData: entry["customData"])
        }
        return DemoUsers(users: users)
    }

    package init(users: [User]) {
        self.users = users
    }
}

/// Seeds an empty app with the demo users and their custom data, in one transaction, so two
/// processes starting together seed once.
package struct DemoSeeder: Sendable {
    package let store: any SeedStore & UserStore
    package let admin: ServerAdmin
    package let ids: IdentifierSource

    package func seed(app: ServedApp) async throws {
        guard try await store.userCount(appId: app.id) == 0 else { return }
        var seeds: [SeedUser] = []
        for demo in try DemoUsers.load().users {
            let email = EmailPasswordProvider.normalize(demo.email)
            let hash = try demo.shippedHash(at: app.config.passwordHashing) ?? app.hasher.hash(demo.password)
            let (account, user, identity) = admin.newEmailUser(app: app, email: email, passwordHash: hash, name: demo.name)
            var seed = SeedUser(user: user, account: account, identity: identity, document: nil)
            if case .object(var fields) = demo.customData, let settings = app.config.customUserData,
                let selector = CustomDataService.selector(app: app, userId: user.id)
            {
                let id = ids.objectId()
                fields.setFirst("_id", ["$oid": .string(id)])
                fields[settings.userIdField] = .string(user.id)
                seed.document = (
                    selector,
                    DocumentRecord(
                        appId: app.id, database: settings.database, collection: settings.collection, id: id,
                        body: JSONValue.object(fields).compactText)
                )
            }
            seeds.append(seed)
        }
        _ = try await store.seedIfEmpty(appId: app.id, seeds)
    }

    package init(store: any SeedStore & UserStore, admin: ServerAdmin, ids: IdentifierSource) {
        self.store = store
        self.admin = admin
        self.ids = ids
    }
}
