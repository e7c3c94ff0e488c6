import Hummingbird
import RosterAppModel

/// What the routes of an app's resources need from the server: the app as it is, a way to
/// apply an edit so it takes effect, a place for secrets' values, and new ids. The Admin API's
/// app service is one; the tests use one over an in-memory app.
///
///     let app = try await store.appModel(group: group, app: appId, context: context)
///     try await store.apply(edit, group: group, app: appId, action: "create function 'sum'", context: context)
public protocol AppResourceStore: Sendable {
    associatedtype Context: RequestContext

    /// The app `app` (its `_id`) of the group `group` as it is now; one of another group, or
    /// none, is refused as a missing app.
    func appModel(group: String, app: String, context: Context) async throws -> AppModel

    /// Applies `edit` to the app and makes it take effect, all or nothing: an edit that throws
    /// leaves the app as it was. Edits to one app are applied one at a time, each to the app
    /// as the last left it. `action` says what was done, in words, for the audit log.
    func apply(_ edit: @escaping AppEdit, group: String, app: String, action: String, context: Context) async throws

    /// Keeps the value of the app's secret `name` apart from the model; nil removes it.
    func setSecret(_ name: String, value: String?, group: String, app: String, context: Context) async throws

    /// A new ObjectId, 24 hex digits, for a resource being made.
    func newObjectId() -> String
}
