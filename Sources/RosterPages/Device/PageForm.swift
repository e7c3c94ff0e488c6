import Foundation
import Hummingbird
import RosterServer

extension Request {
    /// The HTML form this request posts (`application/x-www-form-urlencoded`), read with
    /// Hummingbird's `URLEncodedFormDecoder`; nil when the body cannot be read or does not decode
    /// (a repeated field, a broken escape), which a page treats as a form with nothing in it.
    func form<Form: Decodable>(_: Form.Type, context: RosterRequestContext) async -> Form? {
        guard let body = try? await collectedBody(within: context) else { return nil }
        return try? URLEncodedFormDecoder().decode(Form.self, from: String(decoding: body, as: UTF8.self))
    }
}
