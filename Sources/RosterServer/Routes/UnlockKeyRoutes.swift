import Hummingbird
import RosterServerCore
import RosterWire

/// Server-assisted unlock (docs/PROTOCOL-ADDITIONS.md, "Unlock keys"): `POST /auth/unlock_keys`
/// and `DELETE /auth/unlock_keys` with the session's refresh token make and forget its unlock
/// key; `POST /auth/unlock_keys/unlock` takes a PIN proof with no token (the device's session is
/// sealed until it gets an answer), the unlock id in the body, never in the path.
package enum UnlockKeyRoutes {
    package static func add(to router: Router<RosterRequestContext>, _ services: RouteServices) {
        let service = services.unlockKeys
        router.post(RouterPath(Route.unlock)) { request, context -> RouteReply in
            let proof = try WireBody.decode(UnlockRequest.self, from: try await request.collectedBody(within: context))
            switch try await service.unlock(proof, address: context.clientAddress) {
            case .released(let half): return try .json(half)
            case .wrong(let refused): return try .json(refused, status: 401)
            case .erased:
                throw ErrorResponse.invalidSession("too many wrong PINs: the unlock key is erased and the session ended; log in again")
            }
        }
        // Managed with the refresh token, as API keys are: a device always has it, and a PIN is
        // often chosen or changed long after the last access token expired.
        let keys = router.group().add(middleware: SessionAuthenticator(sessions: services.sessions, token: .refresh))
        keys.post(RouterPath(Route.unlockKeys)) { request, context -> RouteReply in
            let made = try WireBody.decode(UnlockKeyRequest.self, from: try await request.collectedBody(within: context))
            return try .json(try await service.create(for: try context.caller(), made), status: 201)
        }
        keys.delete(RouterPath(Route.unlockKeys)) { _, context -> RouteReply in
            guard try await service.forget(for: try context.caller()) else { throw UnlockKeyService.notFound }
            return .noContent
        }
    }
}
