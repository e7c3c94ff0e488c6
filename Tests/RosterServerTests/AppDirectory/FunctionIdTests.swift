import Foundation
import RosterAppDirectory
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServerCore

/// A function's Admin API id is part of what it is, in the served configuration as in the app
/// model: its runs are logged under it (`function_id`), so two functions that differ only in
/// their ids are not the same, and an app served from a model and taken back as a model keeps
/// them. A configuration file never holds them.
@Suite struct FunctionIdTests {
    static let source = "exports = (name) => 'hello ' + name;"

    @Test func functionsThatDifferOnlyInTheirIdsDiffer() throws {
        var first = FunctionConfig(source: Self.source)
        var second = first
        #expect(first == second)
        first.id = "6570a1b2c3d4e5f607182930"
        #expect(first != second, "one has an id, the other none")
        second.id = "6570a1b2c3d4e5f607182931"
        #expect(first != second)
        second.id = first.id
        #expect(first == second)
        // A configuration file holds no id: what is read back has none.
        let read = try JSONDecoder().decode(FunctionConfig.self, from: JSONEncoder().encode(first))
        #expect(read.id == nil && read == FunctionConfig(source: Self.source))
    }

    @Test func anAppServedFromItsModelAndTakenBackKeepsItsFunctionsIds() throws {
        var model = AppModel(name: "kiosk", appId: "kiosk-abcde")
        model.functions = [
            AppFunction(name: "hello", source: Self.source, id: "6570a1b2c3d4e5f607182930"),
            AppFunction(name: "helper", source: Self.source, isPrivate: true, id: "6570a1b2c3d4e5f607182931"),
        ]
        let served = try model.servableApp(secrets: AppSecrets([:])).config
        #expect(served.functions["hello"]?.id == "6570a1b2c3d4e5f607182930")
        let back = served.exportableApp.model
        #expect(back.functions == model.functions)
        #expect(try back.servableApp(secrets: AppSecrets([:])).config == served)
        // Another app whose functions run alike but under other ids is another app.
        var other = model
        other.functions[0].id = "6570a1b2c3d4e5f6071829ff"
        #expect(try other.servableApp(secrets: AppSecrets([:])).config != served)
    }
}
