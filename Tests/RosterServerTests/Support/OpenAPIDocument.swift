import Foundation

/// What the route and answer tests read from `Resources/openapi.yaml`: its operations and the
/// required fields of its schemas. The file keeps a strict layout (described at its top) so
/// that a line reader is enough; a line that breaks the layout fails the read.
///
///     let document = try OpenAPIDocument.load()
///     document.operations // ["GET /api/client/v2.0/auth/profile", …]
///     document.required["LoginResponse"] // ["access_token", "refresh_token", "user_id", "device_id"]
struct OpenAPIDocument {
    /// "METHOD /path", methods upper-case.
    var operations: Set<String> = []
    /// Each schema's `required:` list, by schema name.
    var required: [String: [String]] = [:]
    /// The `openapi:` version line.
    var version = ""

    struct LayoutError: Error, CustomStringConvertible {
        let line: Int
        let text: String
        var description: String { "openapi.yaml line \(line) breaks the layout the tests read: \(text)" }
    }

    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    /// The document at the package root's `Resources/openapi.yaml`.
    static var url: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/openapi.yaml")
    }

    static func load(from url: URL = url) throws -> OpenAPIDocument {
        try OpenAPIDocument(text: String(contentsOf: url, encoding: .utf8))
    }

    init(text: String) throws {
        enum Section { case other, paths, components, schemas }
        var section = Section.other
        var path: String?
        var schema: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = line.prefix { $0 == " " }.count
            if indent == 0 {
                section = switch trimmed { case "paths:": .paths; case "components:": .components; default: .other }
                if trimmed.hasPrefix("openapi:") { version = String(trimmed.dropFirst("openapi:".count)).trimmingCharacters(in: .whitespaces) }
                continue
            }
            switch section {
            case .paths:
                if indent == 2 {
                    guard trimmed.hasPrefix("/"), trimmed.hasSuffix(":") else { throw LayoutError(line: index + 1, text: trimmed) }
                    path = String(trimmed.dropLast())
                } else if indent == 4 {
                    let key = String(trimmed.dropLast())
                    guard let path, trimmed.hasSuffix(":"), Self.methods.contains(key) else {
                        throw LayoutError(line: index + 1, text: trimmed)
                    }
                    guard operations.insert("\(key.uppercased()) \(path)").inserted else { throw LayoutError(line: index + 1, text: "twice: \(trimmed)") }
                }
            case .components, .schemas:
                if indent == 2 {
                    section = trimmed == "schemas:" ? .schemas : .components
                } else if section == .schemas, indent == 4 {
                    guard trimmed.hasSuffix(":") else { throw LayoutError(line: index + 1, text: trimmed) }
                    schema = String(trimmed.dropLast())
                } else if section == .schemas, indent == 6, trimmed.hasPrefix("required:"), let schema {
                    let list = trimmed.dropFirst("required:".count).trimmingCharacters(in: .whitespaces)
                    guard list.hasPrefix("["), list.hasSuffix("]") else { throw LayoutError(line: index + 1, text: trimmed) }
                    required[schema] = list.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                }
            case .other:
                continue
            }
        }
    }
}
