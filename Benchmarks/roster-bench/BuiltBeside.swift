import Foundation

/// The programs of Roster that this `roster-bench` runs (`roster`, `roster-server`), found from
/// where the running binary is, however it was started: by a path, or by its name through `PATH`
/// (where the first argument holds no folder). Beside it when they were built or installed
/// together; else, for a `roster-bench` built in the benchmarks' package, in Roster's own build
/// folder one package up, the same configuration.
///
///     BuiltBeside.program("roster") // /work/roster/.build/release/roster, for
///                                   // /work/roster/Benchmarks/.build/release/roster-bench
enum BuiltBeside {
    /// The folder holding the running binary: the kernel's link to it, else the first argument.
    static let folder: URL = {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: link).deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }()

    /// What to do when a program is found in neither place.
    static let howToBuild = "build Roster first (`swift build` at its root, with the same -c as roster-bench)"

    /// `name` beside this binary if it is there, else in Roster's build folder; where it would be
    /// in Roster's build folder when it is in neither (so that a failure names that path).
    static func program(_ name: String) -> URL {
        let beside = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return rosterBuildFolder?.appendingPathComponent(name) ?? beside
    }

    /// For a binary in `<root>/Benchmarks/.build/<rest>`, `<root>/.build/<rest>`: the same
    /// triple and configuration in the package the benchmarks' package depends on.
    static var rosterBuildFolder: URL? {
        let parts = folder.standardizedFileURL.pathComponents
        guard let build = parts.lastIndex(of: ".build"), build >= 2, parts[build - 1] == "Benchmarks" else { return nil }
        let root = NSString.path(withComponents: Array(parts[..<(build - 1)]))
        return URL(fileURLWithPath: NSString.path(withComponents: [root, ".build"] + parts[(build + 1)...]), isDirectory: true)
    }
}
