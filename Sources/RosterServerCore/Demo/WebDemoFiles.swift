import Foundation
import RosterResources

/// The web demo's page as shipped in `Resources/demo/web`: the HTML with its two placeholders
/// (`{{api}}`, the client API's base, and `{{appId}}`), its script and its style sheet.
package struct WebDemoFiles: Sendable {
    package var html: String
    package var script: Data
    package var styleSheet: Data

    package static func load() throws -> WebDemoFiles {
        WebDemoFiles(
            html: String(decoding: try RosterResources.webDemoFile(named: "index", extension: "html"), as: UTF8.self),
            script: try RosterResources.webDemoFile(named: "app", extension: "js"),
            styleSheet: try RosterResources.webDemoFile(named: "style", extension: "css"))
    }
}
