import HTTPTypes
import Hummingbird
import RosterServerCore
import RosterWire

/// How the router answers a `RetryLater` refusal: its error JSON, its status and `Retry-After`.
/// `ProtocolErrorMiddleware` wraps each refusal in one.
package struct RetryLaterAnswer: HTTPResponseError {
    package let refusal: any RetryLater
    /// The answer's `link` (`ErrorLinkMiddleware`); empty when none.
    package var link = ""

    package var status: HTTPResponse.Status { HTTPResponse.Status(code: refusal.statusCode) }

    package func response(from request: Request, context: some RequestContext) -> Response {
        var body = refusal.response
        if !link.isEmpty { body.link = link }
        var answer = body.jsonResponse(retryAfter: refusal.retryAfterSeconds)
        answer.status = status
        return answer
    }

    package init(refusal: any RetryLater) {
        self.refusal = refusal
    }
}
