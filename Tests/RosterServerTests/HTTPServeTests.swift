import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same router over real HTTP on 127.0.0.1, port 0.
@Suite struct HTTPServeTests {
    func send(_ method: String, _ url: String, body: Data? = nil, bearer: String? = nil) async throws -> (Int, [String: String], Data) {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        request.httpBody = body
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields { headers["\(key)".lowercased()] = "\(value)" }
        return (http.statusCode, headers, data)
    }

    @Test(arguments: StoreKind.allCases) func servesTheProtocolOverLoopback(_ store: StoreKind) async throws {
        let t = try await TestServer.make(store: store)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try await t.server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        #expect(port > 0)
        let base = "http://127.0.0.1:\(port)"

        let (status, _, body) = try await send("GET", base + Route.location(appId: t.appId))
        #expect(status == 200)
        #expect(try WireCoding.decode(LocationResponse.self, from: body).hostname == base)

        let (loginStatus, _, loginBody) = try await send("POST", base + Route.login(appId: t.appId, provider: .anonymous), body: Data("{}".utf8))
        #expect(loginStatus == 200)
        let login = try WireCoding.decode(LoginResponse.self, from: loginBody)
        let (profileStatus, _, profileBody) = try await send("GET", base + Route.profile, bearer: login.accessToken)
        #expect(profileStatus == 200)
        #expect(try WireCoding.decode(ProfileResponse.self, from: profileBody).userId == login.userId)

        let (missingStatus, headers, missingBody) = try await send("GET", base + "/no/such/route")
        #expect(missingStatus == 404)
        #expect(headers["content-type"] == "application/json")
        #expect(try WireCoding.decode(ErrorResponse.self, from: missingBody).errorCode == "RouteNotFound")

        let (badStatus, _, badBody) = try await send(
            "POST", base + Route.login(appId: t.appId, provider: .emailPassword), body: Data("{nope".utf8))
        #expect(badStatus == 400)
        #expect(try WireCoding.decode(ErrorResponse.self, from: badBody).errorCode == "BadRequest")

        let (refreshedStatus, _, refreshedBody) = try await send("POST", base + Route.session, bearer: login.refreshToken)
        #expect(refreshedStatus == 200)
        let access = try WireCoding.decode(SessionResponse.self, from: refreshedBody).accessToken
        #expect(try await send("GET", base + Route.profile, bearer: access).0 == 200)

        let (logoutStatus, _, _) = try await send("DELETE", base + Route.session, bearer: login.refreshToken)
        #expect(logoutStatus == 204)
        let (refreshStatus, _, _) = try await send("POST", base + Route.session, bearer: login.refreshToken)
        #expect(refreshStatus == 401)

        serving.cancel()
        _ = await serving.result
    }

