import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// SIGTERM stops `roster-server serve` within its graceful-shutdown time (10 s), whatever is
/// still running: a function command that would take a minute is stopped, not waited for.
extension EndToEndTests {
    @Suite("roster-server shutdown")
    struct ShutdownTests {
        @Test func sigtermEndsTheServerWithinItsGracefulTimeWhileACallRuns() async throws {
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
            var call = URLRequest(url: URL(string: base + "/functions/call")!)
            call.httpMethod = "POST"
            call.httpBody = Data(#"{"name": "slow", "arguments": []}"#.utf8)
            call.setValue("application/json", forHTTPHeaderField: "Content-Type")
            call.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            call.timeoutInterval = 300
            let running = Task { try? await session.data(for: call) }
            defer { running.cancel() }
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: started.path) { try await Task.sleep(for: .milliseconds(50)) }
            #expect(FileManager.default.fileExists(atPath: started.path), "the command started")

            let took = await Self.stopWithSIGTERM(server)
            #expect(took < .seconds(20), "the server took \(took) to stop")
        }

        /// An open change stream does not hold a stopping server: SIGTERM closes it at once, and
        /// the server ends well within its graceful time.
        @Test func sigtermClosesOpenChangeStreams() async throws {
            let home = try CommandRunner.temporaryDirectory("shutdown-stream")
            defer { try? FileManager.default.removeItem(at: home) }
            let config = home.appendingPathComponent("app.json")
            try Data("""
                {"appId": "watch-app", "providers": {"anon-user": {"enabled": true}},
                 "rules": [{"database": "kiosk", "collection": "notes", "read": "all", "write": "all"}]}
                """.utf8).write(to: config)
            let server = try ServerProcess(database: home.appendingPathComponent("server.sqlite").path, home: home, config: config)
            let base = server.baseURL + "/api/client/v2.0/app/watch-app"
            let session = URLSession(configuration: .ephemeral)
            let token = try await Self.anonymousToken(base: base, session: session)
            let call = #"{"name":"watch","service":"mongodb-atlas","arguments":[{"database":"kiosk","collection":"notes"}]}"#
            let request = Data(call.utf8).base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            var watch = URLRequest(url: URL(string: base + "/functions/call?baas_request=\(request)&baas_at=\(token)")!)
            watch.timeoutInterval = 300
            // The whole answer arrives once the stream ends.
            let reading = Task { try await session.data(for: watch) }
            try await Task.sleep(for: .milliseconds(500))

            let took = await Self.stopWithSIGTERM(server)
            #expect(took < .seconds(5), "the server took \(took) to stop with a stream open")
            let (streamed, response) = try await reading.value
            #expect((response as? HTTPURLResponse)?.statusCode == 200)
            #expect(String(decoding: streamed, as: UTF8.self).hasPrefix(":"), "the stream had begun, and ended with the server")
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

        /// Sends SIGTERM and waits for the process to end; how long it took.
        static func stopWithSIGTERM(_ server: ServerProcess) async -> Duration {
            let signalled = ContinuousClock.now
            server.process.signal(SIGTERM)
            // Waited for on a thread of its own: a blocking wait would hold the concurrency pool.
            nonisolated(unsafe) let process = server.process
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    _ = process.wait()
                    done.resume()
                }
            }
            return ContinuousClock.now - signalled
        }
    }
}
