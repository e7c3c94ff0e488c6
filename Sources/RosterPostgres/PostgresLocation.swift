import Foundation
import PostgresNIO
import RosterServerCore

/// Where a PostgreSQL store is, from a `postgres://user@host:port/database` URL; a
/// `host=/directory` query item names a Unix socket directory instead (as libpq reads it). The
/// password comes from `PGPASSWORD`, as for libpq, so that it is never in the process's
/// arguments; one written in the URL is taken too. `sslmode` and `sslrootcert` are libpq's
/// (`PostgresTLSMode`), and so is `connect_timeout` (seconds, here with a fraction allowed:
/// how long one connection attempt may take before the database counts as unreachable).
///
///     let location = try PostgresLocation(url: "postgres://roster@db.internal/roster?sslmode=verify-full&connect_timeout=2")
package struct PostgresLocation: Sendable {
    package var host: String
    package var port: Int
    /// The socket file, when connecting over a Unix socket.
    package var socketPath: String?
    package var username: String
    package var password: String?
    package var database: String
    /// The URL without its password, to name the store in messages.
    package var shown: String
    /// How the connection is encrypted and its certificate checked.
    package var tlsMode: PostgresTLSMode
    /// The certificate authorities a certificate is checked against (`sslrootcert`); the
    /// system's when `nil`.
    package var rootCertificatePath: String?
    /// How long one connection attempt may take (`connect_timeout`), when the URL says.
    package var connectTimeout: Duration?

    /// Whether `text` names a PostgreSQL store rather than an SQLite file.
    package static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    package init(url text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
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
        let query = components.queryItems ?? []
        if let directory = query.first(where: { $0.name == "host" })?.value, directory.hasPrefix("/") {
            socketPath = directory + "/.s.PGSQL.\(port)"
        }
        let loopback = ["localhost", "127.0.0.1", "::1"].contains(host)
        if let mode = query.first(where: { $0.name == "sslmode" })?.value {
            guard let chosen = PostgresTLSMode(rawValue: mode) else {
                throw ServerStoreError.cannotOpen(
                    path: shown, reason: "sslmode must be one of \(PostgresTLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            tlsMode = chosen
        } else {
            // libpq's default is prefer; on a socket or loopback nothing is gained by it.
            tlsMode = socketPath != nil || loopback ? .disable : .prefer
        }
        if socketPath != nil, tlsMode.requiresTLS {
            throw ServerStoreError.cannotOpen(path: shown, reason: "sslmode=\(tlsMode.rawValue) needs a TCP host, not a Unix socket")
        }
        rootCertificatePath = query.first(where: { $0.name == "sslrootcert" })?.value
        if let text = query.first(where: { $0.name == "connect_timeout" })?.value {
            guard text.utf8.count <= 16, let seconds = Double(text), seconds.isFinite,
                let milliseconds = Int(exactly: (seconds * 1000).rounded()),
                PostgresServerStore.connectTimeouts.contains(.milliseconds(milliseconds))
            else {
                throw ServerStoreError.cannotOpen(path: shown, reason: "connect_timeout must be between 0.1 and 60 seconds, not '\(text.prefix(16))'")
            }
            connectTimeout = .milliseconds(milliseconds)
        }
        if let rootCertificatePath, !FileManager.default.isReadableFile(atPath: rootCertificatePath) {
            throw ServerStoreError.cannotOpen(path: shown, reason: "sslrootcert \(rootCertificatePath) cannot be read")
        }
    }

    /// What NIOSSL is given, or `nil` without TLS: no certificate check under `allow`, `prefer`
    /// and `require` (as libpq, unless `sslrootcert` names authorities: then as `verify-ca`),
    /// the chain under `verify-ca`, the chain and the host name under `verify-full`.
    package var tlsConfiguration: TLSConfiguration? {
        guard tlsMode != .disable else { return nil }
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch tlsMode {
        case .disable: return nil
        case .allow, .prefer, .require:
            configuration.certificateVerification = rootCertificatePath == nil ? .none : .noHostnameVerification
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let rootCertificatePath { configuration.trustRoots = .file(rootCertificatePath) }
        return configuration
    }

    /// The single connection's TLS (the check at start).
    package func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        guard let configuration = tlsConfiguration else { return .disable }
        let context = try NIOSSLContext(configuration: configuration)
        return tlsMode.requiresTLS ? .require(context) : .prefer(context)
    }

    /// The pool's configuration, with the TLS of `tlsMode`.
    /// The configuration of one connection of its own (outside the pool).
    package func connectionConfiguration() throws -> PostgresConnection.Configuration {
        if let socketPath {
            return .init(unixSocketPath: socketPath, username: username, password: password, database: database)
        }
        return .init(host: host, port: port, username: username, password: password, database: database, tls: try connectionTLS())
    }

    package var clientConfiguration: PostgresClient.Configuration {
        if let socketPath {
            return .init(unixSocketPath: socketPath, username: username, password: password, database: database)
        }
        let tls: PostgresClient.Configuration.TLS =
            switch tlsConfiguration {
            case nil: .disable
            case let configuration?: tlsMode.requiresTLS ? .require(configuration) : .prefer(configuration)
            }
        return .init(host: host, port: port, username: username, password: password, database: database, tls: tls)
    }
}

/// libpq's `sslmode`: whether the connection to PostgreSQL is encrypted, and what of the
/// server's certificate is checked. Without it, a TCP host other than loopback is `prefer`.
package enum PostgresTLSMode: String, CaseIterable, Sendable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"

    /// Whether a server without TLS is refused.
    package var requiresTLS: Bool { self == .require || self == .verifyCA || self == .verifyFull }
}
