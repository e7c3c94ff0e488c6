import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `roster-server serve` takes its settings from a settings file, `ROSTER_*` variables and its
/// options, in that rising order; a setting it cannot use is one line naming where it was written,
/// exit status 64, and nothing started or created.
extension EndToEndTests {
    @Suite("roster-server serve settings")
    struct ServerSettingsTests {
        /// A private folder with a settings file and the environment a server is started with.
        struct Setup {
            let home: URL
            var environment: [String: String]

            init(_ name: String) throws {
                home = try CommandRunner.temporaryDirectory("settings-\(name)")
                environment = ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
            }

            var database: URL { home.appendingPathComponent("s.sqlite") }

            /// Writes `text` as the settings file and returns its path.
            @discardableResult
            func settings(_ text: String, named name: String = "settings.json") throws -> String {
                let file = home.appendingPathComponent(name)
                try Data(text.utf8).write(to: file)
                return file.path
            }

            /// Runs a `serve` that should end by itself (refused, or failing to start): one that
            /// starts instead is stopped at its first line and fails the test, rather than
            /// leaving it waiting on a running server (`ChildProcess.runToItsEnd`).
            func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> CommandRunner.Result {
                let ran = try ChildProcess.runToItsEnd(
                    path: CommandRunner.binaries.appendingPathComponent("roster-server").path, ["serve"] + arguments,
                    environment: environment)
                if let stopped = ran.stopped {
                    Issue.record("roster-server serve \(arguments.joined(separator: " ")) was stopped: \(stopped)", sourceLocation: sourceLocation)
                }
                return .init(status: ran.status, stdout: String(decoding: ran.stdout, as: UTF8.self), stderr: String(decoding: ran.stderr, as: UTF8.self))
            }

            /// Starts the server and returns it with the lines it printed once listening (and
            /// serving metrics, when `metrics`).
            func serve(_ arguments: [String], metrics: Bool = false, log: URL? = nil) throws -> (ChildProcess, [String]) {
                let process = try ChildProcess(
                    path: CommandRunner.binaries.appendingPathComponent("roster-server").path, ["serve"] + arguments,
                    environment: environment, stdout: .pipe, stderr: log.map { .file($0.path) } ?? .null)
                let lines = process.readLines { lines in
                    lines.contains { $0.hasPrefix("roster-server listening on ") } && lines.contains { $0.hasPrefix("links start with ") }
                        && (!metrics || lines.contains { $0.hasPrefix("roster-server metrics on ") })
                }
                return (process, lines)
            }

            /// A refusal: exit status 64, one line on stderr, nothing on stdout, no database.
            func expectRefused(_ arguments: [String] = [], saying words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
                let refused = try run(arguments, sourceLocation: sourceLocation)
                #expect(refused.status == 64, "\(refused.stderr)", sourceLocation: sourceLocation)
                #expect(refused.stderr.hasPrefix("roster-server: "), sourceLocation: sourceLocation)
                #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)", sourceLocation: sourceLocation)
                #expect(refused.stderr.contains(words), "\(refused.stderr)", sourceLocation: sourceLocation)
                #expect(refused.stdout.isEmpty, sourceLocation: sourceLocation)
                #expect(!FileManager.default.fileExists(atPath: database.path), "nothing is created", sourceLocation: sourceLocation)
            }
        }

        static func listened(_ lines: [String]) -> String? {
            lines.first { $0.hasPrefix("roster-server listening on ") }.map { String($0.dropFirst("roster-server listening on ".count)) }
        }

        static func stop(_ process: ChildProcess) -> Int32 {
            process.signal(SIGTERM)
            return process.wait()
        }

