import HTTPTypes
import Hummingbird
import RosterServerCore
import RosterWire

/// How the router answers a `RetryLater` refusal: its error JSON, its status and `Retry-After`.
/// `ProtocolErrorMiddleware` wraps each refusal in one.
package struct RetryLaterAnswer: HTTPResponseError {
    package let refusal: any RetryLater

    package var status: HTTPResponse.Status { HTTPResponse.Status(code: refusal.statusCode) }

    package func response(from request: Request, context: some RequestContext) -> Response {
        var answer = refusal.response.jsonResponse(retryAfter: refusal.retryAfterSeconds)
        answer.status = status
        return answer
    }

    package init(refusal: any RetryLater) {
        self.refusal = refusal
    }
}
