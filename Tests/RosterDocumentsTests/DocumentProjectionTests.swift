import RosterDocuments
import RosterWire
import Testing

/// Projections from the examples of MongoDB's "Project Fields to Return from Query", "$slice
/// (projection)" and "$elemMatch (projection)".
@Suite struct DocumentProjectionTests {
    private func project(_ spec: JSONValue, _ documents: [JSONValue]) throws -> [JSONValue] {
        let projection = try #require(try DocumentProjection.parse(spec))
        return try documents.map { try projection.apply(to: $0) }
    }

    // "Project Fields to Return from Query" (one document of the inventory, and postcard).
    static let journal: JSONValue = [
        "_id": 1, "item": "journal", "status": "A", "size": ["h": 14, "w": 21, "uom": "cm"],
        "instock": [["warehouse": "A", "qty": 5]],
    ]
    static let postcard: JSONValue = [
        "_id": 5, "item": "postcard", "status": "A", "size": ["h": 10, "w": 15.25, "uom": "cm"],
        "instock": [["warehouse": "B", "qty": 15], ["warehouse": "C", "qty": 35]],
    ]

    @Test func includeAndExcludeFields() throws {
        let all = [Self.journal, Self.postcard]
        #expect(try project(["item": 1, "status": 1], all) == [
            ["_id": 1, "item": "journal", "status": "A"], ["_id": 5, "item": "postcard", "status": "A"],
        ])
        #expect(try project(["item": true, "status": 1, "_id": 0], all) == [
            ["item": "journal", "status": "A"], ["item": "postcard", "status": "A"],
        ])
        #expect(try project(["status": 0, "instock": false], all) == [
            ["_id": 1, "item": "journal", "size": ["h": 14, "w": 21, "uom": "cm"]],
            ["_id": 5, "item": "postcard", "size": ["h": 10, "w": 15.25, "uom": "cm"]],
        ])
        #expect(try project(["_id": 0], [Self.journal]) == [[
            "item": "journal", "status": "A", "size": ["h": 14, "w": 21, "uom": "cm"], "instock": [["warehouse": "A", "qty": 5]],
        ]])
        #expect(try project(["_id": 1], [Self.journal]) == [["_id": 1]])
        #expect(try DocumentProjection.parse(nil) == nil)
        #expect(try DocumentProjection.parse([:]) == nil)
    }

    @Test func embeddedFields() throws {
        let expected: JSONValue = ["_id": 1, "item": "journal", "status": "A", "size": ["uom": "cm"]]
        #expect(try project(["item": 1, "status": 1, "size.uom": 1], [Self.journal]) == [expected])
        #expect(try project(["item": 1, "status": 1, "size": ["uom": 1]], [Self.journal]) == [expected])
        #expect(try project(["size.uom": 0], [Self.journal]) == [[
            "_id": 1, "item": "journal", "status": "A", "size": ["h": 14, "w": 21], "instock": [["warehouse": "A", "qty": 5]],
        ]])
        // A path into a field that is not a document includes nothing of it.
        #expect(try project(["item.x": 1], [Self.journal]) == [["_id": 1]])
    }

    // "Projection on Embedded Documents in an Array" and "Project Specific Array Elements".
    @Test func pathsThroughArraysOfDocuments() throws {
        #expect(try project(["item": 1, "status": 1, "instock.qty": 1], [Self.postcard]) == [[
            "_id": 5, "item": "postcard", "status": "A", "instock": [["qty": 15], ["qty": 35]],
        ]])
        #expect(try project(["instock.qty": 0, "size": 0], [Self.postcard]) == [[
            "_id": 5, "item": "postcard", "status": "A", "instock": [["warehouse": "B"], ["warehouse": "C"]],
        ]])
        #expect(try project(["item": 1, "status": 1, "instock": ["$slice": -1]], [Self.postcard]) == [[
            "_id": 5, "item": "postcard", "status": "A", "instock": [["warehouse": "C", "qty": 35]],
        ]])
        // Inclusion drops array values that are not documents; exclusion keeps them.
        #expect(try project(["a.b": 1], [["_id": 1, "a": [["b": 1, "c": 2], 5, ["c": 3], [["b": 4]]]]])
            == [["_id": 1, "a": [["b": 1], [:], [["b": 4]]]]])
        #expect(try project(["a.b": 0], [["_id": 1, "a": [["b": 1, "c": 2], 5]]]) == [["_id": 1, "a": [["c": 2], 5]]])
    }

    // "$slice (projection)": the posts examples.
    static let posts: [JSONValue] = [
        ["_id": 1, "title": "Bagels are not croissants.", "comments": [["comment": "0. true"], ["comment": "1. croissants aren't bagels."]]],
        ["_id": 2, "title": "Coffee please.", "comments": [
            ["comment": "0. fooey"], ["comment": "1. tea please"], ["comment": "2. iced coffee"], ["comment": "3. cappuccino"],
            ["comment": "4. whatever"],
        ]],
    ]

    @Test func slice() throws {
        func comments(_ spec: JSONValue) throws -> [[JSONValue]] {
            try project(["comments": ["$slice": spec]], Self.posts).map { projected in
                #expect(projected["title"] != nil)
                return projected["comments"]?.arrayValue?.compactMap { $0["comment"] } ?? []
            }
        }
        #expect(try comments(3) == [["0. true", "1. croissants aren't bagels."], ["0. fooey", "1. tea please", "2. iced coffee"]])
        #expect(try comments(-3) == [["0. true", "1. croissants aren't bagels."], ["2. iced coffee", "3. cappuccino", "4. whatever"]])
        #expect(try comments([1, 1]) == [["1. croissants aren't bagels."], ["1. tea please"]])
        #expect(try comments([-1, 2]) == [["1. croissants aren't bagels."], ["4. whatever"]])
        #expect(try comments([5, 2]) == [[], []])
        #expect(try comments(0) == [[], []])
        #expect(try project(["_id": 0, "title": ["$slice": 1]], [Self.posts[0]])
            == [["title": "Bagels are not croissants.", "comments": Self.posts[0]["comments"]!]])
        #expect(try project(["title": 1, "comments": ["$slice": 1]], [Self.posts[0]])
            == [["_id": 1, "title": "Bagels are not croissants.", "comments": [["comment": "0. true"]]]])
    }

    // "$elemMatch (projection)": the schools examples.
    static let schools: [JSONValue] = [
        ["_id": 1, "zipcode": "63109", "students": [
            ["name": "john", "school": 102, "age": 10], ["name": "jess", "school": 102, "age": 11],
            ["name": "jeff", "school": 108, "age": 15],
        ]],
        ["_id": 3, "zipcode": "63109", "students": [["name": "ajax", "school": 100, "age": 7], ["name": "achilles", "school": 100, "age": 8]]],
        ["_id": 4, "zipcode": "63109", "students": [["name": "barney", "school": 102, "age": 7], ["name": "ruth", "school": 102, "age": 16]]],
    ]

    @Test func elemMatch() throws {
        #expect(try project(["students": ["$elemMatch": ["school": 102]]], Self.schools) == [
            ["_id": 1, "students": [["name": "john", "school": 102, "age": 10]]],
            ["_id": 3],
            ["_id": 4, "students": [["name": "barney", "school": 102, "age": 7]]],
        ])
        #expect(try project(["students": ["$elemMatch": ["school": 102, "age": ["$gt": 10]]]], Self.schools) == [
            ["_id": 1, "students": [["name": "jess", "school": 102, "age": 11]]],
            ["_id": 3],
            ["_id": 4, "students": [["name": "ruth", "school": 102, "age": 16]]],
        ])
        #expect(try project(["zipcode": 1, "scores": ["$elemMatch": ["$gte": 80]]], [["_id": 9, "zipcode": "1", "scores": [70, 85, 90]]])
            == [["_id": 9, "zipcode": "1", "scores": [85]]])
    }

    private func refusal(_ spec: JSONValue) -> String? {
        refusalMessage { _ = try DocumentProjection.parse(spec) }
    }

    @Test func refusals() {
        #expect(refusal(["a": 1, "b": 0]) == "a projection cannot mix inclusion ('a') and exclusion ('b')")
        #expect(refusal(["a": ["$elemMatch": ["b": 1]], "c": 0]) == "a projection cannot mix inclusion ('a') and exclusion ('c')")
        #expect(refusal(["grades.$": 1]) == "the positional projection 'grades.$' is not supported; use $elemMatch")
        #expect(refusal(["score": ["$meta": "textScore"]]) == "the projection $meta ('score') is not supported")
        #expect(refusal(["a": "literal"]) == "projecting 'a' to a value other than 0, 1, true or false is not supported")
        #expect(refusal(["a": ["$add": [1, 2]]]) == "the projection operator '$add' ('a') is not supported")
        #expect(refusal(["a": nil]) == "projecting 'a' to a value other than 0, 1, true or false is not supported")
        #expect(refusal(["a": [:]]) == "projecting 'a' to a value other than 0, 1, true or false is not supported")
        #expect(refusal(["a": ["$slice": "x"]]) == "$slice of 'a' takes a number or [skip, limit]")
        #expect(refusal(["a": ["$slice": [1, 0]]]) == "$slice of 'a' takes a limit above 0")
        #expect(refusal(["a.b": ["$elemMatch": ["c": 1]]]) == "$elemMatch cannot project the nested field 'a.b'")
        #expect(refusal(["a": ["$elemMatch": ["$near": 1]]]) == "query operator '$near' is not supported")
        #expect(refusal(["a": 1, "a.b": 1]) == "the projection names 'a.b' and a path inside or around it")
        #expect(refusal(["$slice": 1]) == "unknown projection operator '$slice'")
        #expect(refusal([1]) == "a projection must be an object of fields")
    }
}
