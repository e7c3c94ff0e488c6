import HTTPTypes
import Hummingbird
import RosterServerCore

/// A redirect a browser follows: `Location`, and nothing cached or passed on as a referrer, as
/// the URL may carry a code, a state or tokens in its fragment.
package struct RedirectReply: ResponseGenerator, Sendable {
    package var location: String
    /// 302 after a GET; 303 after a POST, so the browser follows with a GET.
    package var status: Int = 302

    package func response(from request: Request, context: some RequestContext) -> Response {
        Response(
            status: .init(code: status),
            headers: [.location: location, .cacheControl: "no-store", HTTPField.Name("Referrer-Policy")!: "no-referrer"])
    }

    package init(location: String, status: Int = 302) {
        self.location = location
        self.status = status
    }
}
