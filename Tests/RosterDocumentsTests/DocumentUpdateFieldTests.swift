import Foundation
import RosterDocuments
import RosterWire
import Testing

/// Applies updates as `updateOne` does, for the update tests.
enum UpdateFixture {
    static let now = Date(timeIntervalSince1970: 1_700_000_000.123)

    /// The document after the update; `query` found it (for `$`), `inserting` makes it an upsert.
    static func apply(
        _ update: JSONValue, to document: JSONValue, query: JSONValue? = nil, arrayFilters: JSONValue? = nil, inserting: Bool = false
    ) throws -> JSONValue {
        let parsed = try DocumentUpdate.parse(update, arrayFilters: arrayFilters)
        let result = try parsed.apply(
            to: document.objectValue ?? [:], query: try DocumentQuery.parse(query), inserting: inserting, now: now)
        return .object(result)
    }

    /// The message the update is refused with, parsing or applying; nil when it is not.
    static func refusal(
        _ update: JSONValue, on document: JSONValue = [:], query: JSONValue? = nil, arrayFilters: JSONValue? = nil, inserting: Bool = false
    ) -> String? {
        refusalMessage { _ = try apply(update, to: document, query: query, arrayFilters: arrayFilters, inserting: inserting) }
    }

    /// A date value from ISO text, as `ExtendedJSON.canonical` reads it.
    static func date(_ text: String) throws -> JSONValue {
        try ExtendedJSON.canonical(["$date": .string(text)])
    }
}

/// The field update operators, with the examples of MongoDB's manual pages.
@Suite struct DocumentUpdateFieldTests {
    static let product: JSONValue = [
        "_id": 100, "quantity": 250, "instock": true, "reorder": false,
        "details": ["model": "14QQ", "make": "Clothes Corp"],
        "tags": ["apparel", "clothing"],
        "ratings": [["by": "Customer007", "rating": 4]],
    ]

