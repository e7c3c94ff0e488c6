import Foundation
import RosterDocuments
import RosterWire
import Testing

/// Updates MongoDB refuses, refused by name with what is wrong and where.
@Suite struct DocumentUpdateRefusalTests {
    // db.collection.updateOne: the update document's shape.
    @Test func wrongShapes() throws {
        #expect(throws: DocumentError.missing("update")) { try DocumentUpdate.parse(nil) }
        #expect(UpdateFixture.refusal("text") == "an update must be a JSON object")
        #expect(UpdateFixture.refusal([["$set": ["a": 1]]]) == "pipeline-style updates (an array of stages) are not supported")
        #expect(UpdateFixture.refusal([:]) == "an update must change something")
        #expect(
            UpdateFixture.refusal(["$set": ["a": 1], "b": 2])
                == "an update is either operators ($set, …) or a whole document, not both: '$set' beside the field 'b'")
        #expect(UpdateFixture.refusal(["$set": 1]) == "$set takes an object of fields, as {\"$set\": {\"<field>\": …}}")
        // An empty operand is no change (MongoDB 5.0 and later).
        #expect(try UpdateFixture.apply(["$set": [:]], to: ["a": 1]) == ["a": 1])
    }

    // Update Operators: only the listed operators are served.
    @Test func unknownOperatorsByName() {
        #expect(UpdateFixture.refusal(["$bit": ["a": ["and": 1]]]) == "unknown update operator '$bit'")
        #expect(UpdateFixture.refusal(["$pushAll": ["a": [1]]]) == "unknown update operator '$pushAll'")
    }

    // Update Operators, "conflicting paths": one operator per path, none through another's.
    @Test func conflictingPaths() {
        #expect(UpdateFixture.refusal(["$inc": ["a": 1], "$set": ["a.b": 1]]) == "Updating the path 'a.b' would create a conflict at 'a'")
        #expect(UpdateFixture.refusal(["$set": ["a": 1], "$inc": ["a": 1]]) == "Updating the path 'a' would create a conflict at 'a'")
        #expect(UpdateFixture.refusal(["$set": ["a.0": 1, "a.$[]": 2]]) == "Updating the path 'a.$[]' would create a conflict at 'a'")
        #expect(UpdateFixture.refusal(["$rename": ["a": "b"], "$set": ["b": 1]]) == "Updating the path 'b' would create a conflict at 'b'")
        #expect(UpdateFixture.refusal(["$rename": ["a": "b"], "$unset": ["a.c": 1]]) == "Updating the path 'a.c' would create a conflict at 'a'")
        #expect(UpdateFixture.refusal(["$set": ["a.b": 1, "a.c": 1], "$unset": ["a.d": ""]]) == nil)
    }

    // Dot notation and the positional operators: paths MongoDB refuses.
    @Test func badPaths() {
        #expect(UpdateFixture.refusal(["$set": ["$bad": 1]]) == "field names may not start with '$' ('$bad')")
        #expect(UpdateFixture.refusal(["$set": ["a..b": 1]]) == "the update path 'a..b' contains an empty field name, which is not allowed")
        #expect(UpdateFixture.refusal(["$set": ["$.a": 1]]) == "cannot have the positional operator '$' in the first position in path '$.a'")
        #expect(UpdateFixture.refusal(["$set": ["$[].a": 1]])
            == "cannot have an array filter identifier ('$[]') in the first position in path '$[].a'")
        #expect(UpdateFixture.refusal(["$set": ["a.$.b.$": 1]]) == "too many positional (i.e. '$') elements found in path 'a.$.b.$'")
        #expect(UpdateFixture.refusal(["$set": ["a.$[].$": 1]]) == "the positional operator '$' cannot follow '$[]' or '$[<identifier>]' in path 'a.$[].$'")
        #expect(UpdateFixture.refusal(["$set": [String(repeating: "a.", count: 32) + "a": 1]])?.hasSuffix("has more than 32 parts") == true)
    }

    // $[<identifier>] and arrayFilters: each identifier one filter, each filter used.
    @Test func badArrayFilters() {
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 1]]) == "no array filter found for identifier 'x' in path 'a.$[x]'")
        #expect(UpdateFixture.refusal(["$set": ["a": 1]], arrayFilters: [["x": 1]]) == "the array filter for identifier 'x' was not used in the update")
        #expect(UpdateFixture.refusal(["$set": ["a.$[X]": 1]], arrayFilters: [["X": 1]])
            == "the top-level field name of an array filter must be an alphanumeric string beginning with a lowercase letter, found 'X'")
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 1]], arrayFilters: [["x": 1, "y": 2]])
            == "an array filter must name a single top-level field, found 'x' and 'y'")
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 1]], arrayFilters: [["x": 1], ["x.a": 2]])
            == "found multiple array filters with the same top-level field name 'x'")
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 1]], arrayFilters: [[:]])
            == "cannot use an expression without a top-level field name in arrayFilters")
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 1]], arrayFilters: ["x": 1]) == "arrayFilters must be an array of queries")
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 1]], arrayFilters: [["$where": "1"]]) == "'$where' cannot be used in arrayFilters")
        #expect(UpdateFixture.refusal(["a": 1], arrayFilters: [["x": 1]]) == "arrayFilters cannot be used with a replacement document")
        // $or over one identifier is one filter.
        #expect(UpdateFixture.refusal(["$set": ["a.$[x]": 0]], on: ["a": [1, 5]], arrayFilters: [["$or": [["x": 1], ["x": 2]]]]) == nil)
    }

    // $inc and $mul: numbers only, 64-bit ints do not overflow silently.
    @Test func arithmeticRefusals() {
        #expect(UpdateFixture.refusal(["$inc": ["n": "one"]]) == "$inc takes numbers ('n' is given a value of type string)")
        #expect(UpdateFixture.refusal(["$mul": ["n": ["$numberDecimal": "1.5"]]]) == "$mul with a Decimal128 is not supported ('n')")
        #expect(UpdateFixture.refusal(["$inc": ["favoriteColor": 1]], on: ["favoriteColor": "teal"])
            == "cannot apply $inc to 'favoriteColor', which is not a number (it is of type string)")
        #expect(UpdateFixture.refusal(["$inc": ["n": 1]], on: ["n": nil]) == "cannot apply $inc to 'n', which is not a number (it is of type null)")
        #expect(UpdateFixture.refusal(["$inc": ["n": 1]], on: ["n": .int(.max)]) == "$inc overflows the 64-bit integer at 'n'")
        #expect(UpdateFixture.refusal(["$mul": ["n": 3]], on: ["n": .int(.max / 2)]) == "$mul overflows the 64-bit integer at 'n'")
        #expect(UpdateFixture.refusal(["$inc": ["n": 1]], on: ["n": ["$numberDecimal": "1.5"]]) == "$inc on a Decimal128 is not supported ('n')")
    }

    // Paths through values that are neither documents nor arrays, or names in arrays.
    @Test func pathsThatCannotExist() {
        #expect(UpdateFixture.refusal(["$set": ["favoriteColor.shade": "x"]], on: ["favoriteColor": "teal"])
            == "cannot create field 'shade' in 'favoriteColor', which is not an object (string)")
        #expect(UpdateFixture.refusal(["$set": ["a.b.c": 1]], on: ["a": [1]]) == "cannot create field 'b' in 'a', which is an array")
        #expect(UpdateFixture.refusal(["$set": ["at.x": 1]], on: ["at": ["$date": 0]]) == "cannot create field 'x' in 'at', which is not an object (date)")
        #expect(UpdateFixture.refusal(["$pop": ["a.b": 1]], on: ["a": 5]) == "cannot use the part 'b' of 'a.b' to traverse 'a', which is not an object (int)")
        #expect(UpdateFixture.refusal(["$set": ["a.2000000": 1]], on: ["a": []]) == "cannot pad the array 'a' with more than 1500000 elements")
    }

    // The array operators need arrays.
    @Test func arrayOperatorsNeedArrays() {
        #expect(UpdateFixture.refusal(["$push": ["favoriteColor": "x"]], on: ["favoriteColor": "teal"])
            == "$push needs 'favoriteColor' to be an array, not a value of type string")
        #expect(UpdateFixture.refusal(["$addToSet": ["colors": "c"]], on: ["_id": 1, "colors": "blue, green, red"])
            == "$addToSet needs 'colors' to be an array, not a value of type string")
        #expect(UpdateFixture.refusal(["$pull": ["a": 1]], on: ["a": ["b": 1]]) == "$pull needs 'a' to be an array, not a value of type object")
        #expect(UpdateFixture.refusal(["$pop": ["a": 1]], on: ["a": 1]) == "$pop needs 'a' to be an array, not a value of type int")
        #expect(UpdateFixture.refusal(["$pullAll": ["a": 1]]) == "$pullAll takes an array ('a' is given a value of type int)")
    }

    // $push modifiers, as MongoDB checks them.
    @Test func pushModifierRefusals() {
        func push(_ modifiers: JSONValue) -> String? { UpdateFixture.refusal(["$push": ["a": modifiers]]) }
        #expect(push(["$each": [1], "$foo": 1]) == "unrecognized clause in $push: '$foo'")
        #expect(push(["$each": 1]) == "the argument to $each in $push must be an array but it was of type: int")
        #expect(push(["$each": [1], "$slice": "x"]) == "the value for $slice must be an integer value but was given type: string")
        #expect(push(["$each": [1], "$position": 1.5]) == "the value for $position must be an integer value, not of type: double")
        #expect(push(["$each": [1], "$sort": 2]) == "the $sort element value must be either 1 or -1")
        #expect(push(["$each": [1], "$sort": [:]]) == "the $sort pattern is empty when it should be a set of fields")
        #expect(push(["$each": [1], "$sort": "x"]) == "the $sort is invalid: use 1/-1 to sort the whole element, or {field: 1/-1} to sort embedded fields")
        #expect(push(["$each": [1], "$sort": ["a..b": 1]]) == "the $sort field is a dotted field but has an empty part: 'a..b'")
        // Without $each the object is the value pushed.
        #expect((try? UpdateFixture.apply(["$push": ["a": ["$slice": 2]]], to: [:])) == ["a": [["$slice": 2]]])
    }

    // $addToSet, $pop, $pull and $currentDate operands.
    @Test func otherOperandRefusals() {
        #expect(UpdateFixture.refusal(["$addToSet": ["a": ["$each": 1]]]) == "the argument to $each in $addToSet must be an array but it was of type int")
        #expect(UpdateFixture.refusal(["$addToSet": ["a": ["$each": [1], "x": 1]]]) == "found unexpected fields after $each in $addToSet ('a')")
        #expect(UpdateFixture.refusal(["$pop": ["a": 2]]) == "$pop expects 1 or -1 ('a')")
        #expect(UpdateFixture.refusal(["$pop": ["a": "first"]]) == "$pop takes 1 or -1 ('a')")
        #expect(UpdateFixture.refusal(["$pull": ["a": ["$foo": 1]]]) == "unknown query operator '$foo'")
        #expect(UpdateFixture.refusal(["$currentDate": ["a": ["$type": "timestamp"]]]) == "$currentDate with {\"$type\": \"timestamp\"} is not supported ('a')")
        #expect(UpdateFixture.refusal(["$currentDate": ["a": ["$type": "day"]]])
            == "the '$type' field of $currentDate must be \"date\" or \"timestamp\" ('a')")
        #expect(UpdateFixture.refusal(["$currentDate": ["a": ["x": 1]]]) == "unrecognized $currentDate option: 'x'")
        #expect(UpdateFixture.refusal(["$currentDate": ["a": 5]]) == "$currentDate takes true or {\"$type\": \"date\"} ('a')")
    }

    // $rename, "Behavior": within documents, never into or out of arrays.
    @Test func renameRefusals() {
        #expect(UpdateFixture.refusal(["$rename": ["a": 1]]) == "the 'to' field for $rename must be a string ('a')")
        #expect(UpdateFixture.refusal(["$rename": ["a": "a"]]) == "the source and target field for $rename must differ ('a')")
        #expect(UpdateFixture.refusal(["$rename": ["a": "a.b"]]) == "the source and target field for $rename must not be on the same path ('a' and 'a.b')")
        #expect(UpdateFixture.refusal(["$rename": ["a.$": "b"]]) == "the source field for $rename may not be dynamic ('a.$')")
        #expect(UpdateFixture.refusal(["$rename": ["a": "b.$[]"]]) == "the destination field for $rename may not be dynamic ('b.$[]')")
        #expect(UpdateFixture.refusal(["$rename": ["a.0.b": "c"]], on: ["a": [["b": 1]]])
            == "the source field for $rename cannot be an array element ('a.0.b' is inside the array 'a')")
        #expect(UpdateFixture.refusal(["$rename": ["x": "a.0.c"]], on: ["x": 1, "a": [["b": 1]]])
            == "the destination field for $rename cannot be an array element ('a.0.c')")
        #expect(UpdateFixture.refusal(["$rename": ["x.y": "z"]], on: ["x": 1]) == "cannot use the part 'y' of 'x.y' to traverse 'x', which is not an object (int)")
        #expect(UpdateFixture.refusal(["$rename": ["x": "y.z"]], on: ["x": 1, "y": 2]) == "cannot create field 'z' in 'y', which is not an object (int)")
        // A missing source is no change, whatever the target.
        #expect(UpdateFixture.refusal(["$rename": ["none": "y.z"]], on: ["y": 2]) == nil)
    }
}
