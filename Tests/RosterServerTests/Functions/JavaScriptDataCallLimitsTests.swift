import Foundation
import RosterDocuments
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A data call a JavaScript function makes has a data call's limits: its regular expressions draw
/// from the app's budget for one call (`regexStepsPerCall`), as a client's own call does. The
/// attack: a function handing a costly pattern to `find` matched each document against a budget
/// of its own, past the app's setting, however low the app had set it.
@Suite(.timeLimit(.minutes(2))) struct JavaScriptDataCallLimitsTests {
    @Test func aFunctionsRegularExpressionsDrawOnTheAppsBudgetForOneCall() async throws {
        let source = """
            exports = async function() {
              const notes = context.services.get('mongodb-atlas').db('kiosk').collection('notes');
              await notes.insertOne({ s: Array(700).fill('aaaaaaaaaaaaaaaaa!') });
              const clause = { s: { $regex: '^(a|a)*$' } };
              try { await notes.find({ $or: [clause, clause, clause, clause] }).toArray(); } catch (e) { return e.message; }
              return 'matched';
            };
            """
        var config = JavaScriptFunctionCallTests.config(["costly": FunctionConfig(source: source)])
        config.rules = [DataRule(database: "kiosk", collection: "notes", read: .all, write: .all), TestConfig.ownCustomData]
        config.maxDocumentBytes = 32768
        config.limits.regexStepsPerCall = 2_000_000
        let t = try await TestServer.make(config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let answer = await ann.call("costly")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        let message = answer.json?.stringValue ?? ""
        #expect(message.contains("limit of 2000000 steps for one call (regexStepsPerCall)"), "\(message)")
    }
}
