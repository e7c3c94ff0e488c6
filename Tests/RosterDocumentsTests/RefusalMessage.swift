import RosterDocuments

/// The message `body` is refused with, for the refusal tests: nil when it is not refused, the
/// `DocumentError`'s message when it is (any other error as its description).
///
///     refusalMessage { _ = try DocumentQuery.parse(["$foo": 1]) } // "unknown top-level query operator '$foo'"
func refusalMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as DocumentError {
        return error.message
    } catch {
        return "\(error)"
    }
}
