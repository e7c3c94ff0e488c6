/// The answer to a session refresh as the JSON object its `Codable` form is, written without a
/// coder: a server answers one on every refresh.
///
///     RouteReply.json(SessionResponse(accessToken: token).document)   // {"access_token":"…"}
extension SessionResponse {
    public var document: JSONValue {
        var fields: JSONObject = [CodingKeys.accessToken.stringValue: .string(accessToken)]
        fields[CodingKeys.refreshToken.stringValue] = refreshToken.map(JSONValue.string)
        return .object(fields)
    }
}
