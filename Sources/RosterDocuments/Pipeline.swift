import RosterWire

/// An aggregation pipeline as `aggregate` serves it to the SDKs: an array of one-key stage
/// objects run in order over the documents read; every value in the canonical form
/// (`ExtendedJSON.canonical`), each object in the order it was written (a `$sort`'s keys, the
/// fields `$project` and `$group` make).
///
///     let pipeline = try Pipeline.parse(JSONValue(parsing: #"[{"$match": {"qty": {"$gt": 1}}}, {"$count": "n"}]"#))
///     try pipeline.run([["qty": 2], ["qty": 5], ["qty": 1]]) // [{"n": 2}]
///     pipeline.leadingMatch // the $match, for the store to narrow what it reads
///
/// Stages that hold documents (`$group`, `$sort`, the output of `$unwind`) refuse to hold more
/// than `Limits.maximumDocumentsHeld`, and expressions to make more than
/// `Limits.maximumBytesMade`, with `DocumentError.limit`.
public struct Pipeline: Sendable {
    /// How far a pipeline may go: how many stages, how many documents (or groups, or values
    /// pushed into one group) a stage may hold, and how many bytes of values its expressions
    /// may make in one run (`PipelineBudget`).
    public struct Limits: Sendable, Equatable {
        public var maximumStages: Int
        public var maximumDocumentsHeld: Int
        public var maximumBytesMade: Int

        public init(maximumStages: Int = 50, maximumDocumentsHeld: Int = 10_000, maximumBytesMade: Int = 64 << 20) {
            self.maximumStages = maximumStages
            self.maximumDocumentsHeld = maximumDocumentsHeld
            self.maximumBytesMade = maximumBytesMade
        }
    }

    let stages: [PipelineStage]
    public let limits: Limits

    /// Reads a pipeline: an array of stages, each an object with one field naming the stage.
    /// More stages than `limits.maximumStages`, a stage not served, or a malformed one is
    /// refused.
    public static func parse(_ pipeline: JSONValue, limits: Limits = .init()) throws(DocumentError) -> Pipeline {
        guard let items = pipeline.arrayValue else { throw .invalid("a pipeline is an array of stages") }
        guard items.count <= limits.maximumStages else {
            throw .limit("a pipeline may have at most \(limits.maximumStages) stages, not \(items.count)")
        }
        var stages: [PipelineStage] = []
        for item in items { stages.append(try PipelineStage.parse(item)) }
        return Pipeline(stages: stages, limits: limits)
    }

    /// The documents the pipeline gives for these input documents, in order.
    /// Runs the stages over `documents`; with `shared`, what its expressions make is drawn from
    /// the memory all of the app's runs share, and given back when it ends.
    public func run(_ documents: [JSONValue], sharing shared: PipelineMemory? = nil) throws(DocumentError) -> [JSONValue] {
        var current = documents
        let budget = PipelineBudget(limit: limits.maximumBytesMade, shared: shared)
        defer { budget.release() }
        for stage in stages {
            try Self.stopIfCancelled()
            current = try stage.run(current, limits: limits, budget: budget)
        }
        return current
    }

    /// The first stage's query when the pipeline starts with `$match`: the store may read only
    /// the documents it matches (running the pipeline still applies it).
    public var leadingMatch: DocumentQuery? {
        if case .match(let query)? = stages.first { return query }
        return nil
    }
}

extension Pipeline {
    /// Stops a pipeline whose call was cancelled (past its deadline, or its client gone), between
    /// stages and between documents, so that the cancelled call gives its places back at once.
    static func stopIfCancelled() throws(DocumentError) {
        if Task.isCancelled { throw .limit("the call was stopped before its pipeline ended") }
    }
}
