import PostgresNIO
import Testing

@testable import RosterServer
@testable import RosterServerCore
@testable import RosterPostgres

/// The PostgreSQL URL of `--db`: its parts, and a password from `PGPASSWORD` so that none need be
/// written in the process's arguments.
@Suite struct PostgresLocationTests {
    @Test func thePasswordComesFromPGPASSWORDUnlessTheURLHasOne() throws {
        let fromEnvironment = try PostgresLocation(url: "postgres://roster@db.internal:6543/roster", environment: ["PGPASSWORD": "s3cret"])
        #expect(fromEnvironment.password == "s3cret" && fromEnvironment.host == "db.internal" && fromEnvironment.port == 6543)
        #expect(fromEnvironment.username == "roster" && fromEnvironment.database == "roster")
        #expect(!fromEnvironment.shown.contains("s3cret"))
        let inURL = try PostgresLocation(url: "postgres://roster:p%40ss@db.internal/roster", environment: ["PGPASSWORD": "other"])
        #expect(inURL.password == "p@ss" && !inURL.shown.contains("p%40ss"))
        let none = try PostgresLocation(url: "postgres://roster@localhost/roster?host=/run/postgresql", environment: [:])
        #expect(none.password == nil && none.socketPath == "/run/postgresql/.s.PGSQL.5432")
    }

    @Test func aURLWithoutUserOrDatabaseIsRefusedWithoutItsPassword() {
        for url in ["postgres://db.internal/roster", "postgres://roster:s3cret@db.internal/", "http://roster@db/roster"] {
            do {
                _ = try PostgresLocation(url: url, environment: [:])
                Issue.record("\(url) was taken")
            } catch {
                #expect(!"\(error)".contains("s3cret"), "\(error)")
            }
        }
    }

    @Test func sslmodeIsLibpqsAndAStrictOneNeedsATCPHost() throws {
        #expect(try PostgresLocation(url: "postgres://roster@db.internal/roster", environment: [:]).tlsMode == .prefer)
        #expect(try PostgresLocation(url: "postgres://roster@localhost/roster", environment: [:]).tlsMode == .disable)
        let full = try PostgresLocation(url: "postgres://roster@db.internal/roster?sslmode=verify-full", environment: [:])
        #expect(full.tlsMode == .verifyFull && full.tlsConfiguration?.certificateVerification == .fullVerification)
        let require = try PostgresLocation(url: "postgres://roster@db.internal/roster?sslmode=require", environment: [:])
        #expect(require.tlsConfiguration?.certificateVerification == CertificateVerification.none)
        let refusals = [
            "postgres://roster@db.internal/roster?sslmode=on": "sslmode must be one of disable, allow, prefer, require, verify-ca, verify-full",
            "postgres://roster@localhost/roster?host=/run/postgresql&sslmode=require": "needs a TCP host",
            "postgres://roster@db.internal/roster?sslmode=verify-ca&sslrootcert=/nonexistent/ca.pem": "cannot be read",
        ]
        for (url, reason) in refusals {
            #expect {
                _ = try PostgresLocation(url: url, environment: [:])
            } throws: { error in
                "\(error)".contains(reason)
            }
        }
    }
}
