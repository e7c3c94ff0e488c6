/// Why the Admin API refused a change to an app's resources, as App Services answers it: a
/// status, an `error_code` and words naming the field or the resource. An edit that throws
/// one changes nothing.
///
///     throw AdminResourceError.missing("name")   // 400 MissingParameter "'name' is required"
public struct AdminResourceError: Error, Sendable, Equatable {
    public var httpStatus: Int
    public var code: String
    public var message: String

    public init(status: Int, code: String, message: String) {
        self.httpStatus = status
        self.code = code
        self.message = message
    }

    /// A field the request must give.
    public static func missing(_ field: String) -> Self {
        Self(status: 400, code: "MissingParameter", message: "'\(field)' is required")
    }

    /// A field whose value cannot be taken, and why.
    public static func invalid(_ field: String, _ reason: String) -> Self {
        Self(status: 400, code: "InvalidParameter", message: "'\(field)' \(reason)")
    }

    /// No resource of this kind with this id in the app.
    public static func notFound(_ code: String, _ kind: String, id: String) -> Self {
        Self(status: 404, code: code, message: "\(kind) not found: '\(AdminObjectID.printable(id))'")
    }

    /// A name (or namespace) another resource of the app already has.
    public static func duplicate(_ code: String, _ message: String) -> Self {
        Self(status: 409, code: code, message: message)
    }

    /// A change the app's other resources forbid (a function still in use, a service that is no
    /// data source), in words naming both.
    public static func conflict(_ code: String, _ message: String) -> Self {
        Self(status: 400, code: code, message: message)
    }
}
