import Mustache
import RosterServerCore

/// The pages' Mustache templates.
package enum PageTemplate {
    /// A page's template, parsed once by its caller; the template is part of the program, so a
    /// parse failure is a bug.
    package static func parse(_ text: String, of page: String) -> MustacheTemplate {
        do {
            return try MustacheTemplate(string: text)
        } catch {
            preconditionFailure("the \(page) template does not parse: \(error)")
        }
    }
}
