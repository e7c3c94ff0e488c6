/// Why a query, an update, a projection or a pipeline was refused: the argument is malformed,
/// names an operator that is not served, or goes past a limit. The message names what is wrong
/// and never repeats the document.
///
///     do { _ = try DocumentQuery.parse(["age": ["$near": 3]]) }
///     catch { error.message } // "unknown query operator '$near'"
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A wrong shape, an unknown operator or stage, a value of the wrong type.
        case invalid
        /// A required argument is missing.
        case missing
        /// A pipeline or query past its bounds (stages, documents held in memory).
        case limit
        /// The app's pipelines together hold all the memory they may (`PipelineMemory`): a
        /// moment later the same call may run.
        case busy
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public static func invalid(_ message: String) -> DocumentError { .init(.invalid, message) }
    /// A missing argument, by name.
    public static func missing(_ name: String) -> DocumentError { .init(.missing, "missing parameter '\(name)'") }
    public static func limit(_ message: String) -> DocumentError { .init(.limit, message) }

    public var description: String { message }
}
