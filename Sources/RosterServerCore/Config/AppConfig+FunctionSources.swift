import Foundation
import RosterWire

extension AppConfig {
    /// The configuration with each function's `sourceFile` read into its `source`, the path taken
    /// from the folder of the configuration file at `url`, each file within
    /// `limits.functionSourceBytes`.
    func readingFunctionSources(beside url: URL) throws -> AppConfig {
        var config = self
        let folder = url.deletingLastPathComponent()
        for (name, function) in functions {
            guard let file = function.sourceFile, function.source == nil else { continue }
            let path = folder.appendingPathComponent(file).path
            let text: Data
            do {
                text = try BoundedFile.read(path, atMost: limits.functionSourceBytes)
            } catch {
                throw AppConfigError.unreadable(path: path, reason: "function '\(name)'.sourceFile: \(error.words)")
            }
            guard let source = String(data: text, encoding: .utf8) else {
                throw AppConfigError.invalid(path: path, reason: "function '\(name)'.sourceFile is not UTF-8 text")
            }
            config.functions[name]?.source = source
        }
        return config
    }
}
