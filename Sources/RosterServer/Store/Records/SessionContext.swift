/// What a request bearing a token needs of the store, read together: the session, its user, and
/// (for a refresh) the user's custom data document.
struct SessionContext: Sendable, Equatable {
    var session: SessionRecord
    var user: UserRecord?
    var document: DocumentRecord?
}
