import RosterAppModel
import RosterWire
import Testing
@testable import RosterServerCore

/// Rule expressions and document filters beside the examples of App Services' documentation
/// ("apply when" expressions, expansions, `%or`/`%and`, `$in`/`$nin`/`$exists`), evaluated
/// without a server; and the expressions refused before they are served.
@Suite struct RuleExpressionTests {
    static let ann = RuleExpansions(
        user: [
            "id": "ann-id", "data": ["email": "ann@example.com"],
            "custom_data": ["role": "manager", "manages": ["bo@example.com", "cy@example.com"], "isAdmin": false],
            "identities": [["id": "x", "provider_type": "anon-user"]],
        ],
        values: ["adminIds": ["root-id", "ann-id"], "openHours": 9], request: ["remoteIPAddress": "10.0.0.7"])

    func holds(_ expression: JSONValue, root: JSONObject? = nil, prevRoot: JSONObject? = nil, this: JSONValue? = nil, prev: JSONValue? = nil)
        throws -> Bool
    {
        try RuleExpression.holds(expression, in: Self.ann.scope(root: root, prevRoot: prevRoot, this: this, prev: prev))
    }

    @Test func theOwnerExamplesMatchAFieldOrAnArrayHoldingTheUsersId() throws {
        #expect(try holds(["owner_id": "%%user.id"], root: ["owner_id": "ann-id"]))
        #expect(try !holds(["owner_id": "%%user.id"], root: ["owner_id": "bo-id"]))
        #expect(try !holds(["owner_id": "%%user.id"], root: [:]), "a missing field is not the user's")
        #expect(try holds(["collaborators": "%%user.id"], root: ["collaborators": ["bo-id", "ann-id"]]))
        #expect(try holds(["%%root.owner_id": "%%user.id"], root: ["owner_id": "ann-id"]))
        #expect(try holds(["%%user.id": "%%root.owner_id"], root: ["owner_id": "ann-id"]))
    }

    @Test func theEmailExamplesReadTheUsersData() throws {
        #expect(try holds(["%%user.data.email": ["%exists": true]]))
        #expect(try !holds(["%%user.data.phone": ["%exists": true]]))
        #expect(try holds(["%%user.data.phone": ["$exists": false]]))
        #expect(try holds(["%%user.data.email": "ann@example.com"]))
        #expect(try holds(["%%root.email": "%%user.data.email"], root: ["email": "ann@example.com"]))
        #expect(try holds(["emails": "%%user.data.email"], root: ["emails": ["x@example.com", "ann@example.com"]]))
    }

