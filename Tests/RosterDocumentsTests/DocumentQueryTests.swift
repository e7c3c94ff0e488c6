import RosterDocuments
import RosterWire
import Testing

/// Queries as MongoDB answers them, from the inventory examples of its manual: "Query
/// Documents", "Query on Embedded/Nested Documents", "Query an Array", "Query an Array of
/// Embedded Documents" and "Query for Null or Missing Fields".
@Suite struct DocumentQueryTests {
    /// The documents of `collection` the query matches, in order.
    static func find(_ query: JSONValue, in collection: [JSONValue]) throws -> [JSONValue] {
        let parsed = try DocumentQuery.parse(query)
        return try collection.filter { try parsed.matches($0) }
    }

    @Test func equalityMatchesAFieldOrAnArrayHoldingTheValue() throws {
        let query = try DocumentQuery.parse(["tags": "red"])
        #expect(try query.matches(["tags": ["blank", "red"]]))
        #expect(try query.matches(["tags": "red"]))
        #expect(try !query.matches(["tags": ["blank"]]))
    }

    // "Query Documents" (and "Query on Embedded/Nested Documents").
    static let inventory: [JSONValue] = [
        ["item": "journal", "qty": 25, "size": ["h": 14, "w": 21, "uom": "cm"], "status": "A"],
        ["item": "notebook", "qty": 50, "size": ["h": 8.5, "w": 11, "uom": "in"], "status": "A"],
        ["item": "paper", "qty": 100, "size": ["h": 8.5, "w": 11, "uom": "in"], "status": "D"],
        ["item": "planner", "qty": 75, "size": ["h": 22.85, "w": 30, "uom": "cm"], "status": "D"],
        ["item": "postcard", "qty": 45, "size": ["h": 10, "w": 15.25, "uom": "cm"], "status": "A"],
    ]

    // "Query Documents": select all, equality, $in, AND, $or, AND with $or.
    @Test func queryDocuments() throws {
        let all = Self.inventory
        let (journal, notebook, paper, planner, postcard) = (all[0], all[1], all[2], all[3], all[4])
        #expect(try Self.find([:], in: all) == all)
        #expect(try Self.find(nil, in: all) == all)
        #expect(try Self.find(["status": "D"], in: all) == [paper, planner])
        #expect(try Self.find(["status": ["$in": ["A", "D"]]], in: all) == all)
        #expect(try Self.find(["status": "A", "qty": ["$lt": 30]], in: all) == [journal])
        #expect(try Self.find(["$or": [["status": "A"], ["qty": ["$lt": 30]]]], in: all) == [journal, notebook, postcard])
        let regex: JSONValue = ["$regularExpression": ["pattern": "^p", "options": ""]]
        #expect(try Self.find(["status": "A", "$or": [["qty": ["$lt": 30]], ["item": regex]]], in: all) == [journal, postcard])
    }

    // "Query on Embedded/Nested Documents".
    @Test func queryEmbeddedDocuments() throws {
        let all = Self.inventory
        let (journal, notebook, paper, postcard) = (all[0], all[1], all[2], all[4])
        #expect(try Self.find(["size": ["h": 14, "w": 21, "uom": "cm"]], in: all) == [journal])
        // A whole embedded document must match exactly: no field fewer.
        #expect(try Self.find(["size": ["h": 14, "w": 21]], in: all) == [])
        #expect(try Self.find(["size.uom": "in"], in: all) == [notebook, paper])
        #expect(try Self.find(["size.h": ["$lt": 15]], in: all) == [journal, notebook, paper, postcard])
        #expect(try Self.find(["size.h": ["$lt": 15], "size.uom": "in", "status": "D"], in: all) == [paper])
    }

    // "Query an Array".
    static let arrays: [JSONValue] = [
        ["item": "journal", "qty": 25, "tags": ["blank", "red"], "dim_cm": [14, 21]],
        ["item": "notebook", "qty": 50, "tags": ["red", "blank"], "dim_cm": [14, 21]],
        ["item": "paper", "qty": 100, "tags": ["red", "blank", "plain"], "dim_cm": [14, 21]],
        ["item": "planner", "qty": 75, "tags": ["blank", "red"], "dim_cm": [22.85, 30]],
        ["item": "postcard", "qty": 45, "tags": ["blue"], "dim_cm": [10, 15.25]],
    ]

