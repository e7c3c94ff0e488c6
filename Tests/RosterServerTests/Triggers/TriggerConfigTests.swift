import Foundation
import RosterWire
import Testing
@testable import RosterServerCore

/// The configuration file's `triggers`, in App Services' export shape: read as the server runs
/// them, and refused at start, in words, when they cannot run.
@Suite struct TriggerConfigTests {
    static func parse(_ triggers: String) throws -> AppConfig {
        let text = """
            {"appId": "shop", "functions": {"tally": {"source": "exports = function(event) { return 1; };"}},
             "triggers": \(triggers)}
            """
        return try AppConfig.parse(Data(text.utf8), source: "app.json")
    }

    @Test func theExportShapeOfEachKindIsRead() throws {
        let config = try Self.parse("""
            [{"name": "onOrder", "type": "DATABASE", "function_name": "tally", "disabled": false,
              "config": {"service_name": "mongodb-atlas", "database": "shop", "collection": "orders",
                         "operation_types": ["INSERT", "UPDATE"], "match": {"fullDocument.total": {"$gt": 5}}, "full_document": true}},
             {"name": "onSignUp", "type": "AUTHENTICATION", "config": {"operation_type": "CREATE", "providers": ["anon-user"]},
              "event_processors": {"FUNCTION": {"config": {"function_name": "tally"}}}},
             {"name": "nightly", "type": "SCHEDULED", "function_name": "tally", "disabled": true, "config": {"schedule": "0 2 * * *"}}]
            """)
        #expect(config.triggers == [
            TriggerConfig(
                name: "onOrder", functionName: "tally",
                event: .database(.init(database: "shop", collection: "orders", operationTypes: ["insert", "update"],
                                       match: ["fullDocument.total": ["$gt": 5]], fullDocument: true))),
            TriggerConfig(name: "onSignUp", functionName: "tally", event: .authentication(operation: .create, providers: ["anon-user"])),
            TriggerConfig(name: "nightly", functionName: "tally", disabled: true, event: .scheduled(schedule: "0 2 * * *")),
        ])
        // Written back in the same shape.
        let again = try JSONDecoder().decode([TriggerConfig].self, from: JSONEncoder().encode(config.triggers))
        #expect(again == config.triggers)
    }

    @Test(arguments: [
        (#"[{"name": "t", "type": "SCHEDULED", "function_name": "missing", "config": {"schedule": "* * * * *"}}]"#, "'missing' is not one of the app's functions"),
        (#"[{"name": "t", "type": "SCHEDULED", "function_name": "tally", "config": {"schedule": "every day"}}]"#, "five fields"),
        (#"[{"name": "t", "type": "DATABASE", "function_name": "tally", "config": {"service_name": "other", "database": "d", "collection": "c", "operation_types": ["INSERT"]}}]"#, "not the app's data service"),
        (#"[{"name": "t", "type": "DATABASE", "function_name": "tally", "config": {"service_name": "mongodb-atlas", "database": "d", "collection": "c", "operation_types": ["DROP"]}}]"#, "operation_types"),
        (#"[{"name": "t", "type": "AUTHENTICATION", "function_name": "tally", "config": {"operation_type": "CREATE", "providers": ["carrier-pigeon"]}}]"#, "config.providers"),
        (#"[{"name": "t", "type": "AUTHENTICATION", "function_name": "tally", "config": {"operation_type": "UPDATE", "providers": ["anon-user"]}}]"#, "bad value at 'triggers.0.config'"),
        (#"[{"name": "t", "type": "LOG", "function_name": "tally", "config": {}}]"#, "bad value at 'triggers.0.type'"),
    ])
    func aTriggerThatCannotRunIsRefusedInWords(_ triggers: String, _ words: String) {
        do {
            _ = try Self.parse(triggers)
            Issue.record("accepted: \(triggers)")
        } catch {
            #expect("\(error)".contains(words), "\(error)")
        }
    }
}
