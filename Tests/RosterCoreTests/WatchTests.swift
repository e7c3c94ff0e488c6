import Foundation
import RosterServer
import RosterServerCore
import RosterWire
import Testing

@testable import RosterCore

/// `MongoCollection.watch`: a collection's changes as they are committed, through the embedded
/// server in-process and over HTTP.
@Suite("Watching a collection")
struct WatchTests {
    /// The streaming in-process transport the embedded default uses.
    func streaming(_ fixture: Fixture) -> InProcessTransport {
        let server = fixture.server
        return InProcessTransport(respond: { await server.respond(to: $0) }, open: { await server.open($0) })
    }

    /// Runs `body`, cancelled after `seconds` (a change that never comes ends the test rather
    /// than holding it).
    func within(_ seconds: Double = 30, _ body: @escaping @Sendable () async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await body(); return true }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)); return false }
            let finished = try await group.next()!
            group.cancelAll()
            if !finished { Issue.record("nothing within \(seconds) s") }
        }
    }

    /// Emma watches her custom data on this device; the same person, logged in on another
    /// device, changes it there: the change arrives here, with the document as it is now.
    // BEHAVIOURS 56
    @Test(arguments: [false, true]) func aChangeMadeOnAnotherDeviceArrives(overHTTP: Bool) async throws {
        let fixture = try await Fixture.start()
        try await withTransport(fixture, overHTTP: overHTTP) { transport in
            try await within {
                let here = try fixture.makeApp(transport: transport)
                let elsewhere = try fixture.makeApp(directory: fixture.root.appendingPathComponent("phone"), transport: transport)
                let emma = try await here.login(credentials: Fixture.emma)
                let emmaElsewhere = try await elsewhere.login(credentials: Fixture.emma)
                let users = emma.mongoClient("mongodb-atlas").database("my_database").collection("users")
                var changes = users.watch().makeAsyncIterator()
                // The stream is open once its first change can arrive: a write made after `watch`
                // returns may race it, so the write is repeated until one arrives.
                let writing = Task {
                    for round in 1...50 {
                        _ = try await emmaElsewhere.updateCustomData(["$set": ["favoriteColor": "orange", "round": .int(Int64(round))]])
                        try await Task.sleep(for: .milliseconds(100))
                    }
                }
                defer { writing.cancel() }
                let change = try #require(try await changes.next())
                #expect(change.operationType == .update)
                #expect(change.fullDocument?["favoriteColor"] == "orange")
                #expect(change.fullDocument?["userId"] == .string(emma.id))
                // The first round changes the colour and adds the round; a later one arriving
                // first (the stream opened after it) changes the round alone.
                let round = try #require(change.fullDocument?["round"])
                let changed: JSONObject = round == 1 ? ["favoriteColor": "orange", "round": 1] : ["round": round]
                #expect(change.updatedFields == changed)
                #expect(change.removedFields.isEmpty)
                #expect(change.database == "my_database" && change.collection == "users")
            }
        }
    }

    /// `ids` and `filter` narrow what arrives; a collection the user may not read is refused
    /// with the server's error before anything arrives.
    // BEHAVIOURS 56
    @Test func idsAndFilterNarrowTheStreamAndARefusalThrows() async throws {
        let fixture = try await Fixture.start { config in
            config.rules.append(DataRule(database: "kiosk", collection: "notes", read: .all, write: .all))
        }
        let app = try fixture.makeApp(transport: streaming(fixture))
        try await within {
            let joe = try await app.login(credentials: Fixture.joe)
            let notes = joe.mongoClient("mongodb-atlas").database("kiosk").collection("notes")
            var reds = notes.watch(filter: ["fullDocument.team": "red"]).makeAsyncIterator()
            var seven = notes.watch(ids: [7]).makeAsyncIterator()
            let writing = Task {
                for round in 0..<50 {
                    _ = try await notes.insertOne(["_id": .int(Int64(100 + round)), "team": "blue"])
                    _ = try await notes.insertOne(["_id": .int(Int64(200 + round)), "team": "red"])
                    if round == 3 { _ = try await notes.insertOne(["_id": 7, "team": "green"]) }
                    try await Task.sleep(for: .milliseconds(50))
                }
        }
        defer { writing.cancel() }
        let red = try #require(try await reds.next())
        #expect(red.fullDocument?["team"] == "red")
        let found = try #require(try await seven.next())
        #expect(found.documentId == 7 && found.operationType == .insert)

        var closed = joe.mongoClient("mongodb-atlas").database("kiosk").collection("secret").watch().makeAsyncIterator()
        let refused = await rosterError { try await closed.next() }
        #expect(refused?.serverCode == .noMatchingRuleFound, "\(String(describing: refused))")
        }
    }

    /// `customDataChanges()`: an administrator's change to the user's own document arrives
    /// already refreshed into `customData`; another user's does not.
    // BEHAVIOURS 56
    @Test func customDataChangesArriveRefreshed() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp(transport: streaming(fixture))
        try await within {
            let emma = try await app.login(credentials: Fixture.emma)
            let joeId = try await fixture.serverUserId("joe@example.com")
            var changes = emma.customDataChanges().makeAsyncIterator()
            let writing = Task {
                for round in 1...50 {
                    try await fixture.server.admin.setCustomData(appId: fixture.appId, userId: joeId, document: ["favoriteColor": "joe's"])
                    try await fixture.server.admin.setCustomData(
                        appId: fixture.appId, userId: emma.id, document: ["favoriteColor": "gold", "round": .int(Int64(round))])
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
            defer { writing.cancel() }
            let data = try #require(try await changes.next())
            #expect(data["favoriteColor"] == "gold")
            #expect(emma.customData["favoriteColor"] == "gold", "refreshed into customData")
        }
    }

    /// The stream's bytes as the server writes them, read a chunk at a time however they are cut.
    @Test func theDecoderReadsEventsCutAnywhere() throws {
        let text = ":\n\ndata: {\"s\":\"a%25b%0Ac\"}\r\n\r\n: keep-alive\n\nevent: error\ndata: {\"error\":\"gone\",\n"
            + "data: \"error_code\":\"InvalidSession\"}\n\ndata: é\n\n"
        let bytes = Array(text.utf8)
        for cut in 1..<bytes.count {
            var decoder = EventStreamDecoder()
            var events = try decoder.feed(Data(bytes[..<cut]))
            events += try decoder.feed(Data(bytes[cut...]))
            #expect(decoder.comments == 2, "the two comment lines, cut at \(cut)")
            #expect(
                events == [
                    .init(type: "message", data: "{\"s\":\"a%b\nc\"}"),
                    .init(type: "error", data: "{\"error\":\"gone\",\n\"error_code\":\"InvalidSession\"}"),
                    .init(type: "message", data: "é"),
                ], "cut at \(cut)")
        }
        #expect(EventStreamDecoder.decoded("100%") == "100%", "a % that is no code stays")
    }

    func withTransport(_ fixture: Fixture, overHTTP: Bool, _ body: @escaping @Sendable (any Transport) async throws -> Void) async throws {
        guard overHTTP else { return try await body(streaming(fixture)) }
        try await HTTPTests().withServer(fixture) { url in try await body(HTTPTransport(baseURL: url)) }
    }
}
