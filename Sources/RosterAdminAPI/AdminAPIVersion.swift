/// Where App Services' Admin API lives on a server: every admin route is under this path.
///
///     router.group(AdminAPIVersion.path)
public enum AdminAPIVersion {
    public static let path = "/api/admin/v3.0"
}
