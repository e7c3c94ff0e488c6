/// What a request bearing a token needs of the store, read together: the session, its user, and
/// (for a refresh) the user's custom data document.
package struct SessionContext: Sendable, Equatable {
    package var session: SessionRecord
    package var user: UserRecord?
    package var document: DocumentRecord?

    package init(session: SessionRecord, user: UserRecord? = nil, document: DocumentRecord? = nil) {
        self.session = session
        self.user = user
        self.document = document
    }
}
