import Foundation
import PostgresNIO

/// Where a PostgreSQL store is, from a `postgres://user@host:port/database` URL; a
/// `host=/directory` query item names a Unix socket directory instead (as libpq reads it). The
/// password comes from `PGPASSWORD`, as for libpq, so that it is never in the process's
/// arguments; one written in the URL is taken too.
///
///     let location = try PostgresLocation(url: "postgres://roster@db.internal/roster")
struct PostgresLocation: Sendable {
    var host: String
    var port: Int
    /// The socket file, when connecting over a Unix socket.
    var socketPath: String?
    var username: String
    var password: String?
    var database: String
    /// The URL without its password, to name the store in messages.
    var shown: String

    /// Whether `text` names a PostgreSQL store rather than an SQLite file.
    static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw ServerStoreError.cannotOpen(path: "the PostgreSQL URL", reason: "it is not of the form postgres://user@host:port/database")
        }
        var redacted = components
        if redacted.password != nil { redacted.password = "***" }
        shown = redacted.string ?? "postgres://"
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard let username = components.user, !username.isEmpty else {
            throw ServerStoreError.cannotOpen(path: shown, reason: "the URL names no user (postgres://USER@host/database)")
        }
        guard !database.isEmpty, !database.contains("/") else {
            throw ServerStoreError.cannotOpen(path: shown, reason: "the URL names no database (postgres://user@host/DATABASE)")
        }
        self.username = username.removingPercentEncoding ?? username
        self.password = components.password?.removingPercentEncoding ?? environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        self.database = database
        self.host = components.host.flatMap { $0.isEmpty ? nil : $0 } ?? "localhost"
        self.port = components.port ?? 5432
        if let directory = components.queryItems?.first(where: { $0.name == "host" })?.value, directory.hasPrefix("/") {
            socketPath = directory + "/.s.PGSQL.\(port)"
        }
    }

    /// The pool's configuration: no TLS on a socket or loopback, preferred elsewhere.
    var clientConfiguration: PostgresClient.Configuration {
        if let socketPath {
            return .init(unixSocketPath: socketPath, username: username, password: password, database: database)
        }
        let loopback = ["localhost", "127.0.0.1", "::1"].contains(host)
        return .init(
            host: host, port: port, username: username, password: password, database: database,
            tls: loopback ? .disable : .prefer(.makeClientConfiguration()))
    }
}
