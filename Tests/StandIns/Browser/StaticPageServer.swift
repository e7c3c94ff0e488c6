import Foundation
import Hummingbird
import Logging
import NIOCore

/// A web app's own site: fixed pages served from 127.0.0.1 at a port the kernel picks, so a page
/// opened from it runs on an origin of its own (`http://127.0.0.1:<port>`), another than the
/// server it calls, as a web app's pages do in production. Every answer is `no-store`, so a
/// reload fetches the page again; a path it was not given is 404.
///
///     let site = try await StaticPageServer.start(pages: ["/app.html": .html(page), "/app.js": .javascript(script)])
///     defer { site.stop() }
///     try await browser.navigate(to: site.url("/app.html?server=\(server)"))
public final class StaticPageServer: Sendable {
    /// One file: its bytes and the `Content-Type` they are served with.
    public struct Page: Sendable {
        public let contentType: String
        public let body: String

        public init(contentType: String, body: String) {
            self.contentType = contentType
            self.body = body
        }

        public static func html(_ body: String) -> Page { Page(contentType: "text/html; charset=utf-8", body: body) }
        public static func javascript(_ body: String) -> Page { Page(contentType: "text/javascript; charset=utf-8", body: body) }
    }

    /// `http://127.0.0.1:<port>`: the origin a browser gives the pages' requests.
    public let origin: String
    private let serving: Task<Void, any Error>

    private init(origin: String, serving: Task<Void, any Error>) {
        self.origin = origin
        self.serving = serving
    }

    /// The page at `path` (with any query), as a browser opens it.
    public func url(_ path: String) -> String { origin + path }

    /// Starts serving `pages` (path, starting with `/`, to page).
    public static func start(pages: [String: Page]) async throws -> StaticPageServer {
        let router = Router()
        router.get("**") { request, _ -> Response in
            guard let page = pages[request.uri.path] else { return Response(status: .notFound) }
            return Response(
                status: .ok, headers: [.contentType: page.contentType, .cacheControl: "no-store"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: page.body)))
        }
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0), serverName: nil),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: quietLogger)
        let serving = Task { try await application.runService() }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            serving.cancel()
            throw BrowserUnavailable(description: "the static page server did not start")
        }
        return StaticPageServer(origin: "http://127.0.0.1:\(port)", serving: serving)
    }

    /// Stops serving; safe to call twice.
    public func stop() { serving.cancel() }

    deinit { serving.cancel() }

    /// Stopping by cancellation is how a test ends, not an error worth a line.
    static let quietLogger: Logger = {
        var logger = Logger(label: "static-page-server")
        logger.logLevel = .critical
        return logger
    }()
}
