import RosterWire

/// The server's named functions, called as methods:
///
///     let total = try await user.functions.sum([1, 2])
///     let same = try await user.functions.call("sum", [1, 2])
@dynamicMemberLookup
public struct Functions: Sendable {
    let user: User

    public subscript(dynamicMember name: String) -> @Sendable ([JSONValue]) async throws -> JSONValue {
        let user = user
        return { arguments in try await user.callFunction(name, arguments: arguments) }
    }

    public func call(_ name: String, _ arguments: [JSONValue] = []) async throws -> JSONValue {
        try await user.callFunction(name, arguments: arguments)
    }
}

extension User {
    /// The server's named functions.
    public var functions: Functions { Functions(user: self) }
}
