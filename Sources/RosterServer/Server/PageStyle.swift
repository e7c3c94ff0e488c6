import HTTPTypes
import RosterServerCore

/// What the server's pages share: their style sheet and their answer headers. The device
/// approval page and the account pages are plain HTML forms sized for a phone, without script.
package enum PageStyle {
    /// The pages' CSS, inlined in each (the answer's policy allows inline styles and nothing
    /// else).
    package static let css = #"""
        body{margin:0;background:#f3f4f7;color:#1b1c20;font:17px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem 2rem}
        h1{font-size:1.35rem;margin:.25rem 0 1rem}
        .card{background:#fff;border-radius:.8rem;padding:1.1rem;margin:0 0 1rem;box-shadow:0 1px 3px rgba(0,0,0,.12)}
        label{display:block;margin:.7rem 0 .3rem;font-weight:600}
        input{box-sizing:border-box;width:100%;font-size:1.05rem;padding:.7rem;border:1px solid #9a9ca5;border-radius:.5rem}
        input.code{font:600 1.6rem ui-monospace,Menlo,Consolas,monospace;letter-spacing:.12em;text-align:center;text-transform:uppercase}
        button{display:block;box-sizing:border-box;width:100%;font-size:1.05rem;padding:.8rem;margin-top:.8rem;border:0;border-radius:.5rem;
        background:#2451c9;color:#fff;font-weight:600}
        button.quiet{background:#e4e6ee;color:#1b1c20;font-weight:500}
        button.deny{background:#fff;color:#a4221b;border:1px solid #a4221b}
        .row{display:flex;gap:.6rem}.row button{flex:1}
        .message{padding:.75rem .9rem;border-radius:.5rem;background:#fde8e6;color:#8a1c16}
        .message.good{background:#e5f3e9;color:#1d5530}
        .asker{font-size:1.15rem}.asker strong{overflow-wrap:anywhere}
        .small{color:#555a66;font-size:.92rem}
        .card label:first-of-type,.card p{margin-top:0}.card p:last-child{margin-bottom:0}
        """#

    /// A page's opening up to and including `</head>`: UTF-8, sized for a phone, no referrer,
    /// `title` as it is (a template's tag, or text that needs no escaping), the style sheet when
    /// the page uses it, and a move to the escaped URL `refresh` at once when given.
    package static func head(title: String, styled: Bool = true, refresh: String? = nil) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        \(refresh.map { "<meta http-equiv=\"refresh\" content=\"0;url=\($0)\">\n" } ?? "")<title>\(title)</title>
        \(styled ? "<style>\n\(css)</style>\n" : "")</head>
        """
    }

    /// HTML that is never cached, framed, sniffed or followed by a referrer, whose forms post
    /// only to the server itself or to `formTargets` (the providers' sign-in pages, reached by
    /// a redirect after a form post).
    package static func headers(formTargets: [String] = []) -> HTTPFields {
        var headers: HTTPFields = [:]
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let formAction = (["'self'"] + formTargets).joined(separator: " ")
        headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'; form-action \(formAction); frame-ancestors 'none'; base-uri 'none'"
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        headers[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        return headers
    }

    /// A server error's text as a sentence for a page: capitalised, with a full stop.
    package static func sentence(_ text: String) -> String {
        guard let first = text.first else { return "That did not work. Try again." }
        let capitalized = first.uppercased() + text.dropFirst()
        return capitalized.hasSuffix(".") ? capitalized : capitalized + "."
    }

    /// `text` safe inside an HTML attribute or element.
    package static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}
