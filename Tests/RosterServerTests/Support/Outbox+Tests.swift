import Foundation
import RosterWire
@testable import RosterServer
@testable import RosterServerCore

extension TestServer {
    /// The default outbox of the test app: `outbox/<appId>/` beside the database.
    var outboxDirectory: URL { directory.appendingPathComponent("outbox").appendingPathComponent(appId) }

    /// The messages in the outbox, oldest first.
    func outboxMessages() throws -> [OutboxMessage] {
        let files = (try? FileManager.default.contentsOfDirectory(at: outboxDirectory, includingPropertiesForKeys: nil)) ?? []
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try files.sorted { $0.lastPathComponent < $1.lastPathComponent }
            .map { try decoder.decode(OutboxMessage.self, from: Data(contentsOf: $0)) }
    }

    func emailRoute(_ route: Route.EmailPassword, _ body: JSONValue) async -> WireResponse {
        await call(.post, Route.emailPassword(appId: appId, route), json: body)
    }
}

/// Shell scripts standing in for an app's confirmation and reset functions.
enum TestFunction {
    /// A script in `directory` that saves its input to `<name>.input` and prints `answer`.
    static func script(_ name: String, in directory: URL, answer: String, sleep: Int = 0) throws -> FunctionConfig {
        let file = directory.appendingPathComponent("\(name).sh")
        let input = directory.appendingPathComponent("\(name).input").path
        let body = """
            #!/bin/sh
            cat > '\(input)'
            \(sleep > 0 ? "sleep \(sleep)" : "")
            printf '%s' '\(answer)'
            """
        try Data(body.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: file.path)
        // A script that sleeps is there to outlast its 2 s; one that answers at once gets room
        // for a loaded machine, where starting a shell can take seconds.
        return FunctionConfig(command: ["/bin/sh", file.path], timeoutSeconds: sleep > 0 ? 2 : 30)
    }

    /// What the script named `name` was given.
    static func input(_ name: String, in directory: URL) throws -> JSONValue {
        try JSONValue(parsing: Data(contentsOf: directory.appendingPathComponent("\(name).input")))
    }
}
