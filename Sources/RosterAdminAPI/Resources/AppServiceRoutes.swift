import Hummingbird
import RosterAppModel
import RosterServer
import RosterWire

/// The routes of an app's services: `services` (any name and type), each one's `config`,
/// `default_rule` and `rules`, the collections' `schemas` and where `custom_user_data` lives.
enum AppServiceRoutes {
    static func add<Store: AppResourceStore>(_ routes: AppResourceRouter<Store>, _ store: Store) {
        routes.on(.get, "services") { call in
            try .json(try await call.model().services.map(AdminService.init(summaryOf:)))
        }
        routes.on(.post, "services") { call in
            let service = try await call.body(AdminService.self)
            let id = store.newObjectId()
            try await call.apply("create service '\(service.name)'", try service.create(id: id))
            return try .json(AdminService(summaryOf: try AdminService.find(id: id, in: try await call.model())), status: 201)
        }
        routes.on(.get, "services/:serviceId") { call in
            return try .json(AdminService(try AdminService.find(id: try call.id("serviceId"), in: try await call.model())))
        }
        routes.on(.delete, "services/:serviceId") { call in
            try await call.apply("delete service \(try call.id("serviceId"))", AdminService.delete(id: try call.id("serviceId")))
            return .noContent
        }
        routes.on(.get, "services/:serviceId/config") { call in
            return .json(try AdminService.find(id: try call.id("serviceId"), in: try await call.model()).config)
        }
        routes.on(.patch, "services/:serviceId/config") { call in
            let patch = try await call.body(JSONValue.self)
            try await call.apply("change the config of service \(try call.id("serviceId"))", try AdminService.patchConfig(patch, id: try call.id("serviceId")))
            return .noContent
        }
        addRules(routes, store)
        addSchemas(routes, store)
        routes.on(.get, "custom_user_data") { call in
            try .json(AdminCustomUserData(try await call.model()))
        }
        let customUserData: @Sendable (AppResourceRequest<Store>) async throws -> RouteReply = { call in
            try await call.apply("change custom user data", try await call.body(AdminCustomUserData.self).patch())
            return .noContent
        }
        routes.on(.patch, "custom_user_data", customUserData)
        routes.on(.put, "custom_user_data", customUserData)
    }

    private static func addRules<Store: AppResourceStore>(_ routes: AppResourceRouter<Store>, _ store: Store) {
        routes.on(.get, "services/:serviceId/default_rule") { call in
            return try .json(try AdminDefaultRule.find(serviceId: try call.id("serviceId"), in: try await call.model()))
        }
        for (method, replacing) in [(HTTPRequest.Method.post, false), (.put, true)] {
            routes.on(method, "services/:serviceId/default_rule") { call in
                    let rule = try await call.body(AdminDefaultRule.self)
                let serviceId = try call.id("serviceId")
                let edit = try rule.set(serviceId: serviceId, id: store.newObjectId(), replacing: replacing)
                try await call.apply("set the default rule of service \(serviceId)", edit)
                let stored = try AdminDefaultRule.find(serviceId: serviceId, in: try await call.model())
                return replacing ? .noContent : try .json(stored, status: 201)
            }
        }
        routes.on(.delete, "services/:serviceId/default_rule") { call in
            let serviceId = try call.id("serviceId")
            try await call.apply("delete the default rule of service \(serviceId)", AdminDefaultRule.delete(serviceId: serviceId))
            return .noContent
        }
        routes.on(.get, "services/:serviceId/rules") { call in
            return try .json(try AdminCollectionRule.list(serviceId: try call.id("serviceId"), in: try await call.model()))
        }
        routes.on(.post, "services/:serviceId/rules") { call in
            let rule = try await call.body(AdminCollectionRule.self)
            let (serviceId, id) = (try call.id("serviceId"), store.newObjectId())
            try await call.apply("create the rule of '\(rule.database).\(rule.collection)'", try rule.create(serviceId: serviceId, id: id))
            return try .json(try AdminCollectionRule.find(serviceId: serviceId, id: id, in: try await call.model()), status: 201)
        }
        routes.on(.get, "services/:serviceId/rules/:id") { call in
            return try .json(try AdminCollectionRule.find(serviceId: try call.id("serviceId"), id: try call.id(), in: try await call.model()))
        }
        routes.on(.put, "services/:serviceId/rules/:id") { call in
            let rule = try await call.body(AdminCollectionRule.self)
            try await call.apply("update rule \(try call.id())", try rule.update(serviceId: try call.id("serviceId"), id: try call.id()))
            return .noContent
        }
        routes.on(.delete, "services/:serviceId/rules/:id") { call in
            try await call.apply("delete rule \(try call.id())", AdminCollectionRule.delete(serviceId: try call.id("serviceId"), id: try call.id()))
            return .noContent
        }
    }

    private static func addSchemas<Store: AppResourceStore>(_ routes: AppResourceRouter<Store>, _ store: Store) {
        routes.on(.get, "schemas") { call in
            try .json(try await call.model().schemas.map(AdminSchema.init))
        }
        routes.on(.post, "schemas") { call in
            let schema = try await call.body(AdminSchema.self)
            let id = store.newObjectId()
            try await call.apply("create the schema of '\(schema.metadata.database).\(schema.metadata.collection)'", schema.create(id: id))
            return try .json(try AdminSchema.find(id: id, in: try await call.model()), status: 201)
        }
        routes.on(.get, "schemas/:id") { call in
            return try .json(try AdminSchema.find(id: try call.id(), in: try await call.model()))
        }
        routes.on(.put, "schemas/:id") { call in
            let schema = try await call.body(AdminSchema.self)
            try await call.apply("update schema \(try call.id())", schema.update(id: try call.id()))
            return .noContent
        }
        routes.on(.delete, "schemas/:id") { call in
            try await call.apply("delete schema \(try call.id())", AdminSchema.delete(id: try call.id()))
            return .noContent
        }
    }
}