    @Test func queryAnArray() throws {
        let all = Self.arrays
        let (journal, notebook, paper, planner, postcard) = (all[0], all[1], all[2], all[3], all[4])
        #expect(try Self.find(["tags": ["red", "blank"]], in: all) == [notebook])
        #expect(try Self.find(["tags": ["$all": ["red", "blank"]]], in: all) == [journal, notebook, paper, planner])
        #expect(try Self.find(["tags": "red"], in: all) == [journal, notebook, paper, planner])
        #expect(try Self.find(["dim_cm": ["$gt": 25]], in: all) == [planner])
        // One element may satisfy $gt and another $lt.
        #expect(try Self.find(["dim_cm": ["$gt": 15, "$lt": 20]], in: all) == [journal, notebook, paper, postcard])
        // $elemMatch: one element satisfies both.
        #expect(try Self.find(["dim_cm": ["$elemMatch": ["$gt": 22, "$lt": 30]]], in: all) == [planner])
        #expect(try Self.find(["dim_cm.1": ["$gt": 25]], in: all) == [planner])
        #expect(try Self.find(["tags": ["$size": 3]], in: all) == [paper])
    }

    @Test func anArrayEqualsAnArrayOrAnElementThatIsThatArray() throws {
        let query = try DocumentQuery.parse(["tags": ["red", "blank"]])
        #expect(try query.matches(["tags": [["red", "blank"], "green"]]))
        #expect(try !query.matches(["tags": [["blank", "red"]]]))
        #expect(try !query.matches(["tags": [[["red", "blank"]]]]))
        #expect(try !query.matches(["tags": "red"]))
    }

    // "Query an Array", "Query for an Element by the Array Index Position": a numeric part
    // indexes an array and also names a field of the documents in it.
    @Test func numericPartsIndexArrays() throws {
        #expect(try DocumentQuery.parse(["a.1": 2]).matches(["a": [1, 2]]))
        #expect(!(try DocumentQuery.parse(["a.01": 2]).matches(["a": [1, 2]])))
        #expect(!(try DocumentQuery.parse(["a.2": nil]).matches(["a": [1, 2]])))
        #expect(try DocumentQuery.parse(["a.0": "x"]).matches(["a": [["0": "x"]]]))
        #expect(try DocumentQuery.parse(["a.0.1": 5]).matches(["a": [[4, 5]]]))
        #expect(try DocumentQuery.parse(["a.0": 5]).matches(["a": [[4, 5]]]))
    }

    // "Query an Array of Embedded Documents".
    static let instock: [JSONValue] = [
        ["item": "journal", "instock": [["warehouse": "A", "qty": 5], ["warehouse": "C", "qty": 15]]],
        ["item": "notebook", "instock": [["warehouse": "C", "qty": 5]]],
        ["item": "paper", "instock": [["warehouse": "A", "qty": 60], ["warehouse": "B", "qty": 15]]],
        ["item": "planner", "instock": [["warehouse": "A", "qty": 40], ["warehouse": "B", "qty": 5]]],
        ["item": "postcard", "instock": [["warehouse": "B", "qty": 15], ["warehouse": "C", "qty": 35]]],
    ]

