import Foundation
import Testing
@testable import RosterServerCore

/// What a document write puts in its row besides the body, without a store.
@Suite struct DocumentWriteRuleTests {
    func record(_ id: String, _ body: String, owner: String? = nil) -> DocumentRecord {
        DocumentRecord(appId: "app", database: "db", collection: "people", id: id, body: body, owner: owner)
    }

    @Test func theOwnerIsTheOwnerFieldsStringValue() {
        #expect(DocumentWriteRule.owner(of: #"{"userId":"u1"}"#, field: "userId") == "u1")
        #expect(DocumentWriteRule.owner(of: #"{"userId":7}"#, field: "userId") == nil)
        #expect(DocumentWriteRule.owner(of: #"{"other":"u1"}"#, field: "userId") == nil)
        #expect(DocumentWriteRule.owner(of: #"{"userId":"u1"}"#, field: nil) == nil)
        #expect(DocumentWriteRule.owner(of: "not json", field: "userId") == nil)
    }

    @Test func aWrittenRecordTakesTheOwnerOfItsBody() {
        let written = DocumentWriteRule.owned(record("a", #"{"_id":"a","userId":"u1"}"#, owner: "stale"), ownerField: "userId")
        #expect(written.owner == "u1")
        #expect(DocumentWriteRule.owned(record("a", #"{"_id":"a"}"#, owner: "stale"), ownerField: "userId").owner == nil)
    }

    @Test func aReplacementKeepsTheExistingIdAndTakesTheNewBody() {
        let existing = record("p1", #"{"_id":"p1","userId":"u1"}"#, owner: "u1")
        let new = record("ignored", #"{"_id":"ignored","userId":"u2","n":1}"#)
        let body = DocumentKey.body(new.body, keeping: "p1")
        #expect(DocumentWriteRule.replacement(of: existing, with: new, ownerField: "userId")
            == .update(record("p1", body, owner: "u2")))
    }

    @Test func withNothingToReplaceTheRecordIsInserted() {
        let new = record("n1", #"{"_id":"n1","userId":"u2"}"#)
        #expect(DocumentWriteRule.replacement(of: nil, with: new, ownerField: "userId") == .insert(record("n1", new.body, owner: "u2")))
    }
}
