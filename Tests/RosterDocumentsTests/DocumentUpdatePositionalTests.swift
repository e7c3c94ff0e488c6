import RosterDocuments
import RosterWire
import Testing

/// The positional operators `$`, `$[]` and `$[<identifier>]`, with the examples of MongoDB's
/// manual pages.
@Suite struct DocumentUpdatePositionalTests {
    // $ (update), "Update Values in an Array".
    @Test func positionalSetsTheMatchedElement() throws {
        #expect(try UpdateFixture.apply(["$set": ["grades.$": 82]], to: ["_id": 1, "grades": [85, 80, 80]], query: ["_id": 1, "grades": 80])
            == ["_id": 1, "grades": [85, 82, 80]])
    }

    // $ (update), "Update Documents in an Array".
    @Test func positionalReachesIntoTheMatchedDocument() throws {
        let student: JSONValue = ["_id": 4, "grades": [
            ["grade": 80, "mean": 75, "std": 8], ["grade": 85, "mean": 90, "std": 5], ["grade": 85, "mean": 85, "std": 8],
        ]]
        #expect(try UpdateFixture.apply(["$set": ["grades.$.std": 6]], to: student, query: ["_id": 4, "grades.grade": 85])
            == ["_id": 4, "grades": [
                ["grade": 80, "mean": 75, "std": 8], ["grade": 85, "mean": 90, "std": 6], ["grade": 85, "mean": 85, "std": 8],
            ]])
    }

    // $ (update), "Update Embedded Documents Using Multiple Field Matches".
    @Test func positionalWithElemMatch() throws {
        let student: JSONValue = ["_id": 5, "grades": [
            ["grade": 80, "mean": 75, "std": 8], ["grade": 85, "mean": 90, "std": 5], ["grade": 90, "mean": 85, "std": 3],
        ]]
        let query: JSONValue = ["_id": 5, "grades": ["$elemMatch": ["grade": ["$lte": 90], "mean": ["$gt": 80]]]]
        #expect(try UpdateFixture.apply(["$set": ["grades.$.std": 6]], to: student, query: query)
            == ["_id": 5, "grades": [
                ["grade": 80, "mean": 75, "std": 8], ["grade": 85, "mean": 90, "std": 6], ["grade": 90, "mean": 85, "std": 3],
            ]])
    }

    // $ (update): without a query condition on the array, or when upserting, there is no match.
    @Test func positionalNeedsAMatch() throws {
        let refused = "The positional operator did not find the match needed from the query."
        #expect(UpdateFixture.refusal(["$set": ["grades.$": 82]], on: ["_id": 1, "grades": [85, 80]], query: ["_id": 1]) == refused)
        #expect(UpdateFixture.refusal(["$set": ["grades.$": 82]], on: ["grades": 80], query: ["grades": 80], inserting: true) == refused)
        // $ and a numeric path naming the same element write one place twice.
        #expect(UpdateFixture.refusal(["$set": ["grades.$": 1, "grades.1": 2]], on: ["grades": [85, 80]], query: ["grades": 80])
            == "Update created a conflict at 'grades.1'")
        #expect(try UpdateFixture.apply(["$set": ["grades.$.a": 1, "grades.1.b": 2]], to: ["grades": [["x": 85], ["x": 80]]], query: ["grades.x": 80])
            == ["grades": [["x": 85], ["x": 80, "a": 1, "b": 2]]])
    }

    // $[], "Update All Elements in an Array" and "Update All Documents in an Array".
    @Test func allPositionalUpdatesEveryElement() throws {
        #expect(try UpdateFixture.apply(["$inc": ["grades.$[]": 10]], to: ["_id": 1, "grades": [85, 82, 80]]) == ["_id": 1, "grades": [95, 92, 90]])
        let student: JSONValue = ["_id": 1, "grades": [
            ["grade": 80, "mean": 75, "std": 8], ["grade": 85, "mean": 90, "std": 6], ["grade": 85, "mean": 85, "std": 8],
        ]]
        #expect(try UpdateFixture.apply(["$inc": ["grades.$[].std": -2]], to: student) == ["_id": 1, "grades": [
            ["grade": 80, "mean": 75, "std": 6], ["grade": 85, "mean": 90, "std": 4], ["grade": 85, "mean": 85, "std": 6],
        ]])
        #expect(try UpdateFixture.apply(["$unset": ["a.$[]": ""]], to: ["a": [1, 2]]) == ["a": [nil, nil]])
    }

    // $[], "upsert": the array must be in the document the query's equalities make.
    @Test func allPositionalWhenUpserting() throws {
        #expect(try UpdateFixture.apply(["$set": ["myArray.$[]": 10]], to: ["myArray": [5, 8]], query: ["myArray": [5, 8]], inserting: true)
            == ["myArray": [10, 10]])
        #expect(UpdateFixture.refusal(["$set": ["myArray.$[]": 10]], on: [:], inserting: true)
            == "the path 'myArray' must exist in the document in order to apply array updates")
        #expect(UpdateFixture.refusal(["$set": ["myArray.$[]": 10]], on: ["myArray": 5])
            == "cannot apply array updates to 'myArray', which is not an array (int)")
    }

    // $[<identifier>], "Update All Array Elements That Match arrayFilters".
    @Test func filteredPositionalUpdatesMatchingElements() throws {
        let update: JSONValue = ["$set": ["grades.$[element]": 100]]
        let filters: JSONValue = [["element": ["$gte": 100]]]
        #expect(try UpdateFixture.apply(update, to: ["_id": 1, "grades": [95, 92, 90]], arrayFilters: filters) == ["_id": 1, "grades": [95, 92, 90]])
        #expect(try UpdateFixture.apply(update, to: ["_id": 2, "grades": [98, 100, 102]], arrayFilters: filters) == ["_id": 2, "grades": [98, 100, 100]])
        #expect(try UpdateFixture.apply(update, to: ["_id": 3, "grades": [95, 110, 100]], arrayFilters: filters) == ["_id": 3, "grades": [95, 100, 100]])
    }

    // $[<identifier>], "Update All Documents That Match arrayFilters in an Array".
    @Test func filteredPositionalOnDocuments() throws {
        let update: JSONValue = ["$set": ["grades.$[elem].mean": 100]]
        let filters: JSONValue = [["elem.grade": ["$gte": 85]]]
        let first: JSONValue = ["_id": 1, "grades": [
            ["grade": 80, "mean": 75, "std": 6], ["grade": 85, "mean": 90, "std": 4], ["grade": 85, "mean": 85, "std": 6],
        ]]
        #expect(try UpdateFixture.apply(update, to: first, arrayFilters: filters) == ["_id": 1, "grades": [
            ["grade": 80, "mean": 75, "std": 6], ["grade": 85, "mean": 100, "std": 4], ["grade": 85, "mean": 100, "std": 6],
        ]])
        let second: JSONValue = ["_id": 2, "grades": [
            ["grade": 90, "mean": 75, "std": 6], ["grade": 87, "mean": 90, "std": 3], ["grade": 85, "mean": 85, "std": 4],
        ]]
        #expect(try UpdateFixture.apply(update, to: second, arrayFilters: filters) == ["_id": 2, "grades": [
            ["grade": 90, "mean": 100, "std": 6], ["grade": 87, "mean": 100, "std": 3], ["grade": 85, "mean": 100, "std": 4],
        ]])
    }

    // $[<identifier>], "Update All Array Elements that Match Multiple Conditions".
    @Test func filteredPositionalWithSeveralConditions() throws {
        let student: JSONValue = ["_id": 3, "grades": [
            ["grade": 80, "mean": 75, "std": 6], ["grade": 85, "mean": 100, "std": 4], ["grade": 85, "mean": 100, "std": 6],
        ]]
        #expect(try UpdateFixture.apply(
            ["$inc": ["grades.$[elem].std": -1]], to: student, arrayFilters: [["elem.grade": ["$gte": 80], "elem.std": ["$gt": 5]]])
            == ["_id": 3, "grades": [
                ["grade": 80, "mean": 75, "std": 5], ["grade": 85, "mean": 100, "std": 4], ["grade": 85, "mean": 100, "std": 5],
            ]])
    }

    // $[<identifier>], "Update Array Elements Using a Negation Operator".
    @Test func filteredPositionalWithANegation() throws {
        let update: JSONValue = ["$set": ["degrees.$[degree].gradcampaign": 1]]
        let filters: JSONValue = [["degree.level": ["$ne": "Bachelor"]]]
        #expect(try UpdateFixture.apply(update, to: ["_id": 1, "name": "Christine Franklin", "degrees": [["level": "Master"], ["level": "Bachelor"]]], arrayFilters: filters)
            == ["_id": 1, "name": "Christine Franklin", "degrees": [["level": "Master", "gradcampaign": 1], ["level": "Bachelor"]]])
        let other: JSONValue = ["_id": 2, "name": "Reyansh Sengupta", "degrees": [["level": "Bachelor"]]]
        #expect(try UpdateFixture.apply(update, to: other, arrayFilters: filters) == other)
    }

    // $[<identifier>], "Update Nested Arrays in Conjunction with $[]".
    @Test func nestedArraysWithAllAndFilteredPositional() throws {
        let student: JSONValue = ["_id": 1, "grades": [
            ["type": "quiz", "questions": [10, 8, 5]], ["type": "quiz", "questions": [8, 9, 6]],
            ["type": "hw", "questions": [5, 4, 3]], ["type": "exam", "questions": [25, 10, 23, 0]],
        ]]
        #expect(try UpdateFixture.apply(["$inc": ["grades.$[].questions.$[score]": 2]], to: student, arrayFilters: [["score": ["$gte": 8]]])
            == ["_id": 1, "grades": [
                ["type": "quiz", "questions": [12, 10, 5]], ["type": "quiz", "questions": [10, 11, 6]],
                ["type": "hw", "questions": [5, 4, 3]], ["type": "exam", "questions": [27, 12, 25, 0]],
            ]])
        // Two filters over two levels of arrays.
        #expect(try UpdateFixture.apply(
            ["$set": ["grades.$[t].questions.$[q]": 0]], to: student, arrayFilters: [["t.type": "quiz"], ["q": ["$lt": 9]]])
            == ["_id": 1, "grades": [
                ["type": "quiz", "questions": [10, 0, 0]], ["type": "quiz", "questions": [0, 9, 0]],
                ["type": "hw", "questions": [5, 4, 3]], ["type": "exam", "questions": [25, 10, 23, 0]],
            ]])
    }

    // $[<identifier>], "upsert".
    @Test func filteredPositionalWhenUpserting() throws {
        #expect(try UpdateFixture.apply(
            ["$set": ["myArray.$[element]": 2]], to: ["myArray": [0, 1]], query: ["myArray": [0, 1]], arrayFilters: [["element": 0]], inserting: true)
            == ["myArray": [2, 1]])
    }

    // $[<identifier>]: elements two filters both match are one place written twice; different
    // fields of them are not.
    @Test func overlappingFilters() throws {
        let filters: JSONValue = [["x": ["$gte": 100]], ["y": ["$lte": 150]]]
        #expect(try UpdateFixture.apply(["$set": ["a.$[x].big": true, "a.$[y].small": true]], to: ["a": [["v": 50], ["v": 120], ["v": 200]]],
                                        arrayFilters: [["x.v": ["$gte": 100]], ["y.v": ["$lte": 150]]])
            == ["a": [["v": 50, "small": true], ["v": 120, "big": true, "small": true], ["v": 200, "big": true]]])
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 0, "a.$[y]": 1]], on: ["a": [50, 120, 200]], arrayFilters: filters)
            == "Update created a conflict at 'a.1'")
    }
}
