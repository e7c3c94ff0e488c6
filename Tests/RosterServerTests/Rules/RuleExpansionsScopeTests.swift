import RosterWire
import Testing
@testable import RosterServerCore

/// The scope a rule expression is evaluated in holds the request's expansions, made once per
/// request and kept current when they change (a function's `can_evaluate` drops `%%request.service`).
@Suite struct RuleExpansionsScopeTests {
    @Test func aScopeHoldsTheExpansionsAsTheyAreNow() throws {
        var expansions = RuleExpansions(user: ["id": "u1"], values: ["shop": "kiosk"], request: ["service": "mongodb-atlas", "action": "find"])
        let scope = expansions.scope(root: ["_id": 1], this: 2)
        #expect(scope["user"] == ["id": "u1"] && scope["values"] == ["shop": "kiosk"] && scope["true"] == true && scope["false"] == false)
        #expect(scope["root"] == ["_id": 1] && scope["this"] == 2 && scope["prevRoot"] == nil)
        expansions.request["service"] = nil
        #expect(expansions.scope()["request"] == ["action": "find"])
        expansions.user = ["id": "u2"]
        #expect(expansions.scope()["request"] == ["action": "find"] && expansions.scope()["user"] == ["id": "u2"])
        #expect(try RuleExpression.holds(["%%user.id": "u2", "%%request.action": "find"], in: expansions.scope()))
        expansions.values = ["shop": "till"]
        #expect(expansions.scope()["values"] == ["shop": "till"])
        expansions.environment = ["tag": "qa"]
        #expect(expansions.scope()["environment"] == ["tag": "qa"] && expansions.scope()["values"] == ["shop": "till"])
    }
}
