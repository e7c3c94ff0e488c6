import Foundation
import RosterDocuments
import RosterWire

/// POST `…/functions/call`: data access when the service is the app's data service (`mongodb-atlas`
/// unless the app names it otherwise), otherwise one of
/// the app's named functions, run with `{"arguments": […], "user": {"id": …}}` on stdin; what
/// it prints (any JSON) is the answer. A function that fails is FunctionExecutionError in words.
/// Commands run within the app's function limits (`FunctionLimiter`), counted per user; data
/// calls within their deadline and per-user count (`DataCallGate`).
package struct FunctionCallService: Sendable {
    package let data: DataAccessService

    package func call(_ call: FunctionCall, caller: AuthorizedSession) async throws -> JSONValue {
        let (name, arguments) = (call.name, call.arguments)
        let services = caller.app.config.dataServices
        switch call.service {
        case nil:
            // Arguments are Extended JSON, as for data access; a function reads them relaxed
            // (`{"$numberInt": "7"}` is 7, a date is ISO-8601 text in `$date`).
            let relaxed: [JSONValue]
            do {
                relaxed = try arguments.map { argument throws(DocumentError) in ExtendedJSON.relaxed(try ExtendedJSON.canonical(argument)) }
            } catch {
                throw ErrorResponse(error)
            }
            return try await named(name, arguments: relaxed, caller: caller)
        case let service? where services.contains(service):
            let data = self.data
            let largest = caller.app.config.maxPipelineBytes
            return try await caller.app.dataCalls.run(for: caller.user.id) {
                let answer = try await data.run(name, arguments: arguments, caller: caller)
                // Checked before a byte is written: an answer that shares its parts (a field
                // projected a thousand times) is small in memory and vast on the wire.
                if answer.isLarger(thanBytes: largest) { throw Self.answerTooLarge(largest) }
                return answer
            }
        case let other?:
            throw ErrorResponse.functionNotFound("no service '\(other.prefix(64))' (this app's data service: \(services.joined(separator: ", ")))")
        }
    }

    /// An answer over `maxPipelineBytes` as written.
    package static func answerTooLarge(_ largest: Int) -> ErrorResponse {
        .invalidParameter("the answer would be larger than \(largest) bytes (maxPipelineBytes): ask for fewer documents or fields")
    }

    private func named(_ name: String, arguments: [JSONValue], caller: AuthorizedSession) async throws -> JSONValue {
        guard let config = caller.app.config.functions[name] else {
            throw ErrorResponse.functionNotFound("function '\(name.prefix(64))' not found")
        }
        let input: JSONValue = ["arguments": .array(arguments), "user": ["id": .string(caller.user.id)]]
        let output: Data
        do {
            output = try await caller.app.functions.run(for: .user(caller.user.id)) {
                try await CommandFunction(config: config).run(Data(input.compactText.utf8))
            }
        } catch let failure as CommandFunction.Failure {
            throw ErrorResponse.functionFailed("function '\(name)' failed: \(failure)")
        }
        guard let answer = try? JSONValue(parsing: output) else {
            throw ErrorResponse.functionFailed("function '\(name)' failed: its answer is not JSON")
        }
        return answer
    }

    package init(data: DataAccessService) {
        self.data = data
    }
}
