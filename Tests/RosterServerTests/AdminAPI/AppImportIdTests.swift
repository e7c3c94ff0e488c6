import RosterAppModel
import RosterWire
import Testing
@testable import RosterAdminAPI
@testable import RosterAppDirectory

/// An import keeps, by name, the Admin API ids of the resources it keeps, and reads the ids an
/// exported directory carries; when it gives a kept resource's id to another resource, that one
/// has it, and no two resources of a kind share an id. Device Sync's development mode is the
/// import's when it sends one.
@Suite struct AppImportIdTests {
    static let first = "6570a1b2c3d4e5f607182930"
    static let second = "6570a1b2c3d4e5f607182931"

    static func body(_ functions: [JSONValue], sources: JSONObject) throws -> AppImportBody {
        try AppImportBody(.object([
            "config_version": 20210101, "name": "kiosk", "auth": ["providers": [:]], "functions": ["config": .array(functions), "sources": .object(sources)],
        ]))
    }

    @Test func aKeptFunctionKeepsItsIdUnlessTheImportGivesItToAnother() throws {
        var current = AppModel(name: "kiosk", appId: "kiosk-abcde")
        current.functions = [
            AppFunction(name: "greet", source: "exports = () => 1;", id: Self.first),
            AppFunction(name: "count", source: "exports = () => 2;", id: Self.second),
        ]
        // `greet` renamed `hello` with its id, a new `greet` without one; `count` kept by name.
        let imported = try AppImport.applied(
            try Self.body(
                [["name": "hello", "id": .string(Self.first)], ["name": "greet"], ["name": "count"]],
                sources: ["hello.js": "exports = () => 1;", "greet.js": "exports = () => 3;", "count.js": "exports = () => 2;"]),
            to: current)
        let ids = Dictionary(uniqueKeysWithValues: imported.model.functions.map { ($0.name, $0.id) })
        #expect(ids["hello"] == Self.first, "the id the import names")
        #expect(ids["count"] == Self.second, "kept by name")
        #expect(ids["greet"] == .some(nil), "its old id is another's now: it gets one of its own")
    }

    /// Development mode is the import's when it sends `sync/config.json`, else it stays.
    @Test func anImportsSyncConfigSetsDevelopmentModeAndOneWithoutKeepsIt() throws {
        var current = AppModel(name: "kiosk", appId: "kiosk-abcde")
        current.developmentModeEnabled = true
        let without = try AppImport.applied(try Self.body([], sources: [:]), to: current)
        #expect(without.model.developmentModeEnabled)
        let with = try AppImport.applied(
            try AppImportBody(.object([
                "config_version": 20210101, "name": "kiosk", "sync": ["config": ["type": "flexible", "development_mode_enabled": false]],
            ])),
            to: current)
        #expect(!with.model.developmentModeEnabled)
    }
}
