/// A PIN or password on its way to the session core: compared in tests, never printed.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible {
    public let value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "Secret(…)" }
    public var debugDescription: String { description }
}
