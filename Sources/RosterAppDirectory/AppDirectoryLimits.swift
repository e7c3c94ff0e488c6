/// What reading one app directory may take: how many files and folders it may hold, how large
/// one file may be, and how deep folders may nest. A directory past any of them is refused at
/// start, naming the file where the budget ran out.
public struct AppDirectoryLimits: Sendable, Equatable {
    /// Files and folders read or looked at, all together: 4096 by default.
    public var maxEntries: Int
    /// The largest file read (a JSON file or a function's source): 1 MiB by default.
    public var maxFileBytes: Int
    /// Folders below the app directory: 6 by default (`data_sources/<service>/<db>/<coll>/` is 4).
    public var maxDepth: Int

    public init(maxEntries: Int = 4096, maxFileBytes: Int = 1 << 20, maxDepth: Int = 6) {
        self.maxEntries = maxEntries
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
    }
}
