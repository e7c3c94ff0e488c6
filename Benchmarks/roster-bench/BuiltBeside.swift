import Foundation

/// The programs built beside this `roster-bench` (`roster`, `roster-server`), found from where
/// the running binary is, however it was started: by a path, or by its name through `PATH`
/// (where the first argument holds no folder).
///
///     BuiltBeside.program("roster") // /work/roster/.build/release/roster
enum BuiltBeside {
    /// The folder holding the running binary: the kernel's link to it, else the first argument.
    static let folder: URL = {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: link).deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }()

    static func program(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
