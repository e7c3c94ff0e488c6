import HTTPTypes
import Hummingbird
import RosterServerCore

/// A redirect a browser follows: `Location`, and nothing cached or passed on as a referrer, as
/// the URL may carry a code, a state or tokens in its fragment.
///
/// Or, for a page that fetches the address itself (`providerRedirectHeader=true`, as realm-web
/// 1.0 did, and opens it in a window), 200 with the address in `X-Baas-Location`: a fetch
/// would follow a redirect to the provider, whose answer carries no CORS for the page to read.
package struct RedirectReply: ResponseGenerator, Sendable {
    package static let locationHeader = HTTPField.Name("X-Baas-Location")!

    package var location: String
    /// 302 after a GET; 303 after a POST, so the browser follows with a GET.
    package var status: Int = 302
    /// The address in `X-Baas-Location` of a 200, for the page to open, in place of a redirect.
    package var inHeader = false

    package func response(from request: Request, context: some RequestContext) -> Response {
        var headers: HTTPFields = [.cacheControl: "no-store", HTTPField.Name("Referrer-Policy")!: "no-referrer"]
        headers[inHeader ? Self.locationHeader : .location] = location
        return Response(status: inHeader ? .ok : .init(code: status), headers: headers)
    }

    package init(location: String, status: Int = 302, inHeader: Bool = false) {
        self.location = location
        self.status = status
        self.inHeader = inHeader
    }
}
