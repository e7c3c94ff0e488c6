/// A request's proven caller: the app, the user and the live session its token belongs to.
package struct AuthorizedSession: Sendable {
    package let app: ServedApp
    package let user: UserRecord
    package let session: SessionRecord

    package init(app: ServedApp, user: UserRecord, session: SessionRecord) {
        self.app = app
        self.user = user
        self.session = session
    }
}
