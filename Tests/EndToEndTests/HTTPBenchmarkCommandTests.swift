import Foundation
import Testing

/// `roster-bench http` fills a store, starts a real roster-server and runs wrk against every
/// route a client calls again and again; every request is answered as it should be (2xx, and
/// 400 for a device poll nobody approved); bad options and a missing wrk are said in words.
extension EndToEndTests {
    @Suite("roster-bench http end to end")
    struct HTTPBenchmarkCommandTests {
        /// Every route the benchmark loads, in its order.
        static let routes = [
            "location (the ceiling)", "refresh", "profile", "providers", "custom data location", "custom data update", "data find",
            "data insertOne", "API key list", "anonymous log-in", "API-key log-in", "device log-in poll", "device page",
            "health", "email/password log-in",
        ]
        /// What the comparisons load (`--route`, a name's part each): a read, a write, a refresh
        /// and the log-in, which is judged against the hash alone; every route's load is the first
        /// test's. The comparisons must also leave the other routes out.
        static let comparedRoutes = ["refresh", "data find", "data insertOne", "email/password log-in"]

        /// One short run: every route loaded and answered as it should be, and the ceiling and a
        /// refresh with a browser's `Origin` and without: a line each with both sides' requests a
        /// second, the cost of `Origin` (one round: without over with) and its verdict against
        /// 1.05, judged on the ratio as printed.
        @Test func aShortRunLoadsEveryRouteAndEveryAnswerIsASuccess() throws {
            let home = try CommandRunner.temporaryDirectory("http-benchmark")
            defer { try? FileManager.default.removeItem(at: home) }
            let run = try CommandRunner(home: home).rosterBench([
                "http", "--users", "200", "--seconds", "1", "--connections", "4", "--origin-rounds", "1",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster HTTP benchmark: SQLite, 200 users, 1 s a route") == true, "\(run.stdout)")
            for route in Self.routes {
                let row = try #require(lines.first { $0.hasPrefix("  " + route + " ") }, "\(route) missing from \(run.stdout)")
                let figures = row.dropFirst(2 + route.count).split(separator: " ").compactMap { Double($0) }
                #expect(figures.count == 5, "\(row)")
                #expect((figures.dropFirst().first ?? 0) > 0, "no requests answered for \(route): \(row)")
                #expect(figures.last == 0, "answers other than 2xx for \(route): \(row)")
            }
            #expect(lines.contains("    answers other than 2xx, and socket errors: 0"), "\(run.stdout)")
            #expect(lines.contains { $0.hasPrefix("    refresh at ") && $0.contains("of the ceiling") })
            #expect(lines.contains { $0.hasPrefix("    email/password log-in ") && $0.contains("against the hash alone") })
            for route in ["location (the ceiling)", "refresh"] {
                let prefix = "    with Origin: \(route) "
                let row = try #require(lines.first { $0.hasPrefix(prefix) }, "\(route) missing from \(run.stdout)")
                let figures = row.dropFirst(prefix.count).split(whereSeparator: { " ():".contains($0) }).compactMap { Double($0) }
                // without, with, cost, its lowest and highest round, rounds, target
                #expect(figures.count == 7, "\(row)")
                guard figures.count == 7 else { continue }
                #expect(figures[0] > 0 && figures[1] > 0, "no requests answered: \(row)")
                #expect(abs(figures[2] - figures[0] / figures[1]) < 0.002 * max(1, figures[2]), "cost is not without over with: \(row)")
                #expect(figures[2] == figures[3] && figures[3] == figures[4] && figures[5] == 1 && figures[6] == 1.05, "\(row)")
                #expect(row.hasSuffix(figures[2] <= 1.05 ? ": met" : ": MISSED"), "\(row)")
            }
        }

        /// Two stores side by side: each route's line has both sides' figures, and with one round
        /// its cost is the smaller store's requests a second over the larger's.
        @Test func aComparisonMeasuresEveryRouteOnBothStores() throws {
            let home = try CommandRunner.temporaryDirectory("http-benchmark-compare")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let run = try runner.rosterBench([
                "http", "--users", "120", "--against-users", "30", "--rounds", "1", "--seconds", "1", "--connections", "4",
            ] + Self.comparedRoutes.flatMap { ["--route", $0] })
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster HTTP benchmark: SQLite, 120 users against 30 users, 1 rounds of 1 s a route on each") == true, "\(run.stdout)")
            for route in Self.comparedRoutes {
                let row = try #require(lines.first { $0.hasPrefix("  " + route + " ") }, "\(route) missing from \(run.stdout)")
                let figures = row.dropFirst(2 + route.count).split(whereSeparator: { " ():".contains($0) }).compactMap { Double($0) }
                // larger req/s, p99; smaller req/s, p99; cost, its lowest and highest round; but for
                // the log-in, the server's processor time a request likewise
                let count = route == "email/password log-in" ? 7 : 10
                #expect(figures.count == count, "\(row)")
                guard figures.count == count else { continue }
                if count == 10 { #expect(figures[7] > 0 && figures[7] == figures[8] && figures[8] == figures[9], "one round has one ratio: \(row)") }
                #expect(figures[0] > 0 && figures[2] > 0, "no requests answered for \(route): \(row)")
                #expect(figures[4] == figures[5] && figures[5] == figures[6], "one round has one ratio: \(row)")
                if route != "email/password log-in" {
                    #expect(abs(figures[4] - figures[2] / figures[0]) < 0.002 * max(1, figures[4]), "cost is not smaller over larger: \(row)")
                }
                #expect(row.hasSuffix(figures[4] <= 1.10 ? ": met" : ": MISSED"), "\(row)")
            }
            #expect(lines.contains("    answers other than 2xx, and socket errors: 0"), "\(run.stdout)")
            #expect(lines.contains { $0.contains("MiB with 120 users") && $0.contains("MiB with 30 users (VmHWM)") }, "\(run.stdout)")
            #expect(!lines.contains { $0.hasPrefix("  health ") }, "a route left out was loaded: \(run.stdout)")
        }

        /// Two builds in turns, each over a store of its own that it fills itself (`admin
        /// create-user`): here the same roster-server under a second path, so every route runs on
        /// both sides and is judged against the method's resolution; the second round runs on
        /// servers started afresh.
        @Test func aComparisonOfTwoBuildsMeasuresEveryRouteOnBoth() throws {
            let home = try CommandRunner.temporaryDirectory("http-benchmark-builds")
            defer { try? FileManager.default.removeItem(at: home) }
            let other = home.appendingPathComponent("other-build")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: other.appendingPathComponent("roster-server"), withDestinationURL: CommandRunner.binaries.appendingPathComponent("roster-server"))
            let run = try CommandRunner(home: home).rosterBench([
                "http", "--users", "4", "--against-server", other.appendingPathComponent("roster-server").path, "--rounds", "2",
                "--seconds", "1", "--connections", "4",
            ] + Self.comparedRoutes.flatMap { ["--route", $0] })
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Roster HTTP benchmark: SQLite, this build against the other build, 2 rounds") == true, "\(run.stdout)")
            for route in Self.comparedRoutes {
                let row = try #require(lines.first { $0.hasPrefix("  " + route + " ") }, "\(route) missing from \(run.stdout)")
                let figures = row.dropFirst(2 + route.count).split(whereSeparator: { " ():".contains($0) }).compactMap { Double($0) }
                // req/s and p99 each side; cost, its lowest and highest round; but for the log-in,
                // whose hash dominates, the server's processor time a request likewise
                let count = route == "email/password log-in" ? 7 : 10
                #expect(figures.count == count && figures[0] > 0 && figures[2] > 0, "\(row)")
                guard figures.count == count else { continue }
                #expect(row.hasSuffix(figures[4] <= 1.07 ? ": met" : ": MISSED"), "\(row)")
                if count == 10 {
                    #expect(figures[7] > 0 && figures[8] <= figures[7] && figures[7] <= figures[9], "\(row)")
                }
            }
            #expect(lines.contains { $0.contains("target at most 1.07") }, "\(run.stdout)")
            #expect(!lines.contains { $0.hasPrefix("  profile ") }, "a route left out was loaded: \(run.stdout)")
            #expect(lines.contains("    answers other than 2xx, and socket errors: 0"), "\(run.stdout)")
            let missing = try CommandRunner(home: home).rosterBench(["http", "--against-server", home.appendingPathComponent("nothing").path])
            #expect(missing.status != 0 && missing.stderr.contains("no roster-server at"), "\(missing.stderr)")
        }

        /// A build that fails a route is named in that route's row, with the rounds it failed
        /// in: here "the other build" is the same roster-server behind a script that gives its
        /// app's access tokens one second, so every call with the token the run logged in for is
        /// refused there (as a run longer than the token's life once was, on one side unnamed).
        @Test func failedAnswersAreSaidWithTheSideAndRoundTheyCameIn() throws {
            let home = try CommandRunner.temporaryDirectory("http-benchmark-failing")
            defer { try? FileManager.default.removeItem(at: home) }
            let other = home.appendingPathComponent("other-build")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            let real = CommandRunner.binaries.appendingPathComponent("roster-server").path
            let script = """
                #!/bin/sh
                if [ "$1" = serve ]; then
                  next=0
                  for a in "$@"; do
                    if [ $next = 1 ]; then
                      /usr/bin/python3 -c 'import json, sys; c = json.load(open(sys.argv[1])); c["accessTokenLifetimeSeconds"] = 1; json.dump(c, open(sys.argv[1], "w"))' "$a"
                    fi
                    if [ "$a" = --config ]; then next=1; else next=0; fi
                  done
                fi
                exec '\(real)' "$@"
                """
            let wrapper = other.appendingPathComponent("roster-server")
            #expect(FileManager.default.createFile(atPath: wrapper.path, contents: Data(script.utf8), attributes: [.posixPermissions: 0o700]))
            let run = try CommandRunner(home: home).rosterBench([
                "http", "--users", "4", "--against-server", wrapper.path, "--rounds", "2", "--seconds", "2", "--connections", "4",
                "--route", "location", "--route", "data find",
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let lines = run.stdout.split(separator: "\n").map(String.init)
            let find = try #require(lines.first { $0.hasPrefix("  data find ") }, "\(run.stdout)")
            #expect(find.contains("(answers other than 2xx, or socket errors: "), "\(find)")
            #expect(find.contains(" on the other build in rounds 1, 2)"), "\(find)")
            #expect(!find.contains("on this build"), "\(find)")
            let location = try #require(lines.first { $0.hasPrefix("  location ") }, "\(run.stdout)")
            #expect(!location.contains("answers other than 2xx"), "a route without the token fails nowhere: \(location)")
            #expect(!lines.contains("    answers other than 2xx, and socket errors: 0"), "\(run.stdout)")
        }

        @Test func badOptionsAndAMissingWrkAreSaidInWords() throws {
            let home = try CommandRunner.temporaryDirectory("http-benchmark-options")
            defer { try? FileManager.default.removeItem(at: home) }
            let runner = CommandRunner(home: home)
            let users = try runner.rosterBench(["http", "--users", "0"])
            #expect(users.status == 2 && users.stderr.contains("--users must be between 1 and 10000000"), "\(users.stderr)")
            let db = try runner.rosterBench(["http", "--db", "mysql://localhost/roster"])
            #expect(db.status == 2 && db.stderr.contains("--db and --against-db take a postgres:// URL"), "\(db.stderr)")
            let refusals: [([String], String)] = [
                (["--against-users", "0"], "--against-users must be between 1 and 10000000"),
                (["--against-users", "10", "--rounds", "0"], "--rounds must be between 1 and 100"),
                (["--against-users", "10", "--soak-seconds", "60"], "--soak-seconds cannot be combined with a comparison"),
                (["--against-db", "postgres://roster@127.0.0.1/b"], "--against-db needs --against-users or --against-server"),
                (["--rounds", "3"], "--rounds needs --against-users or --against-server"),
                (["--origin-rounds", "101"], "--origin-rounds must be between 0 and 100"),
                (["--against-users", "10", "--origin-rounds", "2"], "--origin-rounds cannot be combined with a comparison"),
                (["--against-users", "10", "--db", "postgres://roster@127.0.0.1/a"], "--db and --against-db go together"),
                (
                    ["--against-users", "10", "--db", "postgres://roster@127.0.0.1/a", "--against-db", "postgres://roster@127.0.0.1/a"],
                    "--against-db must name another database than --db"
                ),
            ]
            for (options, message) in refusals {
                let refused = try runner.rosterBench(["http"] + options)
                #expect(refused.status == 2 && refused.stderr.contains(message), "\(options): \(refused.stderr)")
            }
            // No wrk on the PATH: the store is filled and the server started, then one clear line.
            let empty = home.appendingPathComponent("empty-bin")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            let noWrk = try CommandRunner(home: home, extra: ["PATH": empty.path]).rosterBench(["http", "--users", "10", "--seconds", "1"])
            #expect(noWrk.status == 1 && noWrk.stderr.contains("wrk is not installed (Debian: apt-get install wrk)"), "\(noWrk.stderr)")
        }
    }
}
