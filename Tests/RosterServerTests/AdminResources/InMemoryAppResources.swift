import Foundation
import RosterAdminAPI
import RosterAppModel
import RosterServer
import RosterServerCore
import RosterWire
import Synchronization

/// An `AppResourceStore` over apps held in memory, built on the real app model: what the
/// resource routes' tests serve them from. Edits to an app are applied one at a time, each to
/// a copy kept only when it succeeds, as the Admin API's app service applies them.
final class InMemoryAppResources: AppResourceStore {
    typealias Context = RosterRequestContext

    struct Held: Sendable {
        var group: String
        var model: AppModel
        var secrets: [String: String] = [:]
    }

    private let apps: Mutex<[String: Held]>
    private let actions = Mutex<[String]>([])
    private let count = Mutex(0)

    init(_ apps: [String: Held]) {
        self.apps = Mutex(apps)
    }

    /// The app `id` as it is now.
    func held(_ id: String) -> Held? { apps.withLock { $0[id] } }

    /// What was done, in order, as the audit log would read it.
    var done: [String] { actions.withLock { $0 } }

    func appModel(group: String, app: String, context: Context) async throws -> AppModel {
        try apps.withLock { apps in
            guard let held = apps[app], held.group == group else { throw ErrorResponse.appNotFound(app) }
            return held.model
        }
    }

    func apply(_ edit: @escaping AppEdit, group: String, app: String, action: String, context: Context) async throws {
        try apps.withLock { apps in
            guard var held = apps[app], held.group == group else { throw ErrorResponse.appNotFound(app) }
            try edit(&held.model)
            apps[app] = held
        }
        actions.withLock { $0.append(action) }
    }

    func setSecret(_ name: String, value: String?, group: String, app: String, context: Context) async throws {
        try apps.withLock { apps in
            guard apps[app]?.group == group else { throw ErrorResponse.appNotFound(app) }
            apps[app]?.secrets[name] = value
        }
    }

    func newObjectId() -> String {
        count.withLock { count in
            count += 1
            return String(format: "6560f0a1000000000000%04x", count)
        }
    }
}
