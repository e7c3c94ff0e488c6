import Foundation
import Hummingbird
import NIOCore
import RosterServerCore
import RosterWire

/// Reads every request's body before any route runs, within the largest body a served app
/// accepts, which it sets as the context's `maxUploadSize`: a body over it is refused with 413
/// PayloadTooLarge before anything else is done (a declared `Content-Length` over it unread).
/// Under an app (`ServedAppMiddleware`) the limit becomes that app's own, and routes read the
/// body within it:
///
///     let body = try await request.collectedBody(within: context)   // 413 past the app's limit
package struct RequestBodyMiddleware: RouterMiddleware {
    package typealias Context = RosterRequestContext
    /// The largest body any served app accepts.
    package let limit: Int

    package func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.maxUploadSize = limit
        var request = request
        request.body = RequestBody(buffer: try await request.collectedBuffer(within: context))
        return try await next(request, context)
    }

    package init(limit: Int) {
        self.limit = limit
    }
}

extension Request {
    /// The body, read within the context's `maxUploadSize`; PayloadTooLarge past it.
    package func collectedBody(within context: RosterRequestContext) async throws -> Data {
        Data(try await collectedBuffer(within: context).readableBytesView)
    }

    fileprivate func collectedBuffer(within context: RosterRequestContext) async throws -> ByteBuffer {
        let limit = context.maxUploadSize
        if let declared = headers[.contentLength].flatMap(Int.init), declared > limit {
            throw ErrorResponse.payloadTooLarge(limit: limit)
        }
        do {
            return try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ErrorResponse.payloadTooLarge(limit: limit)
        } catch {
            throw ErrorResponse.badRequest("the request body could not be read")
        }
    }
}
