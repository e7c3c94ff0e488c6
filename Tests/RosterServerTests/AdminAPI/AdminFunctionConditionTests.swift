import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterServerAssembly
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterServer
@testable import RosterServerCore

/// A function's condition on callers (`can_evaluate`) through the Admin API: made, shown back,
/// changed on the running server with effect on the next call, a condition Roster cannot
/// evaluate refused naming its key (and the function left as it was), and written by
/// `roster-server export` so that the directory serves the same condition; on both stores.
@Suite(.timeLimit(.minutes(2))) struct AdminFunctionConditionTests {
    @Test(arguments: StoreKind.allCases) func aConditionChangedThroughTheAdminAPIHoldsAtTheNextCallAndIsExported(_ kind: StoreKind) async throws {
        let t = try await AdminTestServer.make(store: kind)
        let (made, login) = try await t.loggedInOperator()
        let app = try await t.apps.create(name: "guarded", product: nil, in: made.groupId)
        let base = "groups/\(made.groupId)/apps/\(app.id)"
        _ = await t.admin(.post, "\(base)/auth_providers", json: ["name": "anon-user", "type": "anon-user"], bearer: login.accessToken)
        let onlyServers: JSONValue = ["%%user.type": "server"]
        func function(_ condition: JSONValue) -> JSONValue {
            ["name": "whoami", "private": false, "source": "exports = () => context.user.id;", "can_evaluate": condition]
        }
        let created = await t.admin(.post, "\(base)/functions", json: function(onlyServers), bearer: login.accessToken)
        let id = try #require(created.json?["_id"]?.stringValue, "\(String(decoding: created.body, as: UTF8.self))")
        #expect(await t.admin(.get, "\(base)/functions/\(id)", bearer: login.accessToken).json?["can_evaluate"] == onlyServers)

        let answer = await t.call(.post, Route.login(appId: app.clientAppId, provider: .anonymous), json: [:])
        let token = try WireCoding.decode(LoginResponse.self, from: answer.body).accessToken
        func call() async -> WireResponse {
            await t.call(.post, Route.functionCall(appId: app.clientAppId), json: ["name": "whoami", "arguments": []], bearer: token)
        }
        let refused = await call()
        #expect(refused.status == 400 && refused.errorCode == "FunctionExecutionError")
        #expect(refused.errorMessage == #"rule not matched for function "whoami""#)

        // Changed on the running server: the next call is judged by the new condition.
        #expect(await t.admin(.put, "\(base)/functions/\(id)", json: function(["%%user.type": "normal"]), bearer: login.accessToken).status == 204)
        #expect(await call().status == 200)

        // A condition on a document is refused, naming its key, and nothing changes.
        let bad = await t.admin(.put, "\(base)/functions/\(id)", json: function(["owner": "%%user.id"]), bearer: login.accessToken)
        #expect(bad.status == 400 && bad.errorCode == "InvalidParameter")
        #expect(bad.errorMessage?.contains("'can_evaluate.owner' names a document field") == true, "\(bad.errorMessage ?? "")")
        #expect(await t.admin(.get, "\(base)/functions/\(id)", bearer: login.accessToken).json?["can_evaluate"] == ["%%user.type": "normal"])
        #expect(await call().status == 200)

        // Exported as `roster-server export` writes it, read back, and served from the directory.
        #expect(await t.admin(.put, "\(base)/functions/\(id)", json: function(onlyServers), bearer: login.accessToken).status == 204)
        let hosted = try #require(try await HostedApps(server: t.server).app(app.clientAppId))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roster-condition-export-\(UUID().uuidString)", isDirectory: true)
        try AppDirectoryWriter.write(hosted.model, to: folder)
        let read = try AppDirectory.read(folder).model
        #expect(read.functions.map(\.canEvaluate) == [onlyServers])
        let served = try read.servableApp(secrets: AppSecrets([:])).config
        #expect(
            served == (try AdminApps.servable(hosted)), "the directory serves what the database served, its functions' ids too")
        let fromDirectory = try await TestServer.make(served)
        let ann = JavaScriptFunctionCallTests.Caller(t: fromDirectory, login: try await fromDirectory.loggedIn(.anonymous))
        #expect(await ann.call("whoami").errorMessage == #"rule not matched for function "whoami""#)
    }
}
