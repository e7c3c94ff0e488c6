import Foundation
import Testing
import ThrowawayPostgres

@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// `sslmode` and `sslrootcert` in a PostgreSQL URL, as libpq reads them, against a cluster that
/// listens on loopback with a certificate for `localhost` from an authority of the test's own.
@Suite struct PostgresTLSTests {
    struct Certificates {
        var authority: URL
        var certificate: URL
        var key: URL
    }

    /// A throwaway certificate authority, and a server certificate for `localhost` it signed.
    static func makeCertificates() throws -> Certificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roster-tls-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func file(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Data("subjectAltName=DNS:localhost\n".utf8).write(to: URL(fileURLWithPath: file("san.ext")))
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", file("ca.key"),
             "-out", file("ca.pem"), "-days", "2", "-subj", "/CN=Roster test authority"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", file("server.key"),
             "-out", file("server.csr"), "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", file("server.csr"), "-CA", file("ca.pem"), "-CAkey", file("ca.key"), "-CAcreateserial",
             "-out", file("server.pem"), "-days", "2", "-extfile", file("san.ext")],
        ]
        for arguments in steps { try PostgresCluster.runTool(URL(fileURLWithPath: "/usr/bin/openssl"), arguments) }
        return Certificates(
            authority: URL(fileURLWithPath: file("ca.pem")), certificate: URL(fileURLWithPath: file("server.pem")),
            key: URL(fileURLWithPath: file("server.key")))
    }

    /// Whether the store's connections are encrypted, as the server sees them.
    static func encrypted(_ store: PostgresServerStore) async throws -> Bool? {
        try await store.withConnection { db in
            try await db.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", logger: store.logger).collect().first?
                .decode(Bool.self)
        }
    }

    @Test func sslmodeChecksTheServersCertificateAsLibpqDoes() async throws {
        let certificates = try Self.makeCertificates()
        let cluster = PostgresCluster(tls: .init(certificate: certificates.certificate, key: certificates.key))
        defer { Task { await cluster.shutDown() } }
        let url = try await cluster.newDatabaseURL()
        #expect(url.contains("@localhost:"))
        let authority = "sslrootcert=\(certificates.authority.path)"

        // verify-full against the authority that signed it: opened, and encrypted.
        let checked = try await PostgresServerStore(url: url + "?sslmode=verify-full&\(authority)")
        #expect(try await Self.encrypted(checked) == true)
        // require: encrypted, the certificate not checked (libpq's meaning).
        #expect(try await Self.encrypted(try await PostgresServerStore(url: url + "?sslmode=require")) == true)

        // verify-full against the system's authorities: refused, and said at start.
        await #expect {
            _ = try await PostgresServerStore(url: url + "?sslmode=verify-full")
        } throws: { error in
            "\(error)".contains("cannot open the server database") && "\(error)".lowercased().contains("certificate")
        }
        // The certificate names localhost, not 127.0.0.1: verify-full refuses, verify-ca opens.
        let byAddress = url.replacingOccurrences(of: "@localhost:", with: "@127.0.0.1:")
        await #expect(throws: ServerStoreError.self) { _ = try await PostgresServerStore(url: byAddress + "?sslmode=verify-full&\(authority)") }
        #expect(try await Self.encrypted(try await PostgresServerStore(url: byAddress + "?sslmode=verify-ca&\(authority)")) == true)
    }
}