    @Test func theManagerExampleMatchesAnEmailInTheUsersCustomDataList() throws {
        #expect(try holds(["email": "%%user.custom_data.manages"], root: ["email": "cy@example.com"]))
        #expect(try !holds(["email": "%%user.custom_data.manages"], root: ["email": "dee@example.com"]))
        #expect(try holds(["%%user.custom_data.role": "manager"]))
        let noCustomData = RuleExpansions(user: ["id": "ann-id"])
        #expect(try !RuleExpression.holds(["%%user.custom_data.role": "manager"], in: noCustomData.scope()))
        #expect(try !RuleExpression.holds(["owner": "%%user.custom_data.shop"], in: noCustomData.scope(root: [:])),
            "an expansion with no value matches nothing, not a missing field")
    }

    @Test func orAndInNinCombineConditions() throws {
        let adminOrOwner: JSONValue = ["%or": [["%%user.custom_data.isAdmin": true], ["owner_id": "%%user.id"]]]
        #expect(try holds(adminOrOwner, root: ["owner_id": "ann-id"]))
        #expect(try !holds(adminOrOwner, root: ["owner_id": "bo-id"]))
        let managerAndOpen: JSONValue = ["%and": [["%%user.custom_data.role": "manager"], ["status": ["$in": ["open", "held"]]]]]
        #expect(try holds(managerAndOpen, root: ["status": "held"]))
        #expect(try !holds(managerAndOpen, root: ["status": "closed"]))
        #expect(try holds(["%%user.id": ["$in": "%%values.adminIds"]]))
        #expect(try !holds(["%%user.id": ["$nin": "%%values.adminIds"]]))
        #expect(try holds(["status": ["$nin": ["closed"]]], root: ["status": "open"]))
        #expect(try holds(["%%request.remoteIPAddress": ["$in": ["10.0.0.7", "10.0.0.8"]]]))
        #expect(try holds(["%%user.identities.provider_type": "anon-user"]))
    }

    @Test func trueFalseAndTheEmptyExpressionSayWhatTheyMean() throws {
        #expect(try holds(true) && !holds(false))
        #expect(try holds([:]), "{} applies always")
        #expect(try holds(["%%true": true]) && !holds(["%%false": true]))
    }

    @Test func thisAndPrevAreTheFieldAsWrittenAndAsItWas() throws {
        let onlyUp: JSONValue = ["%%this": ["$gt": "%%prev"]]
        #expect(try holds(onlyUp, this: 5, prev: 4))
        #expect(try !holds(onlyUp, this: 3, prev: 4))
        let fromDraft: JSONValue = ["%%prevRoot.status": "draft"]
        #expect(try holds(fromDraft, root: ["status": "sent"], prevRoot: ["status": "draft"]))
        #expect(try !holds(fromDraft, root: ["status": "draft"], prevRoot: ["status": "sent"]))
    }

    @Test func aDocumentFilterIsAQueryWithExpansionsInItsValues() throws {
        let scope = Self.ann.scope(root: ["owner": "ann-id", "size": 3])
        #expect(try RuleExpression.matches(filter: ["owner": "%%user.id"], in: scope))
        #expect(try RuleExpression.matches(filter: ["$or": [["owner": "bo-id"], ["size": ["$gte": 2]]]], in: scope))
        #expect(try !RuleExpression.matches(filter: ["size": ["$lt": "%%values.openHours"], "owner": "bo-id"], in: scope))
        #expect(try RuleExpression.matches(filter: nil, in: scope) && !RuleExpression.matches(filter: false, in: scope))
    }

    @Test func whatRosterDoesNotEvaluateIsRefusedWithItsKey() {
        #expect(throws: RuleExpression.Refusal(key: "%%true.%function", reason: "'%function' is not served in rule expressions (served: $eq, $exists, $gt, $gte, $in, $lt, $lte, $ne, $nin, each also written with %)")) {
            try RuleExpression.check(["%%true": ["%function": ["name": "isAuthorizedUser", "arguments": ["%%user.id"]]]])
        }
        #expect(throws: RuleExpression.Refusal.self) { try RuleExpression.check(["%%partition": "x"]) }
        #expect(throws: RuleExpression.Refusal.self) { try RuleExpression.check(["$or": [["a": 1]]]) }
        #expect(throws: RuleExpression.Refusal.self) { try RuleExpression.check("yes") }
        #expect(throws: Never.self) { try RuleExpression.check(["$or": [["a": "%%user.id"]]], filter: true) }
    }

    @Test func expressionsPastTheBudgetsAreRefused() {
        var deep: JSONValue = ["a": 1]
        for _ in 0..<RuleExpression.maximumDepth { deep = ["%and": [deep]] }
        #expect(throws: RuleExpression.Refusal(key: "", reason: "is nested deeper than 16 levels")) { try RuleExpression.check(deep) }
        let wide = JSONValue.object(JSONObject((0...RuleExpression.maximumValues).map { ("f\($0)", JSONValue.int(1)) }))
        #expect(throws: RuleExpression.Refusal(key: "", reason: "holds more than 1024 values")) { try RuleExpression.check(wide) }
        let roles = [AppRole(name: "r", applyWhen: deep)]
        #expect(RoleCheck.refusal(roles)?.key == "0.apply_when")
    }
}
