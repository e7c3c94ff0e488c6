/// An id a server hands out that the client then puts in a path, a file name or a route: a
/// user's id, a device id, an API key's id. Nothing a server answers is trusted: an id is 1 to
/// 128 of `A-Z a-z 0-9 _ -`, or the answer is refused as malformed, before anything is written
/// or sent. A server answering `user_id: "../../x"` touches nothing outside the device folder.
///
///     try ServerIdentifier.check(login.userId, "user id")
enum ServerIdentifier {
    static let maximumLength = 128

    static func isValid(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= maximumLength
            && value.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F || byte == 0x2D
            }
    }

    /// `value`, when it is an id; a malformed-answer error naming `what` when not.
    @discardableResult
    static func check(_ value: String, _ what: String) throws -> String {
        guard isValid(value) else {
            throw RosterError.malformedResponse("the server sent a \(what) that is not an id (1 to \(maximumLength) of A-Z a-z 0-9 _ -)")
        }
        return value
    }
}
