import Foundation
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// `debug/execute_function?run_as_system=true` as realm-kotlin's harness uses it: its
/// `insertDocument`, `queryDocument`, `countDocuments` and `deleteDocument` functions reach the
/// app's data as the system user, whom no rule limits.
@Suite(.timeLimit(.minutes(3))) struct AdminFunctionRunTests {
    static let sources: [String: String] = [
        "insertDocument": """
            exports = function (service, db, collection, document) {
                return context.services.get(service).db(db).collection(collection).insertOne(document);
            }
            """,
        "queryDocument": """
            exports = function (service, db, collection, query) {
                return context.services.get(service).db(db).collection(collection).findOne(EJSON.parse(query));
            }
            """,
        "countDocuments": """
            exports = async function (service, db, collection) {
                return { value: await context.services.get(service).db(db).collection(collection).count() };
            }
            """,
        "deleteDocument": """
            exports = function (service, db, collection, query) {
                return context.services.get(service).db(db).collection(collection).deleteMany(EJSON.parse(query));
            }
            """,
        "fails": "exports = function () { throw new Error('no such partition'); }",
    ]

    @Test(arguments: StoreKind.allCases) func realmKotlinsDocumentFunctionsRunAsTheSystem(_ kind: StoreKind) async throws {
        let server = try await AdminTestServer.make(store: kind)
        var admin = try await RealmCoreAdminHarness.login(server)
        let made = try await admin.json(.post, "", ["name": "kotlin"])
        let app = try RealmCoreAdminSetup.field(made, "_id")
        try await admin.json(.post, "\(app)/services", ["name": "BackingDB", "type": "mongodb", "config": ["uri": "mongodb://localhost:26000"]])
        for (name, source) in Self.sources.sorted(by: { $0.key < $1.key }) {
            try await admin.json(.post, "\(app)/functions", ["name": .string(name), "source": .string(source), "run_as_system": false])
        }
        func run(_ name: String, _ arguments: [JSONValue]) async throws -> JSONValue {
            let answer = await server.admin(
                .post, "groups/\(admin.groupId)/apps/\(app)/debug/execute_function", json: ["name": .string(name), "arguments": .array(arguments)],
                bearer: admin.accessToken, query: ["run_as_system": "true"])
            guard answer.status == 200, let json = answer.json else { throw TestServer.Unexpected(response: answer) }
            #expect(json["stats"]?["execution_time"]?.stringValue?.hasSuffix("ms") == true)
            return json
        }
        let inserted = try await run("insertDocument", ["BackingDB", "kotlin-db", "Sample", ["_id": 7, "stringField": "Realm"]])
        #expect(inserted["result"]?["insertedId"] == 7)
        let found = try await run("queryDocument", ["BackingDB", "kotlin-db", "Sample", #"{"stringField": "Realm"}"#])
        #expect(found["result"] == ["_id": 7, "stringField": "Realm"])
        #expect(try await run("countDocuments", ["BackingDB", "kotlin-db", "Sample"])["result"] == ["value": 1])
        #expect(try await run("deleteDocument", ["BackingDB", "kotlin-db", "Sample", "{}"])["result"]?["deletedCount"] == 1)
        #expect(try await run("queryDocument", ["BackingDB", "kotlin-db", "Sample", "{}"])["result"] == .null)
        let failed = try await run("fails", [])
        #expect(failed["error"]?["message"]?.stringValue?.contains("no such partition") == true && failed["result"] == nil)

        let entries = try await server.server.services.hosting.store.auditEntries(appId: try RealmCoreAdminSetup.field(made, "client_app_id"), AuditQuery())
        #expect(entries.filter { $0.event == .admin }.map(\.detail).contains("function 'insertDocument' run as system by operator unique_user@domain.com"))
    }

    @Test func whatCannotRunIsRefusedByName() async throws {
        let server = try await AdminTestServer.make(store: .sqlite)
        var admin = try await RealmCoreAdminHarness.login(server)
        let app = try RealmCoreAdminSetup.field(try await admin.json(.post, "", ["name": "kotlin"]), "_id")
        try await admin.json(.post, "\(app)/functions", ["name": "sum", "source": "exports = (a, b) => a + b"])
        let path = "groups/\(admin.groupId)/apps/\(app)/debug/execute_function"
        func call(_ body: JSONValue, _ query: [String: String], bearer: String?) async -> WireResponse {
            await server.admin(.post, path, json: body, bearer: bearer, query: query)
        }
        let token = admin.accessToken
        #expect(await call(["name": "sum", "arguments": [1, 2]], ["run_as_system": "true"], bearer: token).json?["result"] == 3)
        #expect(await call(["name": "sum"], [:], bearer: token).errorMessage?.contains("run_as_system") == true)
        let asUser = await call(["name": "sum"], ["user_id": "6560f0a1eeeeeeeeeeeeeeee"], bearer: token)
        #expect(asUser.status == 400 && asUser.errorMessage?.contains("user_id") == true)
        let unknown = await call(["name": "nowhere"], ["run_as_system": "true"], bearer: token)
        #expect(unknown.status == 404 && unknown.errorCode == "FunctionNotFound")
        let badName = await call(["name": "sum\u{1B}[2J"], ["run_as_system": "true"], bearer: token)
        #expect(badName.status == 400 && badName.errorMessage?.contains("name") == true)
        let service = await call(["name": "sum", "service": "BackingDB"], ["run_as_system": "true"], bearer: token)
        #expect(service.status == 400 && service.errorMessage?.contains("service") == true)
        #expect(await call(["name": "sum"], ["run_as_system": "true"], bearer: nil).status == 401)
        // Another group's operator, naming this app under their own group: not found.
        let (other, otherLogin) = try await server.loggedInOperator("other@example.com")
        let elsewhere = await server.admin(
            .post, "groups/\(other.groupId)/apps/\(app)/debug/execute_function", json: ["name": "sum"], bearer: otherLogin.accessToken,
            query: ["run_as_system": "true"])
        #expect(elsewhere.status == 404 && elsewhere.errorCode == "AppNotFound")
    }
}
