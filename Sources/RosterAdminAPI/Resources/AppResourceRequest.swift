import Foundation
import Hummingbird
import RosterAppModel
import RosterServer
import RosterWire

/// What every route of an app's resources does first: name the group and app of the path
/// (`:groupId`, `:appId`), read the body within its limit, and load or change the app through
/// the store.
struct AppResourceRequest<Store: AppResourceStore> {
    let store: Store
    let request: Request
    let context: Store.Context
    let group: String
    let app: String

    init(_ store: Store, _ request: Request, _ context: Store.Context) throws {
        self.store = store
        self.request = request
        self.context = context
        group = try context.parameters.require("groupId")
        app = try context.parameters.require("appId")
    }

    /// The path's `:name`, which must be an ObjectId.
    func id(_ name: String = "id") throws -> String {
        let id = try context.parameters.require(name)
        guard AdminObjectID.isValid(id) else { throw AdminResourceError.invalid(name == "id" ? "_id" : name, "is not an ObjectId") }
        return id.lowercased()
    }

    func model() async throws -> AppModel {
        try await store.appModel(group: group, app: app, context: context)
    }

    func apply(_ action: String, _ edit: @escaping AppEdit) async throws {
        try await store.apply(edit, group: group, app: app, action: action, context: context)
    }

    func body<T: Decodable>(_ type: T.Type) async throws -> T {
        try AdminRequestBody.decode(type, from: try await rawBody())
    }

    /// The body as it came, refused past `AdminResourceLimits.maxBodyBytes`.
    func rawBody() async throws -> Data {
        do {
            return Data(try await request.body.collect(upTo: AdminResourceLimits.maxBodyBytes).readableBytesView)
        } catch {
            throw AdminResourceError(
                status: 413, code: "PayloadTooLarge", message: "the request body is larger than \(AdminResourceLimits.maxBodyBytes) bytes")
        }
    }
}

/// The limits of the Admin API's resource routes (docs/SECURITY.md).
public enum AdminResourceLimits {
    /// The largest body a resource route reads: 4 MiB, room for a function's source.
    public static let maxBodyBytes = 4 * 1024 * 1024
}

/// Adds the routes of an app's resources to a router group. What a route throws goes up to the
/// router as it is: its own refusals (`AdminResourceError`) keep their status, `error_code` and
/// words there (`ProtocolErrorAnswer`), as the store's own errors (a missing app) keep theirs.
struct AppResourceRouter<Store: AppResourceStore> {
    let group: RouterGroup<Store.Context>
    let store: Store

    func on(
        _ method: HTTPRequest.Method, _ path: String, _ handle: @escaping @Sendable (AppResourceRequest<Store>) async throws -> RouteReply
    ) {
        let store = self.store
        group.on(RouterPath(path), method: method) { request, context -> RouteReply in
            try await handle(try AppResourceRequest(store, request, context))
        }
    }
}
