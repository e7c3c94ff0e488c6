import Foundation
import Testing

/// A day at a shared terminal, run with the real `roster` binary: Joe, Emma and an
/// anonymous user log in, switch, log out, are removed, and read and refresh custom data. Each
/// step is checked against docs/BEHAVIOURS.md, and every command is a new process, so every step also
/// shows that the device survives a restart (BEHAVIOURS 39).
struct DeviceScript {
    let runner: CommandRunner
    /// How to reach the server's store for `roster-server admin`.
    let adminArguments: [String]

    /// `roster whoami --json` with nobody active: `null`, and exit 1 (as `gh auth status`).
    func nobodyIsActive() throws -> Bool {
        let result = try runner.roster(["whoami", "--json"])
        return result.status == 1 && result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "null"
    }

    func expectSuccess(_ arguments: [String], stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> CommandRunner.Result
    {
        let result = try runner.roster(arguments, stdin: stdin)
        #expect(result.status == 0, "roster \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    func expectFailure(_ arguments: [String], stdin: String? = nil, status: Int32 = 1, mentioning words: String,
        sourceLocation: SourceLocation = #_sourceLocation) throws
    {
        let result = try runner.roster(arguments, stdin: stdin)
        #expect(result.status == status, "roster \(arguments.joined(separator: " ")) exited \(result.status)",
            sourceLocation: sourceLocation)
        #expect(result.stderr.lowercased().contains(words.lowercased()), "stderr was: \(result.stderr)",
            sourceLocation: sourceLocation)
        if status == 1 {
            #expect(result.stderr.split(separator: "\n").count == 1, "one line expected: \(result.stderr)",
                sourceLocation: sourceLocation)
        }
    }

    func users() throws -> [ListedUser] {
        try expectSuccess(["users", "--json"]).users()
    }

    func user(_ email: String) throws -> ListedUser {
        try #require(try users().first { $0.email == email })
    }

    func current() throws -> ListedUser? {
        try users().first { $0.current }
    }

    func admin(_ arguments: [String], stdin: String? = nil) throws {
        let result = try runner.rosterServer(["admin"] + adminArguments + arguments, stdin: stdin)
        #expect(result.status == 0, "roster-server admin \(arguments) failed: \(result.stderr)")
    }

    func run() throws {
        // BEHAVIOURS 4: nobody yet.
        #expect(try users().isEmpty)
        #expect(try nobodyIsActive())

        // BEHAVIOURS 5, 6: Joe, then Emma; Emma is current and Joe stays logged in.
        _ = try expectSuccess(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n")
        #expect(try current()?.email == "joe@example.com")
        _ = try expectSuccess(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n")
        #expect(try current()?.email == "emma@example.com")
        let joe = try user("joe@example.com")
        #expect(joe.state == "loggedIn" && !joe.current && joe.providers == ["local-userpass"])

        // BEHAVIOURS 7: Joe again: same id, no second entry.
        _ = try expectSuccess(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "passw0rd\n")
        #expect(try users().count == 2)
        #expect(try user("joe@example.com").id == joe.id)

        // BEHAVIOURS 8: anonymous twice is one user; --new makes another.
        _ = try expectSuccess(["login", "--anonymous"])
        let anonymous = try #require(try current())
        #expect(anonymous.providers == ["anon-user"] && anonymous.email == nil)
        _ = try expectSuccess(["login", "--anonymous"])
        #expect(try users().count == 3)
        #expect(try current()?.id == anonymous.id)

        // BEHAVIOURS 9: a wrong password changes nothing.
        let before = try users()
        try expectFailure(["login", "--email", "joe@example.com", "--password-stdin"], stdin: "wrong\n", mentioning: "password")
        try expectFailure(["login", "--email", "nobody@example.com", "--password-stdin"], stdin: "wrong\n", mentioning: "password")
        #expect(try users() == before)

        // BEHAVIOURS 12, 13: switch by email prefix; unknown and ambiguous names fail.
        _ = try expectSuccess(["switch", "jo"])
        #expect(try current()?.email == "joe@example.com")
        try expectFailure(["switch", "zed@example.com"], mentioning: "no user")
        #expect(try current()?.email == "joe@example.com")

        // BEHAVIOURS 31, 33, 32: custom data from the token; a server change shows after refresh.
        let data = try expectSuccess(["custom-data"]).stdout
        #expect(data.contains(#""favoriteColor": "green""#))
        try admin(["set-custom-data", "joe@example.com", #"{"favoriteColor": "blue", "team": "platform"}"#])
        #expect(try expectSuccess(["custom-data", "joe"]).stdout.contains(#""favoriteColor": "green""#))
        let refreshed = try expectSuccess(["custom-data", "--refresh", "joe"]).stdout
        #expect(refreshed.contains(#""favoriteColor": "blue""#))
        #expect(try expectSuccess(["custom-data", "joe"]).stdout.contains(#""favoriteColor": "blue""#))
        let whoami = try expectSuccess(["whoami"]).stdout
        #expect(whoami.contains("joe@example.com") && whoami.contains("custom data as of"))

        // A fresh access token for scripts.
        let token = try expectSuccess(["token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.split(separator: ".").count == 3)

        // BEHAVIOURS 15, 18: Emma logs out while Joe is active; she stays listed.
        _ = try expectSuccess(["logout", "emma@example.com"])
        #expect(try user("emma@example.com").state == "loggedOut")
        #expect(try current()?.email == "joe@example.com")
        try expectFailure(["switch", "emma"], mentioning: "logged out")
        try expectFailure(["custom-data", "emma"], mentioning: "logged out")

        // BEHAVIOURS 17: Joe (current) logs out; the anonymous user, the most recent remaining, is next.
        _ = try expectSuccess(["logout"])
        #expect(try current()?.id == anonymous.id)

        // BEHAVIOURS 16: an anonymous user that logs out is removed; nobody is current.
        _ = try expectSuccess(["logout"])
        #expect(try users().map(\.email) .sorted { ($0 ?? "") < ($1 ?? "") } == ["emma@example.com", "joe@example.com"])
        #expect(try nobodyIsActive())

        // BEHAVIOURS 20: logging out a logged-out user changes nothing.
        _ = try expectSuccess(["logout", "emma"])
        #expect(try user("emma@example.com").state == "loggedOut")

        // BEHAVIOURS 21, 23, 25: remove Emma (logged out: no network), then log her in again.
        let emmaId = try user("emma@example.com").id
        _ = try expectSuccess(["remove", "emma"])
        #expect(try users().map(\.email) == ["joe@example.com"])
        try expectFailure(["remove", "emma"], mentioning: "no user")
        _ = try expectSuccess(["login", "--email", "emma@example.com", "--password-stdin"], stdin: "pa55word\n")
        #expect(try user("emma@example.com").id == emmaId)
        #expect(try current()?.email == "emma@example.com")

        // Ambiguous prefixes name the candidates.
        try admin(["create-user", "--email", "emily@example.com", "--password-stdin"], stdin: "emily-pass-1\n")
        _ = try expectSuccess(["login", "--email", "emily@example.com", "--password-stdin"], stdin: "emily-pass-1\n")
        try expectFailure(["switch", "em"], mentioning: "matches 2 users")
        _ = try expectSuccess(["switch", "emma@"])
        #expect(try current()?.email == "emma@example.com")
    }
}
