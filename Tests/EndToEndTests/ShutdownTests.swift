import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// SIGTERM stops `roster-server serve` within its graceful-shutdown time (10 s), whatever is
/// still running: a function command that would take two minutes is stopped, not waited for;
/// an open change stream is closed at once. A server that waited would outlast each test's time
/// limit, which guards the wait rather than timing it.
extension EndToEndTests {
    @Suite("roster-server shutdown")
    struct ShutdownTests {
        @Test(.timeLimit(.minutes(1))) func sigtermEndsTheServerWithinItsGracefulTimeWhileACallRuns() async throws {
            let home = try CommandRunner.temporaryDirectory("shutdown")
            defer { try? FileManager.default.removeItem(at: home) }
            let started = home.appendingPathComponent("started")
            let config = home.appendingPathComponent("app.json")
            try Data("""
                {"appId": "slow-app", "providers": {"anon-user": {"enabled": true}},
                 "functions": {"slow": {"command": ["/bin/sh", "-c", "cat > /dev/null; touch '\(started.path)'; sleep 120"],
                                        "timeoutSeconds": 300}}}
                """.utf8).write(to: config)
            let server = try ServerProcess(database: home.appendingPathComponent("server.sqlite").path, home: home, config: config)
            let base = server.baseURL + "/api/client/v2.0/app/slow-app"
            let session = URLSession(configuration: .ephemeral)
            let token = try await Self.anonymousToken(base: base, session: session)
            let running = Task { try? await session.data(for: Self.call("slow", base: base, token: token)) }
            defer { running.cancel() }
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: started.path) { try await Task.sleep(for: .milliseconds(50)) }
            #expect(FileManager.default.fileExists(atPath: started.path), "the command started")

            await Self.stopWithSIGTERM(server)
        }

        /// An open change stream does not hold a stopping server: SIGTERM ends it at once, while
        /// a function call still runs within the graceful time. (A stream left to the end of
        /// that time would end only as the call is stopped, and the call would fail.)
        @Test(.timeLimit(.minutes(1))) func sigtermClosesOpenChangeStreams() async throws {
            let home = try CommandRunner.temporaryDirectory("shutdown-stream")
            defer { try? FileManager.default.removeItem(at: home) }
            let started = home.appendingPathComponent("started")
            let release = home.appendingPathComponent("release")
            let config = home.appendingPathComponent("app.json")
            try Data("""
                {"appId": "watch-app", "providers": {"anon-user": {"enabled": true}},
                 "rules": [{"database": "kiosk", "collection": "notes", "read": "all", "write": "all"}],
                 "functions": {"held": {"command": ["/bin/sh", "-c",
                    "cat > /dev/null; touch '\(started.path)'; while [ ! -e '\(release.path)' ]; do sleep 0.05; done; printf '{\\"done\\": true}'"],
                                        "timeoutSeconds": 300}}}
                """.utf8).write(to: config)
            let log = home.appendingPathComponent("server.log")
            let server = try ServerProcess(database: home.appendingPathComponent("server.sqlite").path, home: home, config: config, log: log)
            let base = server.baseURL + "/api/client/v2.0/app/watch-app"
            let session = URLSession(configuration: .ephemeral)
            let token = try await Self.anonymousToken(base: base, session: session)
            let held = Task { try await session.data(for: Self.call("held", base: base, token: token)) }
            for _ in 0..<400 where !FileManager.default.fileExists(atPath: started.path) { try await Task.sleep(for: .milliseconds(50)) }
            #expect(FileManager.default.fileExists(atPath: started.path), "the call's command started")

            let call = #"{"name":"watch","service":"mongodb-atlas","arguments":[{"database":"kiosk","collection":"notes"}]}"#
            let request = Data(call.utf8).base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            var watch = URLRequest(url: URL(string: base + "/functions/call?baas_request=\(request)&baas_at=\(token)")!)
            watch.setValue("shutdown-watch", forHTTPHeaderField: "X-Request-Id")
            watch.timeoutInterval = 300
            // The whole answer arrives once the stream ends. The stream is open once the server
            // has logged its answer's head.
            let reading = Task { try await session.data(for: watch) }
            for _ in 0..<400 where !Self.logged("request.id=shutdown-watch", in: log) { try await Task.sleep(for: .milliseconds(50)) }
            #expect(Self.logged("request.id=shutdown-watch", in: log), "the stream was answered")

            server.process.signal(SIGTERM)
            let (streamed, response) = try await reading.value
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: streamed, as: UTF8.self).hasPrefix(":"), "the stream had begun, and ended with the server")
            // Only now is the call let go: it finishes within the graceful time, so the stream
            // did not wait for that time to run out.
            FileManager.default.createFile(atPath: release.path, contents: nil)
            let (answer, answered) = try await held.value
            #expect((answered as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: answer, as: UTF8.self))")
            #expect(String(decoding: answer, as: UTF8.self).contains("done"))
            await Self.stopWithSIGTERM(server)
        }

        /// A call of the app's function `name`, with no arguments.
        static func call(_ name: String, base: String, token: String) -> URLRequest {
            var call = URLRequest(url: URL(string: base + "/functions/call")!)
            call.httpMethod = "POST"
            call.httpBody = Data(#"{"name": "\#(name)", "arguments": []}"#.utf8)
            call.setValue("application/json", forHTTPHeaderField: "Content-Type")
            call.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            call.timeoutInterval = 300
            return call
        }

        /// Whether the server's log has a line containing `text`.
        static func logged(_ text: String, in log: URL) -> Bool {
            ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains(text)
        }

        /// An anonymous user's access token.
        static func anonymousToken(base: String, session: URLSession) async throws -> String {
            var login = URLRequest(url: URL(string: base + "/auth/providers/anon-user/login")!)
            login.httpMethod = "POST"
            login.httpBody = Data("{}".utf8)
            login.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let (body, _) = try await session.data(for: login)
            return try #require((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["access_token"] as? String)
        }

        /// Sends SIGTERM and waits for the process to end.
        static func stopWithSIGTERM(_ server: ServerProcess) async {
            server.process.signal(SIGTERM)
            // Waited for on a thread of its own: a blocking wait would hold the concurrency pool.
            nonisolated(unsafe) let process = server.process
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    _ = process.wait()
                    done.resume()
                }
            }
        }
    }
}
