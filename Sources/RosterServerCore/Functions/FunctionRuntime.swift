import RosterWire

/// An engine that runs an app's JavaScript functions (`exports = function…`) as App Services
/// does. The services call a function through it without knowing the engine; what a function
/// asks of the server (`context.functions.execute`, `context.services`) comes back through the
/// execution's `FunctionHost`, so it goes through the same services, and rules, as the routes.
/// `roster-server` gives the server one (`RosterFunctions`); without one a JavaScript function is
/// refused.
///
///     let answer = try await runtime.run(FunctionExecution(name: "sum", source: text, arguments: [1, 2], …), host: host)
public protocol FunctionRuntime: Sendable {
    /// Runs `execution`: its answer as relaxed Extended JSON (`ExtendedJSON.undefined` when the
    /// function returns nothing), or `FunctionRuntimeFailure`.
    func run(_ execution: FunctionExecution, host: any FunctionHost) async throws -> JSONValue
}

/// One call of a JavaScript function: its source, its arguments (canonical Extended JSON), what
/// `context` holds for it, and its limits.
public struct FunctionExecution: Sendable {
    public var name: String
    public var source: String
    public var arguments: [JSONValue]
    /// `user`, `app`, `environment`, `request`, `token` and `values`, as `context` shows them, and
    /// `runningAsSystem`, what `context.runningAsSystem()` answers.
    public var context: JSONObject
    /// Past it the execution is stopped and refused.
    public var deadline: Duration
    /// The most heap the execution may use, in MiB.
    public var memoryMegabytes: Int
    /// The client request it serves, for the log.
    public var requestId: String?

    public init(
        name: String, source: String, arguments: [JSONValue], context: JSONObject = [:], deadline: Duration, memoryMegabytes: Int,
        requestId: String? = nil
    ) {
        self.name = name
        self.source = source
        self.arguments = arguments
        self.context = context
        self.deadline = deadline
        self.memoryMegabytes = memoryMegabytes
        self.requestId = requestId
    }
}

/// What a running function asks of the server. Each answer is canonical Extended JSON; a thrown
/// error reaches the function as a rejected promise with the error's text.
public protocol FunctionHost: Sendable {
    /// `context.functions.execute(name, …arguments)`.
    func execute(_ name: String, arguments: [JSONValue]) async throws -> JSONValue
    /// `context.services.get(service).db(database).collection(collection)[action](…arguments)`.
    func data(service: String, database: String, collection: String, action: String, arguments: [JSONValue]) async throws -> JSONValue
    /// `console.log` (`isError` false) and `console.error`.
    func log(_ text: String, isError: Bool)
}

/// Why an execution gave no answer. Its `description` is what the caller reads after
/// `FunctionExecutionError`.
public enum FunctionRuntimeFailure: Error, Equatable, CustomStringConvertible {
    /// The function threw, or its promise was rejected, with this text.
    case threw(String)
    /// It ran past its deadline, and was stopped.
    case outOfTime(seconds: Double)
    /// It used more than its heap may hold, and was stopped.
    case outOfMemory(megabytes: Int)
    /// The engine could not run it.
    case unavailable(String)
    /// The engine did not start (Node.js is not there, or its worker ended before it was ready):
    /// nothing of the function ran, so it may run once the engine is back.
    case notStarted(String)

    public var description: String {
        switch self {
        case .threw(let message): message
        case .outOfTime(let seconds):
            "execution time limit exceeded: the function ran longer than \(Self.format(seconds)) s (timeoutSeconds)"
        case .outOfMemory(let megabytes):
            "memory limit exceeded: the function used more than \(megabytes) MiB (functionMemoryMegabytes)"
        case .unavailable(let why), .notStarted(let why): "the function could not run: \(why)"
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
