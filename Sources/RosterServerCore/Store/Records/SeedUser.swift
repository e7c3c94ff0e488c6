/// A user to seed into an empty app: its record, its email account and identity, and its custom
/// data document.
package struct SeedUser: Sendable {
    package var user: UserRecord
    package var account: EmailAccountRecord
    package var identity: IdentityRecord
    package var document: (selector: DocumentSelector, record: DocumentRecord)?

    package init(user: UserRecord, account: EmailAccountRecord, identity: IdentityRecord, document: (selector: DocumentSelector, record: DocumentRecord)? = nil) {
        self.user = user
        self.account = account
        self.identity = identity
        self.document = document
    }
}
