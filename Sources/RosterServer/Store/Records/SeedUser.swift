/// A user to seed into an empty app: its record, its email account and identity, and its custom
/// data document.
struct SeedUser: Sendable {
    var user: UserRecord
    var account: EmailAccountRecord
    var identity: IdentityRecord
    var document: (selector: DocumentSelector, record: DocumentRecord)?
}
