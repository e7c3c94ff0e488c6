import RosterWire

/// The memory one run of a pipeline may fill with values it makes. Every string, array or
/// document an expression builds (`$concat`, `$concatArrays`, an array or document written in
/// the pipeline, …) is charged at its size as an answer would carry it, shared parts counted
/// again; one value may be at most `maximumValueBytes` (MongoDB's document limit), and all
/// together at most the app's `maxPipelineBytes`. Past either, the pipeline is refused before
/// it asks for more: two `$set` stages that double an 8 KB field cannot grow into gigabytes.
///
///     let budget = PipelineBudget(limit: 64 << 20)
///     try budget.charge(value)  // DocumentError.limit once the run has made too much
public final class PipelineBudget {
    /// MongoDB's limit on one document, here on any one value an expression makes.
    public static let maximumValueBytes = 16 << 20

    public let limit: Int
    public private(set) var used = 0

    public init(limit: Int) {
        self.limit = limit
    }

    /// Counts a value an expression made; refuses one over 16 MiB, or one that takes the run
    /// past its limit.
    func charge(_ value: JSONValue, madeBy what: String) throws(DocumentError) {
        let bytes = value.approximateBytes
        guard bytes <= Self.maximumValueBytes else {
            throw .limit("\(what) would make a value of more than 16 MiB, MongoDB's document limit")
        }
        used += bytes
        guard used <= limit else {
            throw .limit("the pipeline would hold more than its limit of \(limit) bytes of values it makes")
        }
    }

    /// Refuses a string or array that grows past 16 MiB while it is being made.
    static func check(growing bytes: Int, madeBy what: String) throws(DocumentError) {
        guard bytes <= maximumValueBytes else {
            throw .limit("\(what) would make a value of more than 16 MiB, MongoDB's document limit")
        }
    }
}

extension JSONValue {
    /// About the bytes the value takes as JSON: enough to bound what a pipeline makes.
    var approximateBytes: Int {
        switch self {
        case .string(let text): text.utf8.count + 2
        case .array(let items): items.reduce(2) { $0 + $1.approximateBytes + 1 }
        case .object(let fields): fields.reduce(2) { $0 + $1.key.utf8.count + 4 + $1.value.approximateBytes }
        default: 8
        }
    }
}
