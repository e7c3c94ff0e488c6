import Foundation
import RosterAdminAPI
import RosterAppModel
import Testing

/// What the Admin API resource tests share: bodies as the suites send them, edits applied as
/// the app service applies them (to a copy, kept only when they succeed), and refusals checked
/// by status, code and the words that name the field.
enum AdminEdit {
    static func body<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try AdminRequestBody.decode(type, from: Data(json.utf8))
    }

    /// Applies `edit` to a copy of `app`; the copy replaces it only when the edit succeeds.
    static func apply(_ edit: AppEdit, to app: inout AppModel) throws {
        var copy = app
        try edit(&copy)
        app = copy
    }

    /// `work` is refused with `status` and `code`, in words holding `words`.
    static func expectRefusal(
        _ status: Int, _ code: String, containing words: String, sourceLocation: SourceLocation = #_sourceLocation,
        _ work: () throws -> Void
    ) {
        do {
            try work()
            Issue.record("not refused; expected \(code)", sourceLocation: sourceLocation)
        } catch let error as AdminResourceError {
            #expect(error.httpStatus == status, sourceLocation: sourceLocation)
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("refused with \(error), not an AdminResourceError", sourceLocation: sourceLocation)
        }
    }

    static let ids = (1...40).map { String(format: "6560f0a1b2c3d4e5f6a7%04x", $0) }
}
