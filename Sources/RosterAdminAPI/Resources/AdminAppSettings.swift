import RosterAppModel

/// An app's settings the Admin API changes: the origins browser pages may call it from
/// (`security/allowed_request_origins`, an array of origins) and the environment it runs as
/// (`environment`, `{"environment": "production"}`).
public enum AdminAppSettings {
    /// The most origins an app may list.
    public static let maxOrigins = 100
    /// The environments App Services names.
    public static let environments: Set<String> = ["", "development", "testing", "qa", "production"]

    /// Replaces the allowed origins; an empty list leaves every origin allowed, as no list does.
    public static func setAllowedRequestOrigins(_ origins: [String]) throws(AdminResourceError) -> AppEdit {
        guard origins.count <= maxOrigins else { throw .invalid("allowed_request_origins", "lists more than \(maxOrigins) origins") }
        for (index, origin) in origins.enumerated() {
            guard origin.hasPrefix("http://") || origin.hasPrefix("https://"), origin.utf8.count <= 2048,
                !origin.unicodeScalars.contains(where: { $0.value <= 32 || $0.value == 127 })
            else {
                throw .invalid("allowed_request_origins.\(index)", "is not an origin such as https://example.com")
            }
        }
        let kept = origins.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        return { app in app.allowedRequestOrigins = kept.isEmpty ? nil : kept }
    }

    /// `{"environment": "…"}`, as `GET environment` shows it and `PUT environment` takes it.
    public struct Environment: Codable, Sendable, Equatable {
        public var environment: String

        public init(environment: String) {
            self.environment = environment
        }

        public init(_ app: AppModel) {
            self.init(environment: app.environment ?? "")
        }

        public func put() throws(AdminResourceError) -> AppEdit {
            guard AdminAppSettings.environments.contains(environment) else {
                throw .invalid("environment", "must be one of development, testing, qa, production or \"\"")
            }
            let environment = self.environment
            return { app in app.environment = environment.isEmpty ? nil : environment }
        }
    }
}

/// What a new app holds before anyone changes it, as App Services makes one: the API-key
/// provider, disabled (realm-core's suite finds it and enables it).
public enum AdminNewApp {
    public static func providers() -> [AppProvider] {
        [AppProvider(kind: .apiKey, disabled: true)]
    }
}
