import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import RosterServer
import RosterServerCore
import ServiceLifecycle

/// The web demo (`roster-server serve --demo --web-demo-port PORT`): on a port of its own, so on
/// an origin other than the client API's, one static page that uses the demo app from the
/// browser with plain `fetch` (providers, log-in, profile, custom data live through `watch`),
/// as a web app on its own site uses Roster. It serves `/`, `/app.js` and `/style.css`, and
/// nothing else.
///
///     let webDemo = WebDemoEndpoint(host: "127.0.0.1", port: 8080, appId: "roster-demo")
///     try await server.serve(host: "127.0.0.1", port: 9090, shutdownOn: [.terminate], webDemo: webDemo)
public struct WebDemoEndpoint: Sendable {
    public static let paths = ["/", "/app.js", "/style.css"]
    public var host: String
    public var port: Int
    /// The app the page logs in to.
    public var appId: String
    /// Called with the bound port (port 0 picks a free one).
    public var onListening: @Sendable (Int) async -> Void

    public init(host: String, port: Int, appId: String, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) {
        self.host = host
        self.port = port
        self.appId = appId
        self.onListening = onListening
    }

    /// The application serving the page, which calls `server`'s client API at its links' base
    /// (the public URL, else the address it listens on).
    package func application(for server: RosterServer, logger: Logger) throws -> some Service {
        let files = try WebDemoFiles.load()
        let appId = self.appId
        let router = Router()
        router.get("/") { _, _ -> Response in
            let api = server.inProcessBase
            let html = files.html.replacingOccurrences(of: "{{api}}", with: PageStyle.escaped(api.text))
                .replacingOccurrences(of: "{{appId}}", with: PageStyle.escaped(appId))
            return Self.answer(ByteBuffer(string: html), type: "text/html; charset=utf-8", api: api)
        }
        router.get("/app.js") { _, _ -> Response in
            Self.answer(ByteBuffer(data: files.script), type: "text/javascript; charset=utf-8", api: server.inProcessBase)
        }
        router.get("/style.css") { _, _ -> Response in
            Self.answer(ByteBuffer(data: files.styleSheet), type: "text/css; charset=utf-8", api: server.inProcessBase)
        }
        let onListening = self.onListening
        let port = self.port
        return Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) }, logger: logger)
    }

    /// A file of the page with headers that let it run its own script and style sheet, call the
    /// client API at `api` and nothing else: no inline script, no framing, no sniffing, no referrer.
    package static func answer(_ body: ByteBuffer, type: String, api: PublicURL) -> Response {
        var headers: HTTPFields = [:]
        headers[.contentType] = type
        headers[.cacheControl] = "no-store"
        headers[.contentSecurityPolicy] = contentSecurityPolicy(api: api)
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// Script and style from the page's own origin only, and connections to the client API's
    /// origin only.
    package static func contentSecurityPolicy(api: PublicURL) -> String {
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src \(origin(of: api)); "
            + "form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
    }

    /// `scheme://host[:port]` of a base that may carry a path.
    package static func origin(of base: PublicURL) -> String {
        let text = base.text
        guard let scheme = text.range(of: "://") else { return text }
        let rest = text[scheme.upperBound...]
        return String(text[..<scheme.upperBound]) + String(rest.prefix { $0 != "/" })
    }
}
