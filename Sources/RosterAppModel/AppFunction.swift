import RosterWire

/// A function of the app (`functions/config.json` beside `functions/<name>.js`): its
/// JavaScript source, whether clients may call it (`private`: only other functions, triggers
/// and providers may), whether it runs as the system user, and the condition a caller must
/// meet (`can_evaluate`, an App Services expression).
public struct AppFunction: Codable, Sendable, Equatable {
    /// The id the Admin API names it by (24 hex digits), when it was given one.
    public var id: String?
    public var name: String
    public var source: String?
    public var isPrivate: Bool
    public var runAsSystem: Bool
    public var canEvaluate: JSONValue?
    /// Whether the arguments stay out of the logs.
    public var disableArgLogs: Bool

    public init(
        name: String, source: String? = nil, isPrivate: Bool = false, runAsSystem: Bool = false, canEvaluate: JSONValue? = nil,
        disableArgLogs: Bool = false, id: String? = nil
    ) {
        self.id = id
        self.name = name
        self.source = source
        self.isPrivate = isPrivate
        self.runAsSystem = runAsSystem
        self.canEvaluate = canEvaluate
        self.disableArgLogs = disableArgLogs
    }
}
