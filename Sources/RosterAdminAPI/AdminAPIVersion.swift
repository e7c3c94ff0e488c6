/// Where App Services' Admin API lives on a server: every admin route is under this path.
///
///     router.group(AdminAPIVersion.path)
public enum AdminAPIVersion {
    public static let path = "/api/admin/v3.0"
    /// App Services' private API, beside the Admin API: what realm-core's harness calls for
    /// feature flags and app settings.
    public static let privatePath = "/api/private/v1.0"

    /// Whether `path` is the Admin API's (the private API's included): what `--admin-listen` serves.
    public static func serves(_ path: String) -> Bool {
        [Self.path, privatePath].contains { path == $0 || path.hasPrefix($0 + "/") }
    }
}