        /// POSTs `body` as JSON to `url`, with `token` as the bearer: the status and the answer's
        /// object (empty when it is none).
        static func post(_ url: String, _ body: Any, token: String? = nil) async throws -> (Int, [String: Any]) {
            var request = URLRequest(url: URL(string: url)!)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "content-type")
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "authorization") }
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:])
        }

        @Test func theSettingsFileAloneServes() async throws {
            let setup = try Setup("file")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let file = try setup.settings(
                #"{"db": "\#(setup.database.path)", "demo": true, "host": "127.0.0.2", "port": 0, "metrics": {"port": 0}}"#)
            let (process, lines) = try setup.serve(["--settings", file], metrics: true)
            let base = try #require(Self.listened(lines), "\(lines)")
            #expect(base.hasPrefix("http://127.0.0.2:"))
            #expect(!base.hasSuffix(":9090"), "port 0 from the file picks a free port")
            #expect(lines.contains { $0.hasPrefix("roster-server metrics on http://127.0.0.1:") }, "\(lines)")
            let (data, response) = try await URLSession.shared.data(from: URL(string: base + "/health")!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
            #expect(FileManager.default.fileExists(atPath: setup.database.path))
            #expect(Self.stop(process) == 0)
        }

        /// The server says which base its links start with, and the location answer is it.
        @Test func theLinksStartWithThePublicURLOrTheAddressListenedOn() async throws {
            var setup = try Setup("public-url")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            for publicURL in [nil, "https://auth.example.com/roster"] {
                setup.environment["ROSTER_PUBLIC_URL"] = publicURL
                let (process, lines) = try setup.serve(["--db", setup.database.path, "--demo", "--port", "0"])
                let listened = try #require(Self.listened(lines), "\(lines)")
                let base = publicURL ?? listened
                let said = publicURL.map { "links start with \($0) (publicURL)" }
                    ?? "links start with \(listened), the address listened on (publicURL sets the one people use)"
                #expect(lines.contains(said), "\(lines)")
                let (data, _) = try await URLSession.shared.data(from: URL(string: listened + "/api/client/v2.0/app/roster-demo/location")!)
                let location = try JSONSerialization.jsonObject(with: data) as? [String: Any]
                #expect(location?["hostname"] as? String == base)
                #expect(Self.stop(process) == 0)
            }
        }

        /// At `info` (the default) a line a request; at `warning`, none; from the file, the
        /// environment or the option alike.
        @Test func theLogLevelDecidesWhetherRequestsAreLogged() async throws {
            var setup = try Setup("log-level")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let file = try setup.settings(#"{"db": "\#(setup.database.path)", "demo": true, "port": 0, "logLevel": "warning"}"#)
            func requestLines(_ arguments: [String], _ environment: [String: String] = [:]) async throws -> Int {
                var run = setup
                run.environment.merge(environment) { $1 }
                let log = setup.home.appendingPathComponent("server-\(UUID().uuidString).log")
                let (process, lines) = try run.serve(arguments, log: log)
                let base = try #require(Self.listened(lines), "\(lines)")
                _ = try await URLSession.shared.data(from: URL(string: base + "/health")!)
                #expect(Self.stop(process) == 0)
                let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                return logged.split(separator: "\n").filter { $0.contains("http.route=/health") }.count
            }
            #expect(try await requestLines(["--db", setup.database.path, "--demo", "--port", "0"]) == 1)
            #expect(try await requestLines(["--settings", file]) == 0)
            #expect(try await requestLines(["--settings", file], ["ROSTER_LOG_LEVEL": "info"]) == 1)
            #expect(try await requestLines(["--settings", file, "--log-level", "debug"], ["ROSTER_LOG_LEVEL": "error"]) == 1)
            #expect(try await requestLines(["--db", setup.database.path, "--demo", "--port", "0", "--log-level", "notice"]) == 0)
        }

        /// `pipelineMemoryBytes` bounds what the served app's pipelines may make: a stage that
        /// repeats an 8 KB field 200 times (1.6 MB) runs by default and is refused under 1 MiB,
        /// the refusal naming the setting.
        @Test func thePipelineMemoryIsTheServersSetting() async throws {
            var setup = try Setup("pipeline-memory")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            func aggregate(_ arguments: [String]) async throws -> (Int, String) {
                let (process, lines) = try setup.serve(["--db", setup.database.path, "--demo", "--port", "0"] + arguments)
                defer { _ = Self.stop(process) }
                let base = try #require(Self.listened(lines), "\(lines)") + "/api/client/v2.0/app/roster-demo"
                let (_, login) = try await Self.post(base + "/auth/providers/anon-user/login", [String: Any]())
                let token = try #require(login["access_token"] as? String), userId = try #require(login["user_id"] as? String)
                func call(_ name: String, _ argument: [String: Any]) -> [String: Any] {
                    ["name": name, "service": "mongodb-atlas", "arguments": [argument.merging(["database": "my_database", "collection": "users"]) { $1 }]]
                }
                let inserted = try await Self.post(base + "/functions/call", call("insertOne", ["document": ["userId": userId, "f": String(repeating: "x", count: 8192)]]), token: token)
                #expect(inserted.0 == 200, "\(inserted.1)")
                let repeated: [String: Any] = ["$set": ["f": ["$concat": Array(repeating: "$f", count: 200)]]]
                let answer = try await Self.post(base + "/functions/call", call("aggregate", ["pipeline": [repeated, ["$count": "n"]]]), token: token)
                return (answer.0, (answer.1["error"] as? String) ?? "")
            }
            let (status, _) = try await aggregate([])
            #expect(status == 200)
            let (refused, error) = try await aggregate(["--pipeline-memory-bytes", "1048576"])
            #expect(refused == 400)
            #expect(error.contains("(1048576 bytes, pipelineMemoryBytes)"), "\(error)")
        }

        /// Writes the demo app's configuration under `appId` into `folder` as `APPID.json`.
        static func app(_ appId: String, in folder: URL) throws -> URL {
            var app = try JSONSerialization.jsonObject(with: Data(contentsOf: OperationsTests.demoAppConfig)) as! [String: Any]
            app["appId"] = appId
            let file = folder.appendingPathComponent("\(appId).json")
            try JSONSerialization.data(withJSONObject: app).write(to: file)
            return file
        }

        /// The status of each app's `location` route.
        static func locations(_ base: String, _ appIds: [String]) async throws -> [Int] {
            var statuses: [Int] = []
            for appId in appIds {
                let (_, response) = try await URLSession.shared.data(from: URL(string: base + "/api/client/v2.0/app/\(appId)/location")!)
                statuses.append((response as? HTTPURLResponse)?.statusCode ?? 0)
            }
            return statuses
        }

        @Test func pathsInTheSettingsFileAreRelativeToItsFolderAndAppsAreAList() async throws {
            var setup = try Setup("relative")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let first = try Self.app("first-app", in: setup.home)
            let second = try Self.app("second-app", in: setup.home)
            let file = try setup.settings(#"{"db": "s.sqlite", "apps": ["first-app.json", "second-app.json"], "port": 0}"#)
            let (fromFile, lines) = try setup.serve(["--settings", file])
            let base = try #require(Self.listened(lines), "\(lines)")
            #expect(try await Self.locations(base, ["first-app", "second-app", "roster-demo"]) == [200, 200, 404])
            #expect(FileManager.default.fileExists(atPath: setup.database.path), "the database is beside the settings file")
            #expect(Self.stop(fromFile) == 0)
            // ROSTER_APPS is a comma-separated list.
            setup.environment["ROSTER_APPS"] = "\(first.path),\(second.path)"
            let (fromVariable, variableLines) = try setup.serve(["--db", setup.database.path, "--port", "0"])
            let variableBase = try #require(Self.listened(variableLines), "\(variableLines)")
            #expect(try await Self.locations(variableBase, ["first-app", "second-app"]) == [200, 200])
            #expect(Self.stop(fromVariable) == 0)
        }

        @Test func variablesOverrideTheFileAndOptionsOverrideBoth() throws {
            var setup = try Setup("precedence")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let file = try setup.settings(#"{"db": "\#(setup.database.path)", "demo": true, "host": "127.0.0.2", "port": 0}"#)
            setup.environment["ROSTER_SETTINGS"] = file
            setup.environment["ROSTER_HOST"] = "127.0.0.3"
            setup.environment["ROSTER_METRICS_PORT"] = "0"
            let (byVariable, variableLines) = try setup.serve([], metrics: true)
            #expect(Self.listened(variableLines)?.hasPrefix("http://127.0.0.3:") == true, "\(variableLines)")
            #expect(variableLines.contains { $0.hasPrefix("roster-server metrics on ") })
            #expect(Self.stop(byVariable) == 0)
            let (byOption, optionLines) = try setup.serve(["--host", "127.0.0.4", "--metrics-host", "127.0.0.5"], metrics: true)
            #expect(Self.listened(optionLines)?.hasPrefix("http://127.0.0.4:") == true, "\(optionLines)")
            #expect(optionLines.contains { $0.hasPrefix("roster-server metrics on http://127.0.0.5:") }, "\(optionLines)")
            #expect(Self.stop(byOption) == 0)
        }

        @Test func aBadSettingsFileIsRefusedNamingIt() throws {
            let setup = try Setup("bad-file")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let db = setup.database.path
            let missing = setup.home.appendingPathComponent("missing.json").path
            try setup.expectRefused(["--settings", missing, "--db", db, "--demo"], saying: "cannot read the settings file \(missing): no such file")
            let malformed = try setup.settings(#"{"port": 9090,"#, named: "malformed.json")
            try setup.expectRefused(["--settings", malformed, "--db", db, "--demo"], saying: "the settings file \(malformed) is not a JSON object")
            let list = try setup.settings(#"[1, 2]"#, named: "list.json")
            try setup.expectRefused(["--settings", list, "--db", db, "--demo"], saying: "the settings file \(list) is not a JSON object")
            let unknown = try setup.settings(#"{"db": "\#(db)", "demo": true, "prot": 9090}"#, named: "unknown.json")
            try setup.expectRefused(["--settings", unknown], saying: "\(unknown): 'prot' is not a setting")
            let nested = try setup.settings(#"{"db": "\#(db)", "demo": true, "metrics": {"prot": 1}}"#, named: "nested.json")
            try setup.expectRefused(["--settings", nested], saying: "\(nested): 'metrics.prot' is not a setting")
            let range = try setup.settings(#"{"db": "\#(db)", "demo": true, "metrics": {"port": 70000}}"#, named: "range.json")
            try setup.expectRefused(["--settings", range], saying: "\(range): metrics.port takes a port from 0 to 65535; '70000' is not one")
            let text = try setup.settings(#"{"db": "\#(db)", "demo": true, "port": "high"}"#, named: "text.json")
            try setup.expectRefused(["--settings", text], saying: "\(text): port must be a whole number")
            let flag = try setup.settings(#"{"db": "\#(db)", "demo": true, "port": true}"#, named: "flag.json")
            try setup.expectRefused(["--settings", flag], saying: "\(flag): port must be a whole number")
            let number = try setup.settings(#"{"db": "\#(db)", "demo": 1}"#, named: "number.json")
            try setup.expectRefused(["--settings", number], saying: "\(number): demo must be true or false")
            let proxies = try setup.settings(#"{"db": "\#(db)", "demo": true, "trustedProxies": "10.0.0.2"}"#, named: "proxies.json")
            try setup.expectRefused(["--settings", proxies], saying: "\(proxies): trustedProxies must be a list of strings")
            let level = try setup.settings(#"{"db": "\#(db)", "demo": true, "logLevel": 3}"#, named: "level.json")
            try setup.expectRefused(["--settings", level], saying: "\(level): logLevel must be text")
            try setup.expectRefused(["--db", db, "--demo", "--log-level", "INFO"], saying: "--log-level takes one of trace, debug")
            let both = try setup.settings(#"{"db": "\#(db)", "demo": true, "apps": ["app.json"]}"#, named: "both.json")
            try setup.expectRefused(["--settings", both], saying: "\(both): apps and demo both choose the app")
        }

        /// What is kept of the apps' function runs is the server's setting (`functionRuns.*`, in
        /// a file as a nested object): each value in its range, one out of it refused naming where
        /// it was written, before anything starts; a value given is what the runs keep, in the
        /// store once the server has stopped. A value let through would start the server: `run`
        /// stops it at its first line, well within the time limit.
        @Test(.timeLimit(.minutes(2))) func theFunctionRunBudgetIsTheServersSetting() async throws {
            var setup = try Setup("function-runs")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            let db = setup.database.path
            try setup.expectRefused(
                ["--db", db, "--demo", "--function-run-kept-days", "0"],
                saying: "--function-run-kept-days takes the days a run is kept, a whole number from 1 to 3650; '0' is not one")
            let file = try setup.settings(#"{"db": "\#(db)", "demo": true, "functionRuns": {"queued": 0}}"#, named: "runs.json")
            try setup.expectRefused(
                ["--settings", file], saying: "\(file): functionRuns.queued takes the runs waiting to be written, a whole number from 1 to 1000000")
            var variable = setup
            variable.environment["ROSTER_FUNCTION_RUNS_CONSOLE_BYTES"] = "2000000"
            try variable.expectRefused(
                ["--db", db, "--demo"], saying: "ROSTER_FUNCTION_RUNS_CONSOLE_BYTES takes the bytes of console output kept per run")

            // In range, from the file, a variable and an option: one console line kept a run.
            let app = setup.home.appendingPathComponent("app.json")
            try Data(#"""
                {"appId": "runs-app", "providers": {"anon-user": {"enabled": true}},
                 "functions": {"chatty": {"source": "exports = function() { console.log('one'); console.log('two'); console.log('three'); return 1; };"}}}
                """#.utf8).write(to: app)
            setup.environment["ROSTER_FUNCTION_RUNS_KEPT_RUNS_PER_APP"] = "500"
            let good = try setup.settings(#"{"functionRuns": {"keptDays": 3, "consoleBytes": 1000}}"#, named: "good.json")
            let (process, lines) = try setup.serve(
                ["--settings", good, "--db", db, "--config", app.path, "--port", "0", "--function-run-console-lines", "1"])
            let base = try #require(Self.listened(lines), "\(lines)") + "/api/client/v2.0/app/runs-app"
            let (_, login) = try await Self.post(base + "/auth/providers/anon-user/login", [String: Any]())
            let token = try #require(login["access_token"] as? String)
            let called = try await Self.post(base + "/functions/call", ["name": "chatty", "arguments": [Any]()] as [String: Any], token: token)
            #expect(called.0 == 200, "\(called.1)")
            #expect(Self.stop(process) == 0)
            let kept = try CommandRunner(home: setup.home).run("/usr/bin/sqlite3", [db, "SELECT logs FROM function_runs"], stdin: nil)
            #expect(kept.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == #"["one","(2 more console lines not kept: functionRunBudget)"]"#, "\(kept)")
        }

        @Test func aBadVariableIsRefusedNamingIt() throws {
            var setup = try Setup("bad-variable")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            setup.environment["ROSTER_DB"] = setup.database.path
            setup.environment["ROSTER_DEMO"] = "1"
            let cases = [
                ("ROSTER_PORT", "high", "ROSTER_PORT must be a whole number"),
                ("ROSTER_PORT", "70000", "ROSTER_PORT takes a port from 0 to 65535; '70000' is not one"),
                ("ROSTER_METRICS_PORT", "-1", "ROSTER_METRICS_PORT takes a port from 0 to 65535; '-1' is not one"),
                ("ROSTER_ALLOW_DEMO_ON_NETWORK", "maybe", "ROSTER_ALLOW_DEMO_ON_NETWORK must be true or false"),
                ("ROSTER_LOG_LEVEL", "loud", "ROSTER_LOG_LEVEL takes one of trace, debug, info, notice, warning, error, critical; 'loud' is not one"),
                ("ROSTER_TRUSTED_PROXIES", "10.0.0.2,proxy.local", "ROSTER_TRUSTED_PROXIES takes an IP address, such as 10.0.0.2 or ::1; 'proxy.local' is not one"),
                ("ROSTER_SETTINGS", setup.home.path, "cannot read the settings file \(setup.home.path): it is a folder"),
                ("ROSTER_PUBLIC_URL", "ftp://auth.example.com", "ROSTER_PUBLIC_URL: a public URL is http:// or https://"),
                ("ROSTER_PUBLIC_URL", "https://auth.example.com/?next=x", "ROSTER_PUBLIC_URL: a public URL is http:// or https://"),
                ("ROSTER_FORWARDED_HEADER", "X-Real-IP", "ROSTER_FORWARDED_HEADER takes X-Forwarded-For or Forwarded; 'X-Real-IP' is not one"),
                ("ROSTER_PIPELINE_MEMORY_BYTES", "1000", "ROSTER_PIPELINE_MEMORY_BYTES takes a number of bytes from 1048576 (1 MiB) to 1099511627776 (1 TiB); '1000' is not one"),
                ("ROSTER_PIPELINE_MEMORY_BYTES", "64MiB", "ROSTER_PIPELINE_MEMORY_BYTES must be a whole number"),
            ]
            for (variable, value, words) in cases {
                var bad = setup
                bad.environment[variable] = value
                try bad.expectRefused(saying: words)
            }
            // On every interface, the links need the address people use.
            var everywhere = setup
            everywhere.environment["ROSTER_ALLOW_DEMO_ON_NETWORK"] = "true"
            everywhere.environment["ROSTER_HOST"] = "0.0.0.0"
            try everywhere.expectRefused(saying: "listening on 0.0.0.0 names no address people can open: give the public URL")
            // A variable is checked even when the file gives the same setting.
            var overFile = setup
            overFile.environment["ROSTER_SETTINGS"] = try setup.settings(#"{"port": 0}"#)
            overFile.environment["ROSTER_PORT"] = "high"
            try overFile.expectRefused(saying: "ROSTER_PORT must be a whole number")
            // With no database anywhere.
            var noDatabase = setup
            noDatabase.environment["ROSTER_DB"] = nil
            try noDatabase.expectRefused(saying: "no database: give --db PATH, ROSTER_DB or the settings file's db")
        }

        @Test func aDatabaseURLWithAPasswordIsTakenFromTheEnvironmentAndNeverShown() throws {
            var setup = try Setup("db-url")
            defer { try? FileManager.default.removeItem(at: setup.home) }
            setup.environment["ROSTER_DEMO"] = "true"
            setup.environment["ROSTER_DB"] = "postgres://roster:hunter2@127.0.0.1:1/roster"
            let refused = try setup.run(["--port", "0"])
            #expect(refused.status != 0 && refused.status != 64, "\(refused.stderr)")
            #expect(refused.stderr.contains("cannot open the server database postgres://roster:***@127.0.0.1:1/roster"), "\(refused.stderr)")
            #expect(!refused.stderr.contains("hunter2") && !refused.stdout.contains("hunter2"))
            // The same from the settings file.
            setup.environment["ROSTER_DB"] = nil
            let file = try setup.settings(#"{"db": "postgres://roster:hunter3@127.0.0.1:1/roster", "demo": true, "port": 0}"#)
            let fromFile = try setup.run(["--settings", file])
            #expect(fromFile.stderr.contains("postgres://roster:***@127.0.0.1:1/roster"), "\(fromFile.stderr)")
            #expect(!fromFile.stderr.contains("hunter3") && !fromFile.stdout.contains("hunter3"))
        }
    }
}
