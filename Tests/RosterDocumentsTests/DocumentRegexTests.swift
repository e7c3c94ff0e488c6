import RosterWire
import Testing
@testable import RosterDocuments

/// `$regex` runs on PCRE2, MongoDB's own engine, with every match bounded. The attack: a pattern
/// that backtracks without end (`^(a+)+$` against a long run of `a` and one `b`) held a database
/// connection for a minute a request on a backtracking engine without limits, and six such
/// requests stopped other users' log-ins.
@Suite struct DocumentRegexTests {
    private func matches(_ pattern: String, _ options: String = "", _ text: String) throws(DocumentError) -> Bool {
        try DocumentRegex(pattern: pattern, options: options, path: "f").matches(.string(text))
    }

    @Test(arguments: [
        ("^(a+)+$", String(repeating: "a", count: 40) + "b"),
        ("^(a|aa)+$", String(repeating: "a", count: 60) + "b"),
        ("^(\\w+\\s?)*$", String(repeating: "word ", count: 30) + "!"),
        ("(.*a){20}", String(repeating: "a", count: 40) + "b"),
    ])
    func aRunawayMatchIsRefusedNamingItsLimit(pattern: String, text: String) throws {
        do {
            _ = try matches(pattern, "", text)
            Issue.record("/\(pattern)/ finished without reaching a limit")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message.contains("limit of \(DocumentRegex.matchLimit) steps"), "\(error.message)")
        }
    }

    /// The pattern of the report, over 250 characters: PCRE2 sees that no `!` is in the text
    /// and answers no match at once, without a step.
    @Test func theReportedPatternFinishes() throws {
        let text = String(repeating: "a", count: 250)
        let budget = RegexBudget()
        let matched = try RegexBudget.$current.withValue(budget) { try matches("a*a*a*a*!", "", text) }
        #expect(!matched)
        #expect(budget.used == 0, "\(budget.used) steps")
    }

    /// Through a query, the refusal stops the whole match: never taken for "no match".
    @Test func aQueryWithARunawayRegexIsRefused() throws {
        let query = try DocumentQuery.parse(["name": ["$regex": "^(a+)+$"]])
        #expect(throws: DocumentError.self) { try query.matches(["name": .string(String(repeating: "a", count: 40) + "b")]) }
        #expect(throws: DocumentError.self) { try query.matches(["name": ["ok", .string(String(repeating: "a", count: 40) + "b")]]) }
        #expect(try query.matches(["name": "aaa"]))
    }

    /// MongoDB's dialect: PCRE's syntax, UTF-8, and the options i, m, s, x, u.
    @Test func theDialectIsPCREs() throws {
        #expect(try matches("^.$", "", "é"), "a character, not a byte")
        #expect(try matches("^ÉCOLE$", "i", "école"))
        #expect(try matches("(?<=a)b", "", "ab") && !(try matches("(?<=a)b", "", "cb")))
        #expect(try matches("^a++b", "", "aab"))
        #expect(try matches("(?<year>\\d{4})-\\k<year>", "", "2024-2024"))
        #expect(try matches("(?i)joe", "", "JOE"))
        #expect(try matches("^b", "m", "a\nb") && !(try matches("^b", "", "a\nb")))
        #expect(try matches("a.b", "s", "a\nb") && !(try matches("a.b", "", "a\nb")))
        #expect(try matches("a b # a comment", "x", "ab"))
        #expect(try matches("^\\w+$", "u", "naïve") && !(try matches("^\\w+$", "", "naïve")))
        #expect(try matches("^\\p{Lu}", "", "Émile"))
        #expect(try matches("", "", ""))
        #expect(throws: DocumentError.self) { try DocumentRegex(pattern: "(", options: "", path: "f") }
        #expect(throws: DocumentError.self) { try DocumentRegex(pattern: "a", options: "g", path: "f") }
        #expect(throws: DocumentError.self) {
            try DocumentRegex(pattern: String(repeating: "a", count: DocumentRegex.maximumPatternBytes + 1), options: "", path: "f")
        }
    }
}
