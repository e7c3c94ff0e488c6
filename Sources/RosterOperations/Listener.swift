import RosterServer

/// Another address a server answers on, for some of its paths: the Admin API on an address of
/// its own (`serve --admin-listen`), so that it need not face the internet.
///
///     let admin = Listener(host: "127.0.0.1", port: 9091, only: ServedPaths { _, path in path.hasPrefix("/api/admin/") })
public struct Listener: Sendable {
    public var host: String
    public var port: Int
    public var only: ServedPaths
    public var onListening: @Sendable (Int) async -> Void

    public init(host: String, port: Int, only: ServedPaths, onListening: @escaping @Sendable (Int) async -> Void = { _ in }) {
        self.host = host
        self.port = port
        self.only = only
        self.onListening = onListening
    }
}
