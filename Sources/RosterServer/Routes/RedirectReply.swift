import HTTPTypes
import Hummingbird

/// A redirect a browser follows: `Location`, and nothing cached or passed on as a referrer, as
/// the URL may carry a code, a state or tokens in its fragment.
struct RedirectReply: ResponseGenerator, Sendable {
    var location: String
    /// 302 after a GET; 303 after a POST, so the browser follows with a GET.
    var status: Int = 302

    func response(from request: Request, context: some RequestContext) -> Response {
        Response(
            status: .init(code: status),
            headers: [.location: location, .cacheControl: "no-store", HTTPField.Name("Referrer-Policy")!: "no-referrer"])
    }
}
