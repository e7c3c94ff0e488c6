import CPCRE2
import Synchronization

/// The steps of regular expression matching one call may take, across every match it makes: each
/// document, each clause of an `$or`, each element of an array draws from the same budget, so
/// a query whose every match stays under PCRE2's own limits (`DocumentRegex.matchLimit`) still
/// cannot add them up into seconds. A step is one item of a pattern tried, backtracking
/// included (PCRE2's automatic callouts). While it matches, the call's task is looked at every
/// `checkEvery` steps: a call past its deadline or cancelled stops inside the match, not after.
///
/// A data call binds one budget for its whole run (`RegexBudget.$current`, inherited by every
/// query it matches); a change stream gives each event its own. A query matched with none bound
/// takes a budget of `defaultSteps` for that document.
///
///     let budget = RegexBudget(steps: 10_000_000, scope: "one call (regexStepsPerCall)")
///     try query.matches(document, within: budget)  // DocumentError.limit once spent
public final class RegexBudget: Sendable {
    /// The budget of one call unless configured (`regexStepsPerCall`): a few tenths of a second
    /// of matching on one core, twenty times what one match may take.
    public static let defaultSteps = 20_000_000
    /// The budget of one change event unless configured (`regexStepsPerChangeEvent`): what one
    /// match may take, as a filter runs for every watcher on every write.
    public static let defaultEventSteps = 1_000_000
    /// How many steps pass between looks at the call's task.
    static let checkEvery: UInt32 = 4_096

    /// The budget bound for the call running now, if any.
    @TaskLocal public static var current: RegexBudget?

    public let steps: Int
    /// What the budget is for, as refusals name it ("one call (regexStepsPerCall)").
    public let scope: String
    private let state: Mutex<State>

    private struct State {
        let budget: UnsafeMutablePointer<roster_regex_budget>
        /// A match context with PCRE2's limits on one match, whose callout draws from `budget`.
        let context: OpaquePointer?
    }

    public init(steps: Int = RegexBudget.defaultSteps, scope: String = "one call") {
        self.steps = max(0, steps)
        self.scope = scope
        let budget = UnsafeMutablePointer<roster_regex_budget>.allocate(capacity: 1)
        budget.initialize(to: roster_regex_budget(
            remaining: Int64(clamping: max(0, steps)), since_check: 0, check_every: Self.checkEvery,
            is_stopped: { withUnsafeCurrentTask { $0?.isCancelled == true } ? 1 : 0 }, abandoned: 0))
        let context = pcre2_match_context_create_8(nil)
        if let context {
            pcre2_set_match_limit_8(context, DocumentRegex.matchLimit)
            pcre2_set_depth_limit_8(context, DocumentRegex.depthLimit)
            pcre2_set_heap_limit_8(context, DocumentRegex.heapLimitKiB)
            roster_regex_use_budget(context, budget)
        }
        state = Mutex(State(budget: budget, context: context))
    }

    deinit {
        state.withLock { state in
            if let context = state.context { pcre2_match_context_free_8(context) }
            state.budget.deinitialize(count: 1)
            state.budget.deallocate()
        }
    }

    /// The steps taken so far.
    public var used: Int {
        state.withLock { steps - Int($0.budget.pointee.remaining) }
    }

    /// Runs one match with the budget's context: the steps it takes are drawn from the budget,
    /// and a match abandoned for the budget or a stopped call is refused.
    func match(_ pattern: String, _ run: (OpaquePointer) -> Int32) throws(DocumentError) -> Int32 {
        let (result, abandoned) = state.withLock { state -> (Int32, Int32) in
            guard let context = state.context else { return (PCRE2_ERROR_NOMEMORY, 0) }
            state.budget.pointee.abandoned = 0
            let result = run(context)
            return (result, state.budget.pointee.abandoned)
        }
        guard result == PCRE2_ERROR_CALLOUT else { return result }
        if abandoned == 2 {
            throw .limit("the call was stopped while matching /\(pattern.prefix(64))/ (past its deadline or cancelled)")
        }
        throw .limit(
            "the regular expressions need more than the limit of \(steps) steps for \(scope); "
                + "make them simpler, anchor them, or narrow the query with other fields")
    }
}
