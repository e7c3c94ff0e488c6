import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import RosterServerCore

/// The page the sign-in callback answers for a sign-in started on the device approval page: it
/// moves on to `/device?signin=STATE` by itself (a meta refresh, with a link for the rest).
/// Not a redirect: the page's cookie is SameSite=Strict, and a browser does not send it at the
/// end of redirects that began at the provider; from a page of the server's own it does.
package enum DevicePageReturn {
    /// Where the browser goes back to: the page, with the sign-in's state and nothing else.
    package static func location(state: String) -> String {
        "\(DeviceLoginService.pagePath)?\(DevicePageSignIn.queryField)=\(OutboundRequest.formEncoded(state))"
    }

    package static func html(state: String) -> String {
        let url = PageStyle.escaped(location(state: state))
        return """
            \(PageStyle.head(title: "Roster: back to the terminal's page", styled: false, refresh: url))
            <body style="font:17px/1.45 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
            <p><a href="\(url)">Continue to approve the terminal</a></p>
            </body>
            </html>

            """
    }

    package static func response(state: String) -> Response {
        Response(
            status: .ok, headers: PageStyle.headers(), body: ResponseBody(byteBuffer: ByteBuffer(string: html(state: state))))
    }
}
