import RosterAppModel

/// One change to an app, pure: it takes the app model and changes it, or throws an
/// `AdminResourceError` and, as the caller applies it to a copy, changes nothing. What the
/// Admin API's routes hand the app service to apply and make take effect.
///
///     let edit = try AdminFunction(body).create(id: newId)
///     try edit(&app)
public typealias AppEdit = @Sendable (inout AppModel) throws -> Void

/// Names App Services takes for functions, services, values, secrets and triggers: letters,
/// digits, `_`, `-` and `.`, at most 64 characters, starting with a letter or `_`.
enum ResourceName {
    static let maxLength = 64

    static func check(_ name: String, field: String = "name") throws(AdminResourceError) {
        guard !name.isEmpty else { throw .missing(field) }
        guard name.utf8.count <= maxLength else { throw .invalid(field, "is longer than \(maxLength) characters") }
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) }
        guard allowed, let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else {
            throw .invalid(field, "may hold only letters, digits, '_', '-' and '.', and start with a letter or '_'")
        }
    }
}
