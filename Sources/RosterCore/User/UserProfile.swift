import RosterWire

/// The profile the server gave at log-in (`data` of GET `/auth/profile`), with the usual
/// fields picked out. `data` keeps everything, custom-JWT metadata fields included.
public struct UserProfile: Sendable, Equatable {
    public let data: JSONObject

    public init(data: JSONObject = [:]) {
        self.data = data
    }

    public var name: String? { data["name"]?.stringValue }
    public var email: String? { data["email"]?.stringValue }
    public var pictureURL: String? { data["picture_url"]?.stringValue }
    public var firstName: String? { data["first_name"]?.stringValue }
    public var lastName: String? { data["last_name"]?.stringValue }
    public var gender: String? { data["gender"]?.stringValue }
    public var birthday: String? { data["birthday"]?.stringValue }
    public var minAge: String? { text(data["min_age"]) }
    public var maxAge: String? { text(data["max_age"]) }

    private func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text): text
        case .int(let number): String(number)
        default: nil
        }
    }
}
