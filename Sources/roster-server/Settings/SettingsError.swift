/// A setting that cannot be used, named where the operator wrote it (`--port`, `ROSTER_PORT`, or
/// the settings file and its key). `roster-server` prints it in one line and exits with status 64
/// (EX_USAGE), before anything is opened or started.
struct SettingsError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }

    /// The exit status of a run refused for its settings.
    static let exitStatus: Int32 = 64
}