    // $set, "Set Top-Level Fields".
    @Test func setReplacesTopLevelFields() throws {
        let result = try UpdateFixture.apply(
            ["$set": ["quantity": 500, "details": ["model": "2600", "make": "Fashionaires"], "tags": ["coats", "outerwear", "clothing"]]],
            to: Self.product)
        #expect(result == [
            "_id": 100, "quantity": 500, "instock": true, "reorder": false,
            "details": ["model": "2600", "make": "Fashionaires"],
            "tags": ["coats", "outerwear", "clothing"],
            "ratings": [["by": "Customer007", "rating": 4]],
        ])
    }

    // $set, "Set Fields in Embedded Documents" and "Set Elements in Arrays".
    @Test func setWritesEmbeddedFieldsAndArrayElements() throws {
        let embedded = try UpdateFixture.apply(["$set": ["details.make": "Kustom Kidz"]], to: Self.product)
        #expect(embedded["details"] == ["model": "14QQ", "make": "Kustom Kidz"])
        let elements = try UpdateFixture.apply(["$set": ["tags.1": "rain gear", "ratings.0.rating": 2]], to: Self.product)
        #expect(elements["tags"] == ["apparel", "rain gear"])
        #expect(elements["ratings"] == [["by": "Customer007", "rating": 2]])
    }

    // $set: a missing path is made of documents, even where a part is a number.
    @Test func setMakesMissingDocuments() throws {
        #expect(try UpdateFixture.apply(["$set": ["a.b.c": 1, "n.0": true]], to: ["_id": 1])
            == ["_id": 1, "a": ["b": ["c": 1]], "n": ["0": true]])
    }

    // Update Operators ("set past the end of an array pads it with null").
    @Test func setPastTheEndOfAnArrayPadsWithNull() throws {
        #expect(try UpdateFixture.apply(["$set": ["a.4": "e", "a.2": "c"]], to: ["a": ["x"]]) == ["a": ["x", nil, "c", nil, "e"]])
        #expect(try UpdateFixture.apply(["$set": ["a.3.b": 1]], to: ["a": []]) == ["a": [nil, nil, nil, ["b": 1]]])
        // Numeric names in numeric order (5.0 and later): "a.3" is made before "a.10" pads past it.
        #expect(try UpdateFixture.apply(["$inc": ["a.3": 1, "a.10": 1]], to: ["a": []])
            == ["a": [nil, nil, nil, 1, nil, nil, nil, nil, nil, nil, 1]])
    }

    // $unset, "Example".
    @Test func unsetRemovesFields() throws {
        let result = try UpdateFixture.apply(["$unset": ["quantity": "", "instock": ""]], to: Self.product)
        #expect(result == [
            "_id": 100, "reorder": false, "details": ["model": "14QQ", "make": "Clothes Corp"],
            "tags": ["apparel", "clothing"], "ratings": [["by": "Customer007", "rating": 4]],
        ])
    }

    // $unset: an array element becomes null; a missing field or one behind a value is no change.
    @Test func unsetOfAnArrayElementLeavesNull() throws {
        #expect(try UpdateFixture.apply(["$unset": ["tags.0": ""]], to: Self.product)["tags"] == [nil, "clothing"])
        #expect(try UpdateFixture.apply(["$unset": ["nothing": "", "quantity.x": "", "details.none.x": ""]], to: Self.product)
            == Self.product)
    }

    // $inc, "Example".
    @Test func incAddsToFields() throws {
        let result = try UpdateFixture.apply(
            ["$inc": ["quantity": -2, "metrics.orders": 1]],
            to: ["_id": 1, "sku": "abc123", "quantity": 10, "metrics": ["orders": 2, "ratings": 3.5]])
        #expect(result == ["_id": 1, "sku": "abc123", "quantity": 8, "metrics": ["orders": 3, "ratings": 3.5]])
    }

    // $inc: a missing field takes the amount; an int and a double make a double.
    @Test func incCreatesAndWidens() throws {
        #expect(try UpdateFixture.apply(["$inc": ["n": 5, "x": 0.5]], to: ["x": 1]) == ["n": 5, "x": 1.5])
        #expect(try UpdateFixture.apply(["$inc": ["x": ["$numberDouble": "-Infinity"]]], to: ["x": 1])
            == ["x": ["$numberDouble": "-Infinity"]])
    }

    // $mul, "Multiply the Value of a Field" (with doubles: Decimal128 arithmetic is not served).
    @Test func mulMultipliesFields() throws {
        let result = try UpdateFixture.apply(["$mul": ["price": 1.25, "quantity": 2]], to: ["_id": 1, "item": "Hats", "price": 10.99, "quantity": 25])
        #expect(result == ["_id": 1, "item": "Hats", "price": .double(10.99 * 1.25), "quantity": 50])
    }

    // $mul, "Apply $mul Operator to a Non-existing Field" and "Multiply Mixed Numeric Types".
    @Test func mulOnAMissingFieldWritesZeroOfTheFactorsType() throws {
        #expect(try UpdateFixture.apply(["$mul": ["price": 100]], to: ["_id": 2, "item": "Unknown"]) == ["_id": 2, "item": "Unknown", "price": 0])
        #expect(try UpdateFixture.apply(["$mul": ["price": 2.5]], to: [:]) == ["price": 0.0])
        #expect(try UpdateFixture.apply(["$mul": ["price": 5]], to: ["_id": 3, "item": "Scarf", "price": 10]) == ["_id": 3, "item": "Scarf", "price": 50])
    }

    // $min, "Use $min to Compare Numbers" and "Use $min to Compare Dates".
    @Test func minKeepsTheSmaller() throws {
        let scores: JSONValue = ["_id": 1, "highScore": 800, "lowScore": 200]
        #expect(try UpdateFixture.apply(["$min": ["lowScore": 150]], to: scores) == ["_id": 1, "highScore": 800, "lowScore": 150])
        let lowered: JSONValue = ["_id": 1, "highScore": 800, "lowScore": 150]
        #expect(try UpdateFixture.apply(["$min": ["lowScore": 250]], to: lowered) == lowered)
        let tag: JSONValue = [
            "_id": 1, "desc": "crafts",
            "dateEntered": try UpdateFixture.date("2013-10-01T05:00:00Z"), "dateExpired": try UpdateFixture.date("2013-10-01T16:38:16Z"),
        ]
        let result = try UpdateFixture.apply(["$min": ["dateEntered": try UpdateFixture.date("2013-09-25T00:00:00Z")]], to: tag)
        #expect(result["dateEntered"] == (try UpdateFixture.date("2013-09-25T00:00:00Z")))
        #expect(result["dateExpired"] == tag["dateExpired"])
    }

    // $max, "Use $max to Compare Numbers" and "Use $max to Compare Dates".
    @Test func maxKeepsTheLarger() throws {
        let scores: JSONValue = ["_id": 1, "highScore": 800, "lowScore": 200]
        #expect(try UpdateFixture.apply(["$max": ["highScore": 950]], to: scores) == ["_id": 1, "highScore": 950, "lowScore": 200])
        let raised: JSONValue = ["_id": 1, "highScore": 950, "lowScore": 200]
        #expect(try UpdateFixture.apply(["$max": ["highScore": 870]], to: raised) == raised)
        let tag: JSONValue = ["_id": 1, "desc": "decorative arts", "dateExpired": try UpdateFixture.date("2013-10-01T16:38:16.163Z")]
        #expect(try UpdateFixture.apply(["$max": ["dateExpired": try UpdateFixture.date("2013-09-30T00:00:00Z")]], to: tag) == tag)
        // Across types MongoDB's order decides: a string is above any number; a missing field takes the value.
        #expect(try UpdateFixture.apply(["$max": ["a": "x", "b": 1]], to: ["a": 99]) == ["a": "x", "b": 1])
    }

    static let student: JSONValue = [
        "_id": 1, "alias": ["The American Cincinnatus", "The American Fabius"], "mobile": "555-555-5555",
        "nmae": ["first": "george", "last": "washington"],
    ]

    // $rename, "Rename a Field".
    @Test func renameMovesAField() throws {
        #expect(try UpdateFixture.apply(["$rename": ["nmae": "name"]], to: Self.student) == [
            "_id": 1, "alias": ["The American Cincinnatus", "The American Fabius"], "mobile": "555-555-5555",
            "name": ["first": "george", "last": "washington"],
        ])
    }

    // $rename, "Rename a Field in an Embedded Document" and "Rename a Field That Does Not Exist".
    @Test func renameInsideDocumentsAndOfMissingFields() throws {
        let renamed = try UpdateFixture.apply(["$rename": ["nmae.first": "nmae.fname"]], to: Self.student)
        #expect(renamed["nmae"] == ["fname": "george", "last": "washington"])
        let moved = try UpdateFixture.apply(["$rename": ["nmae.last": "contact.lname"]], to: Self.student)
        #expect(moved["nmae"] == ["first": "george"])
        #expect(moved["contact"] == ["lname": "washington"])
        #expect(try UpdateFixture.apply(["$rename": ["wife": "spouse"]], to: Self.student) == Self.student)
        // The target is overwritten when it exists.
        #expect(try UpdateFixture.apply(["$rename": ["mobile": "alias"]], to: Self.student)["alias"] == "555-555-5555")
    }

    // $currentDate, "Example" (with {"$type": "date"}: timestamps are not served).
    @Test func currentDateWritesTheTimeOfTheUpdate() throws {
        let result = try UpdateFixture.apply(
            ["$currentDate": ["lastModified": true, "cancellation.date": ["$type": "date"]], "$set": ["cancellation.reason": "user request", "status": "D"]],
            to: ["_id": 1, "status": "a", "lastModified": try UpdateFixture.date("2013-10-02T01:11:18.965Z")])
        #expect(result == [
            "_id": 1, "status": "D", "lastModified": ["$date": 1_700_000_000_123],
            "cancellation": ["date": ["$date": 1_700_000_000_123], "reason": "user request"],
        ])
    }

    // $setOnInsert, "Example": applies when the upsert inserts, not when it updates.
    @Test func setOnInsertAppliesOnlyWhenInserting() throws {
        let update: JSONValue = ["$set": ["item": "apple"], "$setOnInsert": ["defaultQty": 100]]
        #expect(try UpdateFixture.apply(update, to: ["_id": 1], query: ["_id": 1], inserting: true) == ["_id": 1, "item": "apple", "defaultQty": 100])
        #expect(try UpdateFixture.apply(update, to: ["_id": 1, "item": "pear"], query: ["_id": 1]) == ["_id": 1, "item": "apple"])
    }

    // db.collection.replaceOne / update with a replacement document: all but _id is replaced.
    @Test func replacementKeepsOnlyTheId() throws {
        let document: JSONValue = ["_id": 1, "name": "Central Perk Cafe", "violations": 3]
        #expect(try UpdateFixture.apply(["name": "Central Pork Cafe", "Borough": "Manhattan"], to: document)
            == ["_id": 1, "name": "Central Pork Cafe", "Borough": "Manhattan"])
        #expect(try UpdateFixture.apply(["_id": 1, "name": "same id"], to: document) == ["_id": 1, "name": "same id"])
        #expect(UpdateFixture.refusal(["_id": 2, "name": "other id"], on: document) == "the (immutable) field '_id' cannot be altered")
    }

    // Field Update Operators: $set of _id to its own value is no change; to another value it is refused.
    @Test func idMayNotChange() throws {
        #expect(try UpdateFixture.apply(["$set": ["_id": 1, "a": 2]], to: ["_id": 1]) == ["_id": 1, "a": 2])
        let refused = "performing an update on the path '_id' would modify the immutable field '_id'"
        #expect(UpdateFixture.refusal(["$set": ["_id": 2]], on: ["_id": 1]) == refused)
        #expect(UpdateFixture.refusal(["$unset": ["_id": ""]], on: ["_id": 1]) == refused)
        #expect(UpdateFixture.refusal(["$rename": ["_id": "id"]], on: ["_id": 1]) == refused)
        #expect(UpdateFixture.refusal(["$set": ["_id.x": 1]], on: ["_id": ["y": 1]]) == refused)
        // An upsert may give its new document an id.
        #expect(try UpdateFixture.apply(["$setOnInsert": ["_id": 7]], to: [:], inserting: true) == ["_id": 7])
    }

    // The fields a rule protecting a user-id field needs to know about.
    @Test func touchedTopLevelFieldsNamesEveryWrite() throws {
        let update = try DocumentUpdate.parse([
            "$set": ["a.b": 1], "$unset": ["c": ""], "$rename": ["d.e": "f.g"], "$push": ["h.$[].i": 1], "$setOnInsert": ["j": 1],
        ])
        #expect(update.touchedTopLevelFields == ["a", "c", "d", "f", "h", "j"])
        #expect(try DocumentUpdate.parse(["a": 1]).touchedTopLevelFields == [])
    }

    // The update as the server reads it, fields in the order they were sent.
    @Test func orderedUpdatesKeepTheSortFieldOrder() throws {
        let update = try DocumentUpdate.parse(try JSONValue(parsing: #"{"$push": {"q": {"$each": [], "$sort": {"b": 1, "a": -1}}}}"#))
        let result = try update.apply(to: ["q": [["a": 1, "b": 2], ["a": 2, "b": 2], ["a": 3, "b": 1]]], now: UpdateFixture.now)
        #expect(result == ["q": [["a": 3, "b": 1], ["a": 2, "b": 2], ["a": 1, "b": 2]]])
    }
}
