extension AppConfig {
    /// The id of the demo app shipped in Resources, known without reading its configuration:
    /// the command line's device-only subcommands need no more of it to find the device.
    public static let demoAppId = "roster-demo"
}