    /// An answer leaves in one write, head and body together: a client never wakes for a head
    /// whose body comes in a second packet. Each response's first arrival is looked at before
    /// anything reads it; with head and body written apart (Hummingbird's `MetricsMiddleware`),
    /// a third of them in a release build, and all of them in a debug one, arrive as the head alone.
    @Test func anAnswerGoesOutWithItsHeadInOneWrite() async throws {
        let t = try await TestServer.make()
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let serving = Task { try await t.server.serve(host: "127.0.0.1", port: 0) { port in continuation.yield(port) } }
        defer { serving.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let request = "GET \(Route.location(appId: t.appId)) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        // The client waits on its socket on a thread of its own: the server answers on the
        // concurrency pool, which a blocking wait would hold.
        let answers: [(head: String, bodyArrived: Int, length: Int?)] = try await withCheckedThrowingContinuation { done in
            DispatchQueue.global().async {
                do {
                    let socket = try RawHTTPConnection(port: port, timeoutSeconds: 20)
                    defer { socket.close() }
                    var answers: [(head: String, bodyArrived: Int, length: Int?)] = []
                    for _ in 0..<50 {
                        socket.write(Array(request.utf8))
                        let first = String(decoding: socket.firstArrival(timeoutMilliseconds: 20_000), as: UTF8.self)
                        let parts = first.components(separatedBy: "\r\n\r\n")
                        let length = parts[0].split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                            .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
                        answers.append((parts[0], parts.count > 1 ? parts[1].utf8.count : 0, length))
                        // Read this answer whole, and no more.
                        guard let length, socket.read(exactly: parts[0].utf8.count + 4 + length).count == parts[0].utf8.count + 4 + length
                        else { break }
                    }
                    done.resume(returning: answers)
                } catch {
                    done.resume(throwing: error)
                }
            }
        }
        #expect(answers.count == 50)
        #expect(answers.allSatisfy { $0.head.hasPrefix("HTTP/1.1 200") && ($0.length ?? 0) > 0 }, "\(answers.first.map { $0.head } ?? "")")
        let split = answers.filter { $0.bodyArrived < ($0.length ?? 0) }.count
        #expect(split == 0, "\(split) of 50 answers arrived as a head without its body")
        serving.cancel()
        _ = await serving.result
    }

    /// A body over the limit is refused with 413 and the connection closed, whether the client
    /// asked to keep it or not: nobody reads the rest, and no client waits on it.
    @Test func anOversizedBodyGets413AndAClosedConnection() async throws {
        let t = try await TestServer.make(TestConfig.app(maxRequestBytes: 1024))
        try await withLoopbackServer(t.server) { port in
            let path = Route.login(appId: t.appId, provider: .emailPassword)
            for connection in ["close", "keep-alive"] {
                let (text, closed) = try await RawHTTPConnection.onOwnThread {
                    let socket = try RawHTTPConnection(port: port, timeoutSeconds: 20)
                    defer { socket.close() }
                    let size = 8 * 1024 * 1024
                    let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(size)\r\nConnection: \(connection)\r\n\r\n"
                    socket.write(Array(head.utf8))
                    socket.write([UInt8](repeating: UInt8(ascii: "a"), count: size))
                    let (bytes, closed) = socket.readToEnd()
                    return (String(decoding: bytes, as: UTF8.self), closed)
                }
                #expect(text.hasPrefix("HTTP/1.1 413"), "Connection: \(connection): \(text.prefix(200))")
                #expect(text.contains("PayloadTooLarge"))
                #expect(closed, "Connection: \(connection): the server left the connection open after \(text.prefix(400))")
            }
        }
    }

    /// A client still sending its body when the 413 comes reads the 413 and then the server's
    /// orderly close, never a reset that could throw the answer away (RFC 9112 §9.6).
    @Test func aClientStillSendingPastTheLimitReadsIts413AndNoReset() async throws {
        let t = try await TestServer.make(TestConfig.app(maxRequestBytes: 1024))
        try await withLoopbackServer(t.server) { port in
            let path = Route.login(appId: t.appId, provider: .emailPassword)
            let size = 8 << 20
            for round in 1...3 {
                let (sent, text, ending) = try await RawHTTPConnection.onOwnThread {
                    let socket = try RawHTTPConnection(port: port, timeoutSeconds: 20)
                    defer { socket.close() }
                    let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(size)\r\n\r\n"
                    socket.write(Array(head.utf8))
                    // The answer comes at once; the client reads it only once its body is sent.
                    let sent = socket.write([UInt8](repeating: UInt8(ascii: "a"), count: size))
                    let (bytes, ending) = socket.readUntilEnded()
                    return (sent, String(decoding: bytes, as: UTF8.self), ending)
                }
                #expect(sent == size, "round \(round): the connection was reset after \(sent) bytes of the body")
                #expect(text.hasPrefix("HTTP/1.1 413"), "round \(round): \(text.prefix(200))")
                #expect(ending == .closed, "round \(round)")
            }
        }
    }

    /// The lingering close is bounded: a client that never stops sending is closed on, its 413
    /// read first. (Where the bound falls, `LingeringClose.total` and `.gap`, is
    /// `LingeringCloseTests`, on the event loop's own clock.)
    @Test(.timeLimit(.minutes(2))) func aClientThatNeverStopsSendingIsClosedOn() async throws {
        let t = try await TestServer.make(TestConfig.app(maxRequestBytes: 1024))
        try await withLoopbackServer(t.server) { port in
            let path = Route.login(appId: t.appId, provider: .emailPassword)
            let (answered, closedOn) = try await RawHTTPConnection.onOwnThread {
                let socket = try RawHTTPConnection(port: port, timeoutSeconds: 2)
                defer { socket.close() }
                let head = "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(1 << 30)\r\n\r\n"
                socket.write(Array(head.utf8))
                let answered = !socket.firstArrival(timeoutMilliseconds: 10_000).isEmpty
                // A byte every 100 ms, so the gap never passes: only the total ends it. A server
                // that read on without end would see all 900 bytes (90 s) taken.
                for _ in 0..<900 {
                    guard socket.write([UInt8(ascii: "a")]) == 1 else { return (answered, true) }
                    usleep(100_000)
                }
                return (answered, false)
            }
            #expect(answered)
            #expect(closedOn, "the server read on for as long as the client sent")
        }
    }
}
