import HTTPTypes
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// The token of an Authorization header: the scheme in any case, blanks around the token
/// dropped, and InvalidSession for anything else.
@Suite struct BearerTokenTests {
    func token(_ header: String?) throws(ErrorResponse) -> String {
        var headers = HTTPFields()
        if let header { headers[.authorization] = header }
        return try BearerToken.value(in: headers)
    }

    @Test func theTokenIsTakenWithBlanksAroundItDropped() throws {
        #expect(try token("Bearer abc.def") == "abc.def")
        #expect(try token("bEaReR  \tabc.def \t") == "abc.def")
    }

    @Test func aMissingEmptyOrOtherSchemeIsInvalidSession() {
        for header in [nil, "", "Bearer", "Bearer   ", "Bearer \t ", "Basic abc", "abc.def"] as [String?] {
            do {
                let taken = try token(header)
                Issue.record("'\(header ?? "no header")' gave the token '\(taken)'")
            } catch {
                #expect(error.errorCode == "InvalidSession", "\(header ?? "no header")")
            }
        }
    }
}
