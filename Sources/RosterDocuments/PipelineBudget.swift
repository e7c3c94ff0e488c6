import RosterWire
import Synchronization

/// The memory one run of a pipeline may fill with values it makes. Every string, array or
/// document an expression builds (`$concat`, `$concatArrays`, an array or document written in
/// the pipeline, …) is charged at its size as an answer would carry it, shared parts counted
/// again; one value may be at most `maximumValueBytes` (MongoDB's document limit), and all
/// together at most the app's `maxPipelineBytes`, drawn from the memory all of the server's runs
/// share (`PipelineMemory`). Past any of them, the pipeline is refused before it asks for more:
/// two `$set` stages that double an 8 KB field cannot grow into gigabytes.
///
///     let budget = PipelineBudget(limit: 64 << 20)
///     try budget.charge(value)  // DocumentError.limit once the run has made too much
public final class PipelineBudget {
    /// MongoDB's limit on one document, here on any one value an expression makes.
    public static let maximumValueBytes = 16 << 20

    public let limit: Int
    public private(set) var used = 0
    /// What every run of the app's pipelines holds at once, drawn from as this run makes values.
    let shared: PipelineMemory?
    private var taken = 0

    public init(limit: Int, shared: PipelineMemory? = nil) {
        self.limit = limit
        self.shared = shared
    }

    /// Gives back to the shared memory what this run took: it ends, and its values go.
    func release() {
        shared?.give(taken)
        taken = 0
    }

    /// Counts a value an expression made; refuses one over 16 MiB, or one that takes the run
    /// past its limit.
    func charge(_ value: JSONValue, madeBy what: String) throws(DocumentError) {
        try charge(bytes: value.approximateBytes, madeBy: what)
    }

    /// Counts `bytes` a value will take before it is made (`$concat` adds up its parts first),
    /// so a refused value is never built; refuses what a value or the run may not hold.
    func charge(bytes: Int, madeBy what: String) throws(DocumentError) {
        try Self.check(growing: bytes, madeBy: what)
        used += bytes
        guard used <= limit else {
            throw .limit("the pipeline would hold more than its limit of \(limit) bytes of values it makes")
        }
        if let shared {
            guard taken + bytes <= shared.limit else {
                throw .limit(
                    "the pipeline would hold more than the server lets all pipelines hold at once (\(shared.limit) bytes, pipelineMemoryBytes)")
            }
            guard shared.take(bytes) else {
                throw DocumentError(.busy, "the server's pipelines hold all the memory they may at once (\(shared.limit) bytes); try again in a moment")
            }
            taken += bytes
        }
    }

    /// What one field of a document a stage makes takes in memory beside its value (its key and
    /// its place in the document's table), counted even when the value is shared: a field
    /// projected a thousand times is a thousand fields.
    static let fieldBytes = 48

    /// Counts the fields of a document a stage made (`$project`, `$set`).
    func charge(fieldsOf document: JSONValue) throws(DocumentError) {
        guard case .object(let fields) = document else { return }
        try charge(bytes: fields.count * Self.fieldBytes, madeBy: "a document")
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

/// The memory all runs of the server's pipelines, in every app, may fill at once with values they
/// make (`pipelineMemoryBytes`): each run draws from it as it charges its own budget and gives back
/// what it took when it ends. So four users each running the worst pipeline hold no more
/// together than one may alone; a run that alone would need more is refused as over a limit, one
/// that finds the memory held by others as busy.
public final class PipelineMemory: Sendable {
    public let limit: Int
    private let used = Atomic<Int>(0)

    public init(limit: Int) {
        self.limit = limit
    }

    /// What runs hold now.
    public var held: Int { used.load(ordering: .relaxed) }

    /// Takes `bytes`, unless that would pass the limit.
    func take(_ bytes: Int) -> Bool {
        var current = used.load(ordering: .relaxed)
        while true {
            guard current + bytes <= limit else { return false }
            let (exchanged, original) = used.compareExchange(
                expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
    }

    func give(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.subtract(bytes, ordering: .relaxed)
    }
}
