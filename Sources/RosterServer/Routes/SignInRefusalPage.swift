import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServerCore
import RosterWire

/// What the sign-in callback shows a browser (a request that accepts `text/html`) when it
/// cannot finish the sign-in at all: a state that is missing, not the server's, used or expired.
/// The same status and words as the JSON error other clients get, on a page a person can read.
package enum SignInRefusalPage {
    package static func wanted(by request: Request) -> Bool {
        request.headers[.accept]?.contains("text/html") ?? false
    }

    package static func html(_ refusal: ErrorResponse) -> String {
        let text = PageStyle.escaped(PageStyle.sentence(refusal.error))
        return """
            \(PageStyle.head(title: "Roster: sign-in not finished", styled: false))
            <body style="font:17px/1.45 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
            <h1 style="font-size:1.35rem">The sign-in did not finish</h1>
            <p role="status">\(text)</p>
            <p>Nobody was signed in. Go back to the page where you started and sign in again.</p>
            </body>
            </html>

            """
    }

    package static func response(_ refusal: ErrorResponse) -> Response {
        Response(
            status: .init(code: refusal.code?.httpStatus ?? 400), headers: PageStyle.headers(),
            body: ResponseBody(byteBuffer: ByteBuffer(string: html(refusal))))
    }
}
