import Foundation

/// The files Roster ships beside its code: the demo app's configuration and its users.
public enum RosterResources {
    /// The demo app configuration (`demo/app.json`).
    public static func demoAppConfiguration() throws -> Data {
        try data(named: "app", in: "demo")
    }

    /// The demo users with their passwords and custom data (`demo/users.json`).
    public static func demoUsers() throws -> Data {
        try data(named: "users", in: "demo")
    }

    static func data(named name: String, in folder: String) throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: folder) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(folder)/\(name).json"])
        }
        return try Data(contentsOf: url)
    }
}
