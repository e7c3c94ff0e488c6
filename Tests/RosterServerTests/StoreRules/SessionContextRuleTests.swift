import Testing
@testable import RosterServerCore

/// Where the custom data document of a token-bearing request comes from, without a store.
@Suite struct SessionContextRuleTests {
    let selector = DocumentSelector(appId: "app", database: "db", collection: "people", field: "userId", value: "u")

    @Test func theOwnerFieldsDocumentIsTheJoinedOne() {
        #expect(SessionContextRule.customData(selector, sessionAppId: "app", ownerField: "userId") == .joined)
    }

    @Test func anotherFieldOrNoneRecordedIsLookedUp() {
        #expect(SessionContextRule.customData(selector, sessionAppId: "app", ownerField: "team") == .lookedUp)
        #expect(SessionContextRule.customData(selector, sessionAppId: "app", ownerField: nil) == .lookedUp)
    }

    @Test func noSelectorOrOneOfAnotherAppReadsNothing() {
        #expect(SessionContextRule.customData(nil, sessionAppId: "app", ownerField: "userId") == .noDocument)
        #expect(SessionContextRule.customData(selector, sessionAppId: "other", ownerField: "userId") == .noDocument)
    }
}
