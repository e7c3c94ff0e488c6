/// The claims as the JSON object their `Codable` form is, built and read without a coder, for a
/// server that signs or checks one on every request. Tokens written either way read the same
/// either way.
///
///     let text = claims.document.compactText
///     let read = try AccessTokenClaims(document: JSONValue(parsing: text))   // == claims
extension AccessTokenClaims {
    public var document: JSONValue {
        var fields: JSONObject = ["sub": .string(sub), "iat": .int(iat), "exp": .int(exp), "typ": .string(typ)]
        fields[CodingKeys.userData.stringValue] = userData?.codableForm
        fields[CodingKeys.sessionId.stringValue] = sessionId.map(JSONValue.string)
        fields[CodingKeys.appId.stringValue] = appId.map(JSONValue.string)
        fields[CodingKeys.deviceId.stringValue] = deviceId.map(JSONValue.string)
        return .object(fields)
    }

    public init(document: JSONValue) throws(ClaimsDocumentError) {
        let fields = try ClaimFields(document)
        self.init(sub: try fields.string("sub"), iat: try fields.int("iat"), exp: try fields.int("exp"))
        typ = try fields.string("typ")
        userData = fields.value(CodingKeys.userData.stringValue)?.readingCodableForm
        sessionId = try fields.optionalString(CodingKeys.sessionId.stringValue)
        appId = try fields.optionalString(CodingKeys.appId.stringValue)
        deviceId = try fields.optionalString(CodingKeys.deviceId.stringValue)
    }
}

extension RefreshTokenClaims {
    public var document: JSONValue {
        var fields: JSONObject = [
            "sub": .string(sub), "iat": .int(iat), "exp": .int(exp), "typ": .string(typ),
            CodingKeys.sessionId.stringValue: .string(sessionId),
        ]
        fields[CodingKeys.appId.stringValue] = appId.map(JSONValue.string)
        fields[CodingKeys.generation.stringValue] = generation.map { .int(Int64($0)) }
        return .object(fields)
    }

    public init(document: JSONValue) throws(ClaimsDocumentError) {
        let fields = try ClaimFields(document)
        self.init(
            sub: try fields.string("sub"), iat: try fields.int("iat"), exp: try fields.int("exp"),
            sessionId: try fields.string(CodingKeys.sessionId.stringValue), appId: try fields.optionalString(CodingKeys.appId.stringValue))
        typ = try fields.string("typ")
        generation = try fields.optionalInt(CodingKeys.generation.stringValue).map { value throws(ClaimsDocumentError) in
            guard let generation = Int(exactly: value) else { throw ClaimsDocumentError(field: CodingKeys.generation.stringValue) }
            return generation
        }
    }
}

/// A claims document without a field the claims need, or with one of the wrong type.
public struct ClaimsDocumentError: Error, Equatable, CustomStringConvertible {
    /// The claim's name; empty when the document is not an object.
    public let field: String
    public init(field: String) { self.field = field }
    public var description: String { field.isEmpty ? "the claims are not a JSON object" : "the claim '\(field)' is missing or not valid" }
}

/// The fields of a claims document, read as `Codable` reads them: `null` is an absent optional.
private struct ClaimFields {
    let fields: JSONObject

    init(_ document: JSONValue) throws(ClaimsDocumentError) {
        guard case .object(let fields) = document else { throw ClaimsDocumentError(field: "") }
        self.fields = fields
    }

    func value(_ name: String) -> JSONValue? {
        guard let value = fields[name], value != .null else { return nil }
        return value
    }

    func string(_ name: String) throws(ClaimsDocumentError) -> String {
        guard let text = try optionalString(name) else { throw ClaimsDocumentError(field: name) }
        return text
    }

    func int(_ name: String) throws(ClaimsDocumentError) -> Int64 {
        guard let number = try optionalInt(name) else { throw ClaimsDocumentError(field: name) }
        return number
    }

    func optionalString(_ name: String) throws(ClaimsDocumentError) -> String? {
        guard let value = value(name) else { return nil }
        guard case .string(let text) = value else { throw ClaimsDocumentError(field: name) }
        return text
    }

    func optionalInt(_ name: String) throws(ClaimsDocumentError) -> Int64? {
        guard let value = value(name) else { return nil }
        guard case .int(let number) = value else { throw ClaimsDocumentError(field: name) }
        return number
    }
}
