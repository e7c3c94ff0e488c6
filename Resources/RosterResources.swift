import Foundation

/// The files Roster ships beside its code: the demo app's configuration and its users, and the
/// web demo's page.
public enum RosterResources {
    /// The demo app configuration (`demo/app.json`).
    public static func demoAppConfiguration() throws -> Data {
        try data(named: "app", in: "demo")
    }

    /// The demo users with their passwords and custom data (`demo/users.json`).
    public static func demoUsers() throws -> Data {
        try data(named: "users", in: "demo")
    }

    /// One file of the web demo's page (`demo/web/index.html`, `app.js`, `style.css`).
    public static func webDemoFile(named name: String, extension pathExtension: String) throws -> Data {
        try data(named: name, in: "demo/web", extension: pathExtension)
    }

    static func data(named name: String, in folder: String, extension pathExtension: String = "json") throws -> Data {
        guard let url = Bundle.module.url(forResource: name, withExtension: pathExtension, subdirectory: folder) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(folder)/\(name).\(pathExtension)"])
        }
        return try Data(contentsOf: url)
    }
}
