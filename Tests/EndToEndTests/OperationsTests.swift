import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `roster-server serve` as operators run it: health and readiness, metrics on their
/// own port, request ids, and a graceful stop on SIGTERM.
@Suite struct OperationsTests {
    /// A server started with `arguments`, whose stdout lines are read until `ready` says so.
    final class Served {
        let process: ChildProcess
        let lines: [String]

        init(_ arguments: [String], home: URL, log: URL? = nil, until ready: ([String]) -> Bool) throws {
            process = try ChildProcess(
                path: CommandRunner.binaries.appendingPathComponent("roster-server").path, arguments,
                environment: ["HOME": home.path, "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"], stdout: .pipe,
                stderr: log.map { .file($0.path) } ?? .null)
            lines = process.readLines(until: ready)
        }

        func url(after prefix: String) throws -> String {
            let line = try #require(lines.first { $0.hasPrefix(prefix) })
            return String(line.dropFirst(prefix.count))
        }

        deinit {
            process.signal(SIGTERM)
            process.wait()
        }
    }

    static let demoAppConfig = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/demo/app.json")

    static func fetch(_ url: String, method: String = "GET", body: Data? = nil, headers: [String: String] = [:]) async throws
        -> (Int, Data, [String: String])
    {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.httpBody = body
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var answered: [String: String] = [:]
        for (name, value) in http.allHeaderFields { answered["\(name)".lowercased()] = "\(value)" }
        return (http.statusCode, data, answered)
    }

    @Test func healthReadyAndMetricsOnTheirOwnPort() async throws {
        let home = try CommandRunner.temporaryDirectory("ops-metrics")
        let served = try Served(
            ["serve", "--db", home.appendingPathComponent("s.sqlite").path, "--demo", "--port", "0", "--metrics-port", "0"], home: home
        ) { lines in lines.contains { $0.hasPrefix("roster-server listening on ") } && lines.contains { $0.hasPrefix("roster-server metrics on ") } }
        let base = try served.url(after: "roster-server listening on ")
        let metrics = try served.url(after: "roster-server metrics on ")
        #expect(metrics.hasSuffix("/metrics"))
        #expect(try await Self.fetch(base + "/health").0 == 200)
        let (status, _, headers) = try await Self.fetch(base + "/ready", headers: ["X-Request-Id": "ops-check-1"])
        #expect(status == 200)
        #expect(headers["x-request-id"] == "ops-check-1")
        // Not on the client API's port.
        #expect(try await Self.fetch(base + "/metrics").0 == 404)
        let login = try await Self.fetch(
            base + "/api/client/v2.0/app/roster-demo/auth/providers/anon-user/login", method: "POST", body: Data("{}".utf8),
            headers: ["Content-Type": "application/json"])
        #expect(login.0 == 200)
        let (scraped, text, types) = try await Self.fetch(metrics)
        let body = String(decoding: text, as: UTF8.self)
        #expect(scraped == 200)
        #expect(types["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(body.contains(#"hb_requests{http_route="/ready",http_request_method="GET",http_response_status_code="200"}"#))
        #expect(body.contains(#"roster_logins_total{provider="anon-user",result="success"} 1"#))
        #expect(body.contains(#"roster_active_sessions{app="roster-demo"} 1"#))
    }

    /// `admin audit` names on each line the request that made the entry (the id the server's log
    /// and an error's `link` name), and `-` for an entry no request made.
    @Test func anAuditLineNamesTheRequestThatMadeIt() async throws {
        let home = try CommandRunner.temporaryDirectory("ops-audit")
        let database = home.appendingPathComponent("s.sqlite").path
        let served = try Served(["serve", "--db", database, "--demo", "--port", "0"], home: home) { lines in
            lines.contains { $0.hasPrefix("roster-server listening on ") }
        }
        let base = try served.url(after: "roster-server listening on ")
        let login = try await Self.fetch(
            base + "/api/client/v2.0/app/roster-demo/auth/providers/anon-user/login", method: "POST", body: Data("{}".utf8),
            headers: ["Content-Type": "application/json", "X-Request-Id": "audit-line-1"])
        #expect(login.0 == 200)
        let runner = CommandRunner(home: home)
        let created = try runner.rosterServer(
            ["admin", "--db", database, "--demo", "create-user", "--email", "zed@example.com", "--password-stdin"], stdin: "zed-secret-1\n")
        #expect(created.status == 0, "\(created.stderr)")
        let audit = try runner.rosterServer(["admin", "--db", database, "--demo", "audit"])
        #expect(audit.status == 0, "\(audit.stderr)")
        let lines = audit.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        let loggedIn = try #require(lines.first { $0.count > 1 && $0[1] == "login" }, "\(audit.stdout)")
        #expect(loggedIn.count >= 6 && loggedIn[3] == "anon-user" && loggedIn[5] == "audit-line-1", "\(loggedIn)")
        let admin = try #require(lines.first { $0.last == "create-user" }, "\(audit.stdout)")
        #expect(admin.count == 7 && admin[5] == "-", "\(admin)")
    }

    @Test func aBadMetricsPortIsOneLineAndNoServer() throws {
        let home = try CommandRunner.temporaryDirectory("ops-bad-port")
        let result = try CommandRunner(home: home).rosterServer(
            ["serve", "--db", home.appendingPathComponent("s.sqlite").path, "--demo", "--metrics-port", "70000"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--metrics-port takes a port from 0 to 65535"))
    }

    /// The log is written through a buffer (`LogOutput`): what it kept is written on the way out.
    @Test func sigtermFinishesTheRequestInFlightThenExitsZero() async throws {
        let home = try CommandRunner.temporaryDirectory("ops-graceful")
        let started = home.appendingPathComponent("function-started")
        var app = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.demoAppConfig)) as! [String: Any]
        app["appId"] = "slow-app"
        var providers = app["providers"] as! [String: Any]
        providers["custom-function"] = [
            // It marks when it runs, so the signal is sent while the request is surely in flight.
            "enabled": true, "command": ["/bin/sh", "-c", #"cat >/dev/null; touch "$0"; sleep 1; echo '{"id":"slow-user"}'"#, started.path],
            "timeoutSeconds": 10,
        ]
        app["providers"] = providers
        let config = home.appendingPathComponent("app.json")
        try JSONSerialization.data(withJSONObject: app).write(to: config)
        let log = home.appendingPathComponent("server.log")
        let served = try Served(
            ["serve", "--db", home.appendingPathComponent("s.sqlite").path, "--config", config.path, "--port", "0"], home: home, log: log
        ) { lines in lines.contains { $0.hasPrefix("roster-server listening on ") } }
        let base = try served.url(after: "roster-server listening on ")
        let login = Task {
            try await Self.fetch(
                base + "/api/client/v2.0/app/slow-app/auth/providers/custom-function/login", method: "POST", body: Data("{}".utf8),
                headers: ["Content-Type": "application/json", "X-Request-Id": "slow-login"])
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: started.path), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(FileManager.default.fileExists(atPath: started.path), "the log-in never reached its function")
        served.process.signal(SIGTERM)
        let (status, body, _) = try await login.value
        #expect(status == 200, "\(String(decoding: body, as: UTF8.self))")
        #expect(String(decoding: body, as: UTF8.self).contains("access_token"))
        #expect(served.process.wait() == 0, "SIGTERM ends the server with status 0, not by the signal")
        let logged = try String(contentsOf: log, encoding: .utf8)
        #expect(logged.contains("http.status=200 request.id=slow-login [RosterServer] request answered"), "\(logged)")
    }
}
