import Hummingbird
import RosterAppModel
import RosterServer
import RosterWire

/// The routes of an app's triggers and settings: `triggers`, `sync/config` (kept, as Roster
/// serves no Device Sync), what the suites ask of sync (`AdminSyncAnswers`),
/// `security/allowed_request_origins` and `environment`.
enum AppSettingRoutes {
    static func add<Store: AppResourceStore>(_ routes: AppResourceRouter<Store>, _ store: Store) {
        routes.on(.get, "triggers") { call in
            let model = try await call.model()
            return try .json(model.triggers.map { AdminTrigger($0, in: model) })
        }
        routes.on(.post, "triggers") { call in
            let trigger = try await call.body(AdminTrigger.self)
            let id = store.newObjectId()
            try await call.apply("create trigger '\(trigger.name)'", trigger.create(id: id))
            return try .json(try AdminTrigger.find(id: id, in: try await call.model()), status: 201)
        }
        routes.on(.get, "triggers/:id") { call in
            return try .json(try AdminTrigger.find(id: try call.id(), in: try await call.model()))
        }
        routes.on(.put, "triggers/:id") { call in
            let trigger = try await call.body(AdminTrigger.self)
            try await call.apply("update trigger '\(trigger.name)'", trigger.update(id: try call.id()))
            return .noContent
        }
        routes.on(.delete, "triggers/:id") { call in
            try await call.apply("delete trigger \(try call.id())", AdminTrigger.delete(id: try call.id()))
            return .noContent
        }
        routes.on(.get, "sync/config") { call in
            try .json(AdminSyncConfig(try await call.model()))
        }
        routes.on(.put, "sync/config") { call in
            try await call.apply("change the sync configuration", try await call.body(AdminSyncConfig.self).put())
            return .noContent
        }
        routes.on(.get, "sync/progress") { call in
            try .json(try AdminSyncAnswers.progress(try await call.model()))
        }
        routes.on(.get, "sync/state") { call in
            _ = try await call.model()
            return .json(try AdminSyncAnswers.state(syncType: call.request.uri.queryParameters.get("sync_type")))
        }
        routes.on(.get, "sync/migration") { call in
            _ = try await call.model()
            return .json(AdminSyncAnswers.migration)
        }
        routes.on(.put, "sync/migration") { call in
            let model = try await call.model()
            throw try await call.body(AdminSyncAnswers.MigrationRequest.self).refusal(in: model)
        }
        routes.on(.get, "sync/schemas/versions") { call in
            _ = try await call.model()
            return .json(AdminSyncAnswers.schemaVersions)
        }
        routes.on(.put, "sync/force_reset") { call in
            _ = try await call.model()
            throw AdminSyncAnswers.forceResetRefusal
        }
        routes.on(.get, "security/allowed_request_origins") { call in
            try .json(try await call.model().allowedRequestOrigins ?? [])
        }
        let origins: @Sendable (AppResourceRequest<Store>) async throws -> RouteReply = { call in
            let list = try await call.body([String].self)
            try await call.apply("set the allowed request origins", try AdminAppSettings.setAllowedRequestOrigins(list))
            return .noContent
        }
        routes.on(.post, "security/allowed_request_origins", origins)
        routes.on(.put, "security/allowed_request_origins", origins)
        routes.on(.get, "environment") { call in
            try .json(AdminAppSettings.Environment(try await call.model()))
        }
        routes.on(.put, "environment") { call in
            try await call.apply("set the environment", try await call.body(AdminAppSettings.Environment.self).put())
            return .noContent
        }
    }
}
