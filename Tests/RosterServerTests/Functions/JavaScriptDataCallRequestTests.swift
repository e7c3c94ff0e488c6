import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A JavaScript function's data call under the calling user's rules sees the client's request
/// in `%%request` (`remoteIPAddress`, `requestHeaders`, `httpReferrer`, `httpUserAgent`), as the
/// client's own data call does.
@Suite(.timeLimit(.minutes(2))) struct JavaScriptDataCallRequestTests {
    /// A role for the shop's counter: it applies to requests from the counter page of one
    /// kiosk, and reads only that kiosk's sales.
    static let counter = AppRole(
        name: "atTheCounter",
        applyWhen: [
            "%%request.httpReferrer": "https://shop.example/counter", "%%request.httpUserAgent": "KioskApp/2",
            "%%request.requestHeaders.X-Kiosk": ["$exists": true], "%%request.remoteIPAddress": "in-process",
        ],
        readFilter: ["kiosk": "%%request.requestHeaders.X-Kiosk"], read: true, write: true, insert: true)

    static let sell = """
        exports = async function(item) {
          const sales = context.services.get('mongodb-atlas').db('kiosk').collection('sales');
          await sales.insertOne({ kiosk: context.request.requestHeaders['X-Kiosk'][0], item });
          return (await sales.find({}).toArray()).map((s) => s.item);
        };
        """
    static let seed = """
        exports = async function() {
          await context.services.get('mongodb-atlas').db('kiosk').collection('sales').insertOne({ kiosk: 'k8', item: 'coffee' });
          return true;
        };
        """

    @Test func theRequestReachesTheRulesOfAFunctionsDataCall() async throws {
        var config = JavaScriptFunctionCallTests.config([
            "sell": FunctionConfig(source: Self.sell), "seed": FunctionConfig(source: Self.seed, runAsSystem: true),
        ])
        config.rules.append(DataRule(database: "kiosk", collection: "sales", roles: [Self.counter]))
        let t = try await TestServer.make(config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let seeded = await ann.call("seed")
        #expect(seeded.json == true, "\(String(decoding: seeded.body, as: UTF8.self))")
        let atTheCounter = ["referer": "https://shop.example/counter", "user-agent": "KioskApp/2", "x-kiosk": "k7"]

        let sold = await ann.call("sell", ["tea"], headers: atTheCounter)
        #expect(sold.status == 200 && sold.json == ["tea"], "\(String(decoding: sold.body, as: UTF8.self))")
        // Another kiosk reads its own sales only: the document filter reads the header.
        var otherKiosk = atTheCounter
        otherKiosk["x-kiosk"] = "k8"
        #expect(await ann.call("sell", ["cake"], headers: otherKiosk).json == ["coffee", "cake"])
        // From elsewhere no role applies: nothing is written or read.
        var elsewhere = atTheCounter
        elsewhere["referer"] = "https://elsewhere.example/"
        let refused = await ann.call("sell", ["scone"], headers: elsewhere)
        #expect(refused.status == 400 && refused.errorCode == "FunctionExecutionError", "\(String(decoding: refused.body, as: UTF8.self))")
        #expect(await ann.call("sell", ["bun"], headers: atTheCounter).json == ["tea", "bun"], "the refused sale was not written")
    }
}
