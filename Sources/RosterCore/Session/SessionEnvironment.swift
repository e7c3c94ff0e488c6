import Foundation
import Logging

/// What every collaborator of the session core shares (`TokenRefresher`, `LoginFlow`,
/// `LogOutFlow`, …): the app, the device store, the server connection, the clock, the history,
/// the change publisher, the users' files and the logger, made once by `SessionCore` and
/// handed to each with only what is its own beside it.
///
///     let tokens = LogOutFlow(environment: environment, keys: keys, tokens: tokens, revocations: revocations)
struct SessionEnvironment: Sendable {
    let appId: String
    let store: any DeviceStore
    let connection: ServerConnection
    let clock: any RosterClock
    let history: DeviceHistory
    let changes: ChangePublisher
    let files: UserFiles
    let logger: Logger
}

/// A part of the session core that works in a `SessionEnvironment`, and reads its members by
/// their own names (`store`, `clock`, …).
protocol SessionCollaborator: Sendable {
    var environment: SessionEnvironment { get }
}

extension SessionCollaborator {
    var appId: String { environment.appId }
    var store: any DeviceStore { environment.store }
    var connection: ServerConnection { environment.connection }
    var clock: any RosterClock { environment.clock }
    var history: DeviceHistory { environment.history }
    var changes: ChangePublisher { environment.changes }
    var files: UserFiles { environment.files }
    var logger: Logger { environment.logger }
}
