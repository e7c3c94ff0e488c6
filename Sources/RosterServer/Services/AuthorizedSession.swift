/// A request's proven caller: the app, the user and the live session its token belongs to.
struct AuthorizedSession: Sendable {
    let app: ServedApp
    let user: UserRecord
    let session: SessionRecord
}