    @Test func queryAnArrayOfEmbeddedDocuments() throws {
        let all = Self.instock
        let (journal, notebook, paper, planner, postcard) = (all[0], all[1], all[2], all[3], all[4])
        #expect(try Self.find(["instock": ["warehouse": "A", "qty": 5]], in: all) == [journal])
        #expect(try Self.find(["instock.qty": ["$lte": 20]], in: all) == all)
        #expect(try Self.find(["instock.0.qty": ["$lte": 20]], in: all) == [journal, notebook, postcard])
        #expect(try Self.find(["instock": ["$elemMatch": ["qty": 5, "warehouse": "A"]]], in: all) == [journal])
        #expect(try Self.find(["instock": ["$elemMatch": ["qty": ["$gt": 10, "$lte": 20]]]], in: all)
            == [journal, paper, postcard])
        #expect(try Self.find(["instock.qty": ["$gt": 10, "$lte": 20]], in: all) == [journal, paper, planner, postcard])
        #expect(try Self.find(["instock.qty": 5, "instock.warehouse": "A"], in: all) == [journal, planner])
    }

    // "Query for Null or Missing Fields".
    @Test func nullMatchesNullAndMissingFields() throws {
        let all: [JSONValue] = [["_id": 1, "item": nil], ["_id": 2]]
        #expect(try Self.find(["item": nil], in: all) == all)
        #expect(try Self.find(["item": ["$eq": nil]], in: all) == all)
        #expect(try Self.find(["item": ["$ne": nil]], in: all) == [])
        #expect(try Self.find(["item": ["$type": 10]], in: all) == [all[0]])
        #expect(try Self.find(["item": ["$type": "null"]], in: all) == [all[0]])
        #expect(try Self.find(["item": ["$exists": false]], in: all) == [all[1]])
        #expect(try Self.find(["item": ["$in": [nil, 5]]], in: all) == all)
        #expect(try Self.find(["item": ["$gte": nil]], in: all) == all)
        #expect(try Self.find(["item": ["$gt": nil]], in: all) == [])
    }

    @Test func nullThroughArraysOfDocuments() throws {
        let query = try DocumentQuery.parse(["a.b": nil])
        #expect(try query.matches(["a": [["b": 1], ["c": 2]]]))
        #expect(try query.matches(["a": 5]))
        #expect(try !query.matches(["a": [["b": 1]]]))
        #expect(try !query.matches(["a": [1, 2]]))
    }

    // "Comparison/Sort Order", type bracketing: comparisons only within a type.
    @Test func comparisonsStayWithinTheirType() throws {
        let all: [JSONValue] = [
            ["v": 5], ["v": 5.5], ["v": "6"], ["v": ["$numberDecimal": "7.25"]], ["v": nil], ["v": ["$date": 10]],
            ["v": true], ["v": [1, 9]], ["v": ["$numberDouble": "NaN"]],
        ]
        #expect(try Self.find(["v": ["$gt": 5]], in: all) == [all[1], all[3], all[7]])
        #expect(try Self.find(["v": ["$lte": 5]], in: all) == [all[0], all[7]])
        #expect(try Self.find(["v": ["$gte": "0"]], in: all) == [all[2]])
        #expect(try Self.find(["v": ["$lt": ["$date": 11]]], in: all) == [all[5]])
        #expect(try Self.find(["v": ["$gte": false]], in: all) == [all[6]])
        #expect(try Self.find(["v": 5.0], in: all) == [all[0]])
        #expect(try Self.find(["v": ["$numberDecimal": "7.250"]], in: all) == [all[3]])
        // NaN equals NaN and is neither above nor below anything.
        #expect(try Self.find(["v": ["$numberDouble": "NaN"]], in: all) == [all[8]])
        #expect(try Self.find(["v": ["$lt": ["$numberDouble": "NaN"]]], in: all) == [])
        #expect(try Self.find(["v": ["$gte": ["$numberDouble": "NaN"]]], in: all) == [all[8]])
        // Arrays compare with arrays as a whole, too.
        #expect(try Self.find(["v": ["$gt": [1, 2]]], in: all) == [all[7]])
    }

    @Test func extendedJSONArgumentsAreReadCanonically() throws {
        let id: JSONValue = ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"]
        let document: JSONValue = ["_id": id, "at": ["$date": 1_700_000_000_000], "n": 7]
        #expect(try DocumentQuery.parse(["_id": ["$oid": "5F0C1E2A9B1E8A3D4C5B6A79"]]).matches(document))
        #expect(try DocumentQuery.parse(["at": ["$gte": ["$date": "2023-11-14T22:13:20Z"]]]).matches(document))
        #expect(try DocumentQuery.parse(["n": ["$numberLong": "7"]]).matches(document))
        #expect(!(try DocumentQuery.parse(["_id": "5f0c1e2a9b1e8a3d4c5b6a79"]).matches(document)))
    }
}
