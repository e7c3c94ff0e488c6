import RosterWire
import Testing
@testable import RosterDocuments

/// One budget of regular expression steps for a whole call, however its matches are spread: the
/// attack was a document of 700 strings `"aaaaaaaaaaaaaaaaa!"` and `^(a|a)*$`, each match under
/// PCRE2's own limit and all of them together 5.5 s of one `find` (an `$or` of four: 25 s,
/// past the call's deadline, which was looked at only between documents).
@Suite(.timeLimit(.minutes(1))) struct RegexBudgetTests {
    static let backtracking = "^(a|a)*$"
    /// 700 strings on which each match of `backtracking` stays under PCRE2's limit.
    static let document: JSONValue = ["s": .array(Array(repeating: "aaaaaaaaaaaaaaaaa!", count: 700))]

    private func expectBudgetSpent(_ query: DocumentQuery, _ document: JSONValue, _ budget: RegexBudget) {
        do {
            let matched = try query.matches(document, within: budget)
            Issue.record("the call finished within its budget: \(matched)")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message.contains("limit of \(budget.steps) steps for \(budget.scope)"), "\(error.message)")
            #expect(budget.used == budget.steps, "refused once spent, not before")
        }
    }

    @Test func oneStringAloneStaysUnderTheLimitOfOneMatch() throws {
        let query = try DocumentQuery.parse(["s": ["$regex": .string(Self.backtracking)]])
        let budget = RegexBudget()
        #expect(try !query.matches(["s": "aaaaaaaaaaaaaaaaa!"], within: budget))
        #expect(budget.used > 100_000 && budget.used < RegexBudget.defaultSteps, "\(budget.used) steps")
    }

    @Test func theSevenHundredStringDocumentSpendsTheCallsBudget() throws {
        let query = try DocumentQuery.parse(["s": ["$regex": .string(Self.backtracking)]])
        expectBudgetSpent(query, Self.document, RegexBudget())
    }

    @Test func anOrOfFourSuchClausesSpendsTheSameBudget() throws {
        let clause: JSONValue = ["s": ["$regex": .string(Self.backtracking)]]
        let query = try DocumentQuery.parse(["$or": [clause, clause, clause, clause]])
        expectBudgetSpent(query, Self.document, RegexBudget())
    }

    /// A change stream's filter has a budget for each event: a three-clause `$or` ends as
    /// refused within it (which the stream takes as no match).
    @Test func aChangeEventsFilterSpendsTheEventsBudget() throws {
        let clause: JSONValue = ["fullDocument.s": ["$regex": .string(Self.backtracking)]]
        let query = try DocumentQuery.parse(["$or": [clause, clause, clause]])
        let event: JSONValue = ["operationType": "insert", "fullDocument": Self.document]
        expectBudgetSpent(query, event, RegexBudget(steps: RegexBudget.defaultEventSteps, scope: "one change event"))
    }

    /// Per call, not per match: documents that each pass alone are refused together once their
    /// steps add up past the call's budget.
    @Test func theBudgetIsTheSumOverTheCallsDocuments() throws {
        let query = try DocumentQuery.parse(["s": ["$regex": .string(Self.backtracking)]])
        let documents: [JSONValue] = Array(repeating: ["s": "aaaaaaaaaaaaaaaa!"], count: 10)
        let steps = 4_000_000
        for document in documents { #expect(try !query.matches(document, within: RegexBudget(steps: steps))) }
        let call = RegexBudget(steps: steps)
        var passed = 0
        do {
            for document in documents where try !query.matches(document, within: call) { passed += 1 }
            Issue.record("ten documents finished within one call's budget")
        } catch {
            #expect(error.kind == .limit && error.message.contains("limit of \(steps) steps"), "\(error.message)")
        }
        #expect(passed >= 2 && passed < documents.count, "\(passed) documents before the budget was spent")
    }

    /// The budget bound for the running call (`RegexBudget.current`) is the one every query
    /// of it draws from.
    @Test func aQueryDrawsFromTheBudgetBoundForTheCall() throws {
        let query = try DocumentQuery.parse(["s": ["$regex": .string(Self.backtracking)]])
        let call = RegexBudget(steps: 2_000_000)
        let outcome = RegexBudget.$current.withValue(call) {
            Result { () throws(DocumentError) -> [Bool] in
                try (0..<10).map { _ throws(DocumentError) in try query.matches(["s": "aaaaaaaaaaaaaaaa!"]) }
            }
        }
        #expect(throws: DocumentError.self) { try outcome.get() }
        #expect(call.used == call.steps)
    }

    /// The call's task is looked at inside the match: a call stopped (past its deadline, or its
    /// client gone) ends within a few thousand steps, not when the match would have.
    @Test func aStoppedCallStopsInsideTheMatch() async throws {
        let query = try DocumentQuery.parse(["s": ["$regex": .string(Self.backtracking)]])
        let budget = RegexBudget(steps: 1_000_000_000)
        let outcome = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return Result { () throws(DocumentError) in try query.matches(Self.document, within: budget) }
        }.value
        #expect(throws: DocumentError.self) { try outcome.get() }
        if case .failure(let error) = outcome { #expect(error.message.contains("stopped"), "\(error.message)") }
        #expect(budget.used <= Int(RegexBudget.checkEvery), "\(budget.used) steps after the call was stopped")
    }

    /// A query holds at most 32 regular expressions, counted wherever they are; past that it is
    /// refused when read, before any document is matched.
    @Test func aQueryWithTooManyRegularExpressionsIsRefusedWhenRead() throws {
        let clause: JSONValue = ["s": ["$regex": "^a"]]
        let most = DocumentQuery.maximumRegexes
        _ = try DocumentQuery.parse(["$or": .array(Array(repeating: clause, count: most))])
        let wide: [JSONValue] = [
            ["$or": .array(Array(repeating: clause, count: most + 1))],
            ["s": ["$in": .array(Array(repeating: ["$regularExpression": ["pattern": "^a", "options": ""]], count: most + 1))]],
            ["$and": [["$or": .array(Array(repeating: clause, count: most))], ["t": ["$not": ["$regularExpression": ["pattern": "b", "options": ""]]]]]],
        ]
        for query in wide {
            do {
                _ = try DocumentQuery.parse(query)
                Issue.record("a query of \(most + 1) regular expressions was read")
            } catch {
                #expect(error.kind == .limit)
                #expect(error.message == "the query holds \(most + 1) regular expressions; at most \(most) are allowed in one query")
            }
        }
    }

    /// A query with no regular expression makes no budget and takes no steps.
    @Test func aQueryWithoutRegularExpressionsTakesNoSteps() throws {
        let budget = RegexBudget(steps: 1)
        #expect(try DocumentQuery.parse(["s": "x"]).matches(["s": "x"], within: budget))
        #expect(budget.used == 0)
    }
}
