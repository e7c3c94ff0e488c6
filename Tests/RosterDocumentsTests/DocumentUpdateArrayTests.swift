import RosterDocuments
import RosterWire
import Testing

/// The array update operators, with the examples of MongoDB's manual pages.
@Suite struct DocumentUpdateArrayTests {
    // $push, "Append a Value to an Array" and "Append Multiple Values to an Array".
    @Test func pushAppends() throws {
        let student: JSONValue = ["_id": 1, "scores": [44, 78, 38, 80]]
        #expect(try UpdateFixture.apply(["$push": ["scores": 89]], to: student) == ["_id": 1, "scores": [44, 78, 38, 80, 89]])
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [90, 92, 85]]]], to: student)
            == ["_id": 1, "scores": [44, 78, 38, 80, 90, 92, 85]])
        // An array pushed without $each is one element; a missing field becomes an array.
        #expect(try UpdateFixture.apply(["$push": ["scores": [1, 2], "new": "x"]], to: student)
            == ["_id": 1, "scores": [44, 78, 38, 80, [1, 2]], "new": ["x"]])
    }

    // $push, "Use $push Operator with Multiple Modifiers".
    @Test func pushWithEachSortAndSlice() throws {
        let result = try UpdateFixture.apply(
            ["$push": ["quizzes": ["$each": [["wk": 5, "score": 8], ["wk": 6, "score": 7], ["wk": 7, "score": 6]], "$sort": ["score": -1], "$slice": 3]]],
            to: ["_id": 5, "quizzes": [["wk": 1, "score": 10], ["wk": 2, "score": 8], ["wk": 3, "score": 5], ["wk": 4, "score": 6]]])
        #expect(result == ["_id": 5, "quizzes": [["wk": 1, "score": 10], ["wk": 2, "score": 8], ["wk": 5, "score": 8]]])
    }

    // $position, "Add Elements at the Start of the Array", "Add Elements to the Middle of the
    // Array" and "Use a Negative Array Index (Position) to Add Elements to the Array".
    @Test func pushAtAPosition() throws {
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [50, 60, 70], "$position": 0]]], to: ["_id": 1, "scores": [100]])
            == ["_id": 1, "scores": [50, 60, 70, 100]])
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [20, 30], "$position": 2]]], to: ["_id": 2, "scores": [50, 60, 70, 100]])
            == ["_id": 2, "scores": [50, 60, 20, 30, 70, 100]])
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [90, 80], "$position": -2]]], to: ["_id": 3, "scores": [50, 60, 20, 30, 70, 100]])
            == ["_id": 3, "scores": [50, 60, 20, 30, 90, 80, 70, 100]])
        // Past either end: the end, or the start.
        #expect(try UpdateFixture.apply(["$push": ["s": ["$each": [9], "$position": 10]]], to: ["s": [1, 2]]) == ["s": [1, 2, 9]])
        #expect(try UpdateFixture.apply(["$push": ["s": ["$each": [9], "$position": -10]]], to: ["s": [1, 2]]) == ["s": [9, 1, 2]])
    }

    // $slice, "Slice from the End of the Array", "Slice from the Front of the Array" and
    // "Update Array Using Slice Only".
    @Test func pushWithSlice() throws {
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [80, 78, 86], "$slice": -5]]], to: ["_id": 1, "scores": [40, 50, 60]])
            == ["_id": 1, "scores": [50, 60, 80, 78, 86]])
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [100, 20], "$slice": 3]]], to: ["_id": 2, "scores": [89, 90]])
            == ["_id": 2, "scores": [89, 90, 100]])
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [], "$slice": -3]]], to: ["_id": 3, "scores": [89, 70, 100, 20]])
            == ["_id": 3, "scores": [70, 100, 20]])
        #expect(try UpdateFixture.apply(["$push": ["scores": ["$each": [1], "$slice": 0]]], to: ["scores": [2]]) == ["scores": []])
    }

    // $sort, "Sort Array of Documents by a Field in the Documents", "Sort Array Elements That
    // Are Not Documents" and "Update Array Using Sort Only".
    @Test func pushWithSort() throws {
        let quizzes = try UpdateFixture.apply(
            ["$push": ["quizzes": ["$each": [["id": 3, "score": 8], ["id": 4, "score": 7], ["id": 5, "score": 6]], "$sort": ["score": 1]]]],
            to: ["_id": 1, "quizzes": [["id": 1, "score": 6], ["id": 2, "score": 9]]])
        #expect(quizzes == ["_id": 1, "quizzes": [
            ["id": 1, "score": 6], ["id": 5, "score": 6], ["id": 4, "score": 7], ["id": 3, "score": 8], ["id": 2, "score": 9],
        ]])
        #expect(try UpdateFixture.apply(["$push": ["tests": ["$each": [40, 60], "$sort": 1]]], to: ["_id": 2, "tests": [89, 70, 89, 50]])
            == ["_id": 2, "tests": [40, 50, 60, 70, 89, 89]])
        #expect(try UpdateFixture.apply(["$push": ["tests": ["$each": [], "$sort": -1]]], to: ["_id": 3, "tests": [89, 70, 100, 20]])
            == ["_id": 3, "tests": [100, 89, 70, 20]])
        // Elements without the field (or not documents) sort as null; values of mixed types in MongoDB's order.
        #expect(try UpdateFixture.apply(["$push": ["a": ["$each": [], "$sort": ["k": 1]]]], to: ["a": [["k": 2], 5, ["j": 1], ["k": "s"]]])
            == ["a": [5, ["j": 1], ["k": 2], ["k": "s"]]])
    }

    // $addToSet, "Value to Add is An Array", "Value to Add is a Document"/"Example" and
    // "$each Modifier".
    @Test func addToSetAddsMissingValues() throws {
        #expect(try UpdateFixture.apply(["$addToSet": ["letters": ["c", "d"]]], to: ["_id": 1, "letters": ["a", "b"]])
            == ["_id": 1, "letters": ["a", "b", ["c", "d"]]])
        let filter: JSONValue = ["_id": 1, "item": "polarizing_filter", "tags": ["electronics", "camera"]]
        #expect(try UpdateFixture.apply(["$addToSet": ["tags": "accessories"]], to: filter)["tags"] == ["electronics", "camera", "accessories"])
        #expect(try UpdateFixture.apply(["$addToSet": ["tags": "camera"]], to: filter) == filter)
        #expect(try UpdateFixture.apply(
            ["$addToSet": ["tags": ["$each": ["camera", "electronics", "accessories"]]]],
            to: ["_id": 2, "item": "cable", "tags": ["electronics", "supplies"]])
            == ["_id": 2, "item": "cable", "tags": ["electronics", "supplies", "camera", "accessories"]])
        // Numbers compare by value; a value given twice goes in once; a missing field is made.
        #expect(try UpdateFixture.apply(["$addToSet": ["n": ["$each": [1.0, 2, 2]], "m": 3]], to: ["n": [1]]) == ["n": [1, 2], "m": [3]])
    }

    // $pull, "Remove All Items That Equal a Specified Value".
    @Test func pullRemovesValuesAndValuesMeetingAnOperator() throws {
        let store: JSONValue = [
            "_id": 1, "fruits": ["apples", "pears", "oranges", "grapes", "bananas"], "vegetables": ["carrots", "celery", "squash", "carrots"],
        ]
        #expect(try UpdateFixture.apply(["$pull": ["fruits": ["$in": ["apples", "oranges"]], "vegetables": "carrots"]], to: store)
            == ["_id": 1, "fruits": ["pears", "grapes", "bananas"], "vegetables": ["celery", "squash"]])
    }

    // $pull, "Remove All Items That Match a Specified $pull Condition".
    @Test func pullWithACondition() throws {
        #expect(try UpdateFixture.apply(["$pull": ["votes": ["$gte": 6]]], to: ["_id": 1, "votes": [3, 5, 6, 7, 7, 8]]) == ["_id": 1, "votes": [3, 5]])
    }

    // $pull, "Remove Items from an Array of Documents".
    @Test func pullDocumentsMatchingAQuery() throws {
        let update: JSONValue = ["$pull": ["results": ["score": 8, "item": "B"]]]
        #expect(try UpdateFixture.apply(update, to: ["_id": 1, "results": [["item": "A", "score": 5], ["item": "B", "score": 8]]])
            == ["_id": 1, "results": [["item": "A", "score": 5]]])
        let other: JSONValue = ["_id": 2, "results": [["item": "C", "score": 8], ["item": "B", "score": 4]]]
        #expect(try UpdateFixture.apply(update, to: other) == other)
        // The query matches documents holding more fields; values that are not documents never match.
        #expect(try UpdateFixture.apply(["$pull": ["a": ["x": 1]]], to: ["a": [["x": 1, "y": 2], ["x": 2], 1, "x"]]) == ["a": [["x": 2], 1, "x"]])
    }

    // $pull, "Remove Documents from Nested Arrays".
    @Test func pullWithElemMatchOnNestedArrays() throws {
        let update: JSONValue = ["$pull": ["results": ["answers": ["$elemMatch": ["q": 2, "a": ["$gte": 8]]]]]]
        let first: JSONValue = ["_id": 1, "results": [
            ["item": "A", "score": 5, "answers": [["q": 1, "a": 4], ["q": 2, "a": 6]]],
            ["item": "B", "score": 8, "answers": [["q": 1, "a": 8], ["q": 2, "a": 9]]],
        ]]
        #expect(try UpdateFixture.apply(update, to: first) == ["_id": 1, "results": [
            ["item": "A", "score": 5, "answers": [["q": 1, "a": 4], ["q": 2, "a": 6]]],
        ]])
        let second: JSONValue = ["_id": 2, "results": [
            ["item": "C", "score": 8, "answers": [["q": 1, "a": 8], ["q": 2, "a": 7]]],
            ["item": "B", "score": 4, "answers": [["q": 1, "a": 0], ["q": 2, "a": 8]]],
        ]]
        #expect(try UpdateFixture.apply(update, to: second) == ["_id": 2, "results": [
            ["item": "C", "score": 8, "answers": [["q": 1, "a": 8], ["q": 2, "a": 7]]],
        ]])
    }

    // $pull: a typed value (an ObjectId) is a value to remove, not a query; arrays match whole.
    @Test func pullTypedValuesAndArrays() throws {
        let id: JSONValue = ["$oid": "5f0c8e1a2b3c4d5e6f708192"]
        #expect(try UpdateFixture.apply(["$pull": ["ids": id]], to: ["ids": [id, ["$oid": "5f0c8e1a2b3c4d5e6f708193"]]])
            == ["ids": [["$oid": "5f0c8e1a2b3c4d5e6f708193"]]])
        #expect(try UpdateFixture.apply(["$pull": ["a": [1, 2]]], to: ["a": [[1, 2], [2, 1], 1]]) == ["a": [[2, 1], 1]])
        #expect(try UpdateFixture.apply(["$pull": ["missing": 1]], to: ["a": 1]) == ["a": 1])
    }

    // $pullAll, "Example".
    @Test func pullAllRemovesEveryListedValue() throws {
        #expect(try UpdateFixture.apply(["$pullAll": ["scores": [0, 5]]], to: ["_id": 1, "scores": [0, 2, 5, 5, 1, 0]]) == ["_id": 1, "scores": [2, 1]])
    }

    // $pop, "Remove the First Item of an Array" and "Remove the Last Item of an Array".
    @Test func popRemovesTheFirstOrLast() throws {
        #expect(try UpdateFixture.apply(["$pop": ["scores": -1]], to: ["_id": 1, "scores": [8, 9, 10]]) == ["_id": 1, "scores": [9, 10]])
        #expect(try UpdateFixture.apply(["$pop": ["scores": 1]], to: ["_id": 10, "scores": [9, 10]]) == ["_id": 10, "scores": [9]])
        #expect(try UpdateFixture.apply(["$pop": ["scores": 1, "none": -1]], to: ["scores": []]) == ["scores": []])
    }
}
