import RosterDocuments
import RosterWire
import Testing

/// The query operators, each from the examples of its page in MongoDB's manual.
@Suite struct DocumentQueryOperatorTests {
    private func find(_ query: JSONValue, in collection: [JSONValue]) throws -> [JSONValue] {
        try DocumentQueryTests.find(query, in: collection)
    }

    private func regex(_ pattern: String, _ options: String = "") -> JSONValue {
        ["$regularExpression": ["pattern": .string(pattern), "options": .string(options)]]
    }

    // $regex: the products examples.
    static let products: [JSONValue] = [
        ["_id": 100, "sku": "abc123", "description": "Single line description."],
        ["_id": 101, "sku": "abc789", "description": "First line\nSecond line"],
        ["_id": 102, "sku": "xyz456", "description": "Many spaces before     line"],
        ["_id": 103, "sku": "xyz789", "description": "Multiple\nline description"],
        ["_id": 104, "sku": "Abc789", "description": "SKU starts with A"],
    ]

    @Test func regex() throws {
        let all = Self.products
        #expect(try find(["sku": ["$regex": regex("789$")]], in: all) == [all[1], all[3], all[4]])
        #expect(try find(["sku": ["$regex": "789$"]], in: all) == [all[1], all[3], all[4]])
        #expect(try find(["sku": ["$regex": regex("^ABC", "i")]], in: all) == [all[0], all[1], all[4]])
        #expect(try find(["sku": ["$regex": "^ABC", "$options": "i"]], in: all) == [all[0], all[1], all[4]])
        #expect(try find(["description": ["$regex": regex("^S"), "$options": "m"]], in: all) == [all[0], all[1], all[4]])
        #expect(try find(["description": ["$regex": regex("^S")]], in: all) == [all[0], all[4]])
        #expect(try find(["description": ["$regex": regex("m.*line"), "$options": "si"]], in: all) == [all[2], all[3]])
        #expect(try find(["description": ["$regex": regex("m.*line"), "$options": "i"]], in: all) == [all[2]])
        #expect(try find(["sku": ["$regex": "abc #category code\n123 #item number", "$options": "x"]], in: all) == [all[0]])
        // A regular expression value as the condition matches as $regex does.
        #expect(try find(["sku": regex("^abc")], in: all) == [all[0], all[1]])
        // $not with a regular expression.
        #expect(try find(["sku": ["$not": regex("^abc")]], in: all) == [all[2], all[3], all[4]])
    }

    @Test func regexMatchesArrayElementsAndRegexValues() throws {
        let query = try DocumentQuery.parse(["tags": ["$regex": "^be"]])
        #expect(try query.matches(["tags": ["school", "best"]]))
        #expect(try !query.matches(["tags": ["school"]]))
        #expect(try !query.matches(["tags": 5]))
        #expect(try DocumentQuery.parse(["r": regex("a+", "i")]).matches(["r": regex("a+", "i")]))
        // $eq with a regular expression is equality with the value, not a match.
        #expect(try DocumentQuery.parse(["r": ["$eq": regex("a+")]]).matches(["r": regex("a+")]))
        #expect(!(try DocumentQuery.parse(["r": ["$eq": regex("a+")]]).matches(["r": "aaa"])))
    }

    // $in: "Use the $in Operator with a Regular Expression".
    @Test func inAndNotIn() throws {
        let all: [JSONValue] = [
            ["item": "Pens", "quantity": 350, "tags": ["school", "office"]],
            ["item": "Erasers", "quantity": 15, "tags": ["school", "home"]],
            ["item": "Maps", "tags": ["office", "storage"]],
            ["item": "Books", "quantity": 5, "tags": ["school", "storage", "home"]],
        ]
        #expect(try find(["quantity": ["$in": [5, 15]]], in: all) == [all[1], all[3]])
        #expect(try find(["tags": ["$in": [regex("^be"), regex("^st")]]], in: all) == [all[2], all[3]])
        // $nin also selects documents without the field.
        #expect(try find(["quantity": ["$nin": [5, 15]]], in: all) == [all[0], all[2]])
        #expect(try find(["tags": ["$nin": ["school"]]], in: all) == [all[2]])
        #expect(try find(["quantity": ["$in": []]], in: all) == [])
    }

    // $ne: documents whose field is not the value, including those without it.
    @Test func notEqual() throws {
        let all: [JSONValue] = [["quantity": 20], ["quantity": 5], ["other": 1], ["quantity": [5, 20]]]
        #expect(try find(["quantity": ["$ne": 20]], in: all) == [all[1], all[2]])
    }

    // $not: "price" not greater than 1.99, missing included.
    @Test func not() throws {
        let all: [JSONValue] = [["item": "a", "price": 1.99], ["item": "b", "price": 2.5], ["item": "c"], ["item": "d", "price": 1]]
        #expect(try find(["price": ["$not": ["$gt": 1.99]]], in: all) == [all[0], all[2], all[3]])
        #expect(try find(["price": ["$not": ["$gt": 1, "$lt": 2]]], in: all) == [all[1], all[2], all[3]])
    }

    // $exists: the spices examples.
    @Test func exists() throws {
        let all: [JSONValue] = [
            ["saffron": 5, "cinnamon": 5, "mustard": nil], ["saffron": 3, "cinnamon": nil, "mustard": 8],
            ["saffron": nil, "cinnamon": 3, "mustard": 9], ["saffron": 1, "cinnamon": 2, "mustard": 3],
            ["saffron": 2, "mustard": 5], ["saffron": 3, "cinnamon": 2], ["saffron": 4], ["cinnamon": 2, "mustard": 4],
            ["cinnamon": 2], ["mustard": 6],
        ]
        #expect(try find(["saffron": ["$exists": true]], in: all) == Array(all[0...6]))
        #expect(try find(["cinnamon": ["$exists": false]], in: all) == [all[4], all[6], all[9]])
        #expect(try find(["cinnamon": ["$exists": 0]], in: all) == [all[4], all[6], all[9]])
        #expect(try DocumentQuery.parse(["a.b": ["$exists": true]]).matches(["a": [["c": 1], ["b": nil]]]))
        #expect(!(try DocumentQuery.parse(["a.b": ["$exists": false]]).matches(["a": [["c": 1], ["b": 1]]])))
    }

    // $type: the addressBook examples.
    @Test func type() throws {
        let all: [JSONValue] = [
            ["_id": 1, "zipCode": "90698345"], ["_id": 2, "zipCode": 43_339_374.0],
            ["_id": 3, "zipCode": .int(39_214_120_000)], ["_id": 4, "zipCode": 88_602_117],
            ["_id": 5, "zipCode": ["834847278", "1893289032"]],
        ]
        #expect(try find(["zipCode": ["$type": 2]], in: all) == [all[0], all[4]])
        #expect(try find(["zipCode": ["$type": "string"]], in: all) == [all[0], all[4]])
        #expect(try find(["zipCode": ["$type": 1]], in: all) == [all[1]])
        #expect(try find(["zipCode": ["$type": "long"]], in: all) == [all[2]])
        #expect(try find(["zipCode": ["$type": "int"]], in: all) == [all[3]])
        #expect(try find(["zipCode": ["$type": "number"]], in: all) == [all[1], all[2], all[3]])
        #expect(try find(["zipCode": ["$type": ["string", "double"]]], in: all) == [all[0], all[1], all[4]])
        #expect(try find(["zipCode": ["$type": "array"]], in: all) == [all[4]])
        #expect(try find(["zipCode": ["$type": "timestamp"]], in: all) == [])
        let typed: [JSONValue] = [
            ["v": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"]], ["v": ["$date": 0]], ["v": ["$numberDecimal": "1"]], ["v": ["x": 1]],
        ]
        #expect(try find(["v": ["$type": "objectId"]], in: typed) == [typed[0]])
        #expect(try find(["v": ["$type": 9]], in: typed) == [typed[1]])
        #expect(try find(["v": ["$type": "number"]], in: typed) == [typed[2]])
        #expect(try find(["v": ["$type": "object"]], in: typed) == [typed[3]])
    }

    // $all: "Equivalent to $and", nested arrays, and with $elemMatch.
    @Test func all() throws {
        #expect(try DocumentQuery.parse(["tags": ["$all": [["ssl", "security"]]]]).matches(["tags": [["ssl", "security"], "x"]]))
        #expect(try DocumentQuery.parse(["tags": ["$all": [["ssl", "security"]]]]).matches(["tags": ["ssl", "security"]]))
        #expect(!(try DocumentQuery.parse(["tags": ["$all": []]]).matches(["tags": []])))
        let all: [JSONValue] = [
            ["code": "xyz", "qty": [["size": "S", "num": 10, "color": "blue"], ["size": "M", "num": 45, "color": "blue"],
                                    ["size": "L", "num": 100, "color": "green"]]],
            ["code": "abc", "qty": [["size": "6", "num": 100, "color": "green"], ["size": "6", "num": 50, "color": "blue"],
                                    ["size": "8", "num": 100, "color": "brown"]]],
            ["code": "efg", "qty": [["size": "M", "num": 100, "color": "green"], ["size": "L", "num": 100, "color": "green"]]],
            ["code": "ijk", "qty": [["size": "M", "num": 100, "color": "green"]]],
        ]
        let query: JSONValue = ["qty": ["$all": [
            ["$elemMatch": ["size": "M", "num": ["$gt": 50]]], ["$elemMatch": ["num": 100, "color": "green"]],
        ]]]
        #expect(try find(query, in: all) == [all[2], all[3]])
        #expect(try find(["qty.num": ["$all": [50]]], in: all) == [all[1]])
    }

    // $elemMatch: the scores and survey examples.
    @Test func elemMatch() throws {
        let scores: [JSONValue] = [["_id": 1, "results": [82, 85, 88]], ["_id": 2, "results": [75, 88, 89]]]
        #expect(try find(["results": ["$elemMatch": ["$gte": 80, "$lt": 85]]], in: scores) == [scores[0]])
        let survey: [JSONValue] = [
            ["_id": 1, "results": [["product": "abc", "score": 10], ["product": "xyz", "score": 5]]],
            ["_id": 2, "results": [["product": "abc", "score": 8], ["product": "xyz", "score": 7]]],
            ["_id": 3, "results": [["product": "abc", "score": 7], ["product": "xyz", "score": 8]]],
            ["_id": 4, "results": [["product": "abc", "score": 7], ["product": "def", "score": 8]]],
        ]
        #expect(try find(["results": ["$elemMatch": ["product": "xyz", "score": ["$gte": 8]]]], in: survey) == [survey[2]])
        #expect(try find(["results": ["$elemMatch": ["product": "xyz"]]], in: survey) == Array(survey[0...2]))
        #expect(try find(["results.product": "xyz"], in: survey) == Array(survey[0...2]))
        #expect(try find(["results": ["$elemMatch": ["product": ["$ne": "xyz"]]]], in: survey) == survey)
        #expect(try find(["results.product": ["$ne": "xyz"]], in: survey) == [survey[3]])
        #expect(try find(["results": ["$elemMatch": ["$or": [["score": 10], ["score": 8, "product": "def"]]]]], in: survey)
            == [survey[0], survey[3]])
    }

    // $size, $and, $or, $nor, $comment.
    @Test func logicalOperatorsAndSize() throws {
        let all: [JSONValue] = [
            ["item": "a", "price": 1.99, "sale": true, "qty": 5], ["item": "b", "price": 1.99, "qty": 21],
            ["item": "c", "sale": false, "qty": [1, 2]], ["item": "d", "price": 5, "sale": false],
        ]
        #expect(try find(["$nor": [["price": 1.99], ["sale": true]]], in: all) == [all[2], all[3]])
        #expect(try find(["$and": [["price": ["$ne": 1.99]], ["price": ["$exists": true]]]], in: all) == [all[3]])
        #expect(try find(["$or": [["qty": ["$lt": 2]], ["sale": true]]], in: all) == [all[0], all[2]])
        #expect(try find(["qty": ["$size": 2]], in: all) == [all[2]])
        #expect(try find(["qty": ["$size": 2.0]], in: all) == [all[2]])
        #expect(try find(["$comment": "anything", "item": "b"], in: all) == [all[1]])
    }

    @Test func upsertsStartFromTheEqualities() throws {
        let query = try DocumentQuery.parse([
            "name": "Ann", "age": ["$eq": 30], "tags": ["$in": ["x"]], "size.uom": "cm", "qty": ["$gt": 5],
            "$and": [["city": "Oslo"], ["country": ["$in": ["NO", "SE"]]]], "$or": [["zip": 1]],
            "pattern": ["$regularExpression": ["pattern": "a", "options": ""]],
        ])
        #expect(query.equalities == [
            "name": "Ann", "age": 30, "tags": "x", "size": ["uom": "cm"], "city": "Oslo", "zip": 1,
        ])
        #expect(query.equality(at: "age") == 30)
        #expect(query.equality(at: "city") == "Oslo")
        #expect(query.equality(at: "qty") == nil)
        #expect(query.mentions("qty"))
        #expect(query.mentions("size"))
        #expect(!query.mentions("other"))
        let scoped = query.and(try DocumentPath("owner"), equals: "u1")
        #expect(scoped.equality(at: "owner") == "u1")
        #expect(try scoped.matches([
            "name": "Ann", "age": 30, "tags": ["x"], "size": ["uom": "cm"], "qty": 6, "city": "Oslo", "country": "SE",
            "zip": 1, "pattern": "a", "owner": "u1",
        ]))
        #expect(try DocumentQuery.parse(["a.b": 1, "a": 2]).equalities == ["a": 2])
        #expect(try DocumentQuery.parse(["$or": [["a": 1], ["b": 2]]]).equalities == [:])
    }

    // The positional $ operator: the students examples of "$ (update)".
    @Test func matchedArrayIndex() throws {
        let grades = try DocumentPath("grades")
        let numbers: JSONValue = ["_id": 1, "grades": [85, 80, 80]]
        #expect(try DocumentQuery.parse(["_id": 1, "grades": 80]).matchedArrayIndex(in: numbers, arrayPath: grades) == 1)
        #expect(try DocumentQuery.parse(["grades": ["$gt": 82]]).matchedArrayIndex(in: numbers, arrayPath: grades) == 0)
        #expect(try DocumentQuery.parse(["grades": 70]).matchedArrayIndex(in: numbers, arrayPath: grades) == nil)
        #expect(try DocumentQuery.parse(["_id": 1]).matchedArrayIndex(in: numbers, arrayPath: grades) == nil)
        #expect(try DocumentQuery.parse(["grades": ["$ne": 85]]).matchedArrayIndex(in: numbers, arrayPath: grades) == nil)
        let documents: JSONValue = ["_id": 4, "grades": [
            ["grade": 80, "mean": 75, "std": 8], ["grade": 85, "mean": 90, "std": 5], ["grade": 85, "mean": 85, "std": 8],
        ]]
        #expect(try DocumentQuery.parse(["_id": 4, "grades.grade": 85]).matchedArrayIndex(in: documents, arrayPath: grades) == 1)
        #expect(try DocumentQuery.parse(["grades": ["$elemMatch": ["grade": ["$lte": 90], "mean": ["$gt": 80]]]])
            .matchedArrayIndex(in: documents, arrayPath: grades) == 1)
        #expect(try DocumentQuery.parse(["$and": [["grades.grade": 85], ["grades.std": 8]]])
            .matchedArrayIndex(in: documents, arrayPath: grades) == 2)
        #expect(try DocumentQuery.parse(["grades.grade": 85]).matchedArrayIndex(in: ["grades": 5], arrayPath: grades) == nil)
        let nested: JSONValue = ["a": ["b": [["c": 1], ["c": 2]]]]
        #expect(try DocumentQuery.parse(["a.b.c": 2]).matchedArrayIndex(in: nested, arrayPath: try DocumentPath("a.b")) == 1)
    }

    private func refusal(_ query: JSONValue) -> String? {
        refusalMessage { _ = try DocumentQuery.parse(query) }
    }

    @Test func unservedOperatorsAreRefusedByName() {
        for name in ["$where", "$expr", "$text", "$jsonSchema"] {
            #expect(refusal([.init(stringLiteral: name): "x"]) == "query operator '\(name)' is not supported")
        }
        for name in ["$near", "$geoWithin", "$mod", "$bitsAllSet", "$geoIntersects", "$nearSphere"] {
            #expect(refusal(["a": [.init(stringLiteral: name): [1, 0]]]) == "query operator '\(name)' is not supported")
        }
        #expect(refusal(["$not": ["a": 1]]) == "unknown top-level query operator '$not'")
        #expect(refusal(["$foo": 1]) == "unknown top-level query operator '$foo'")
        #expect(refusal(["a": ["$foo": 1]]) == "unknown query operator '$foo'")
        #expect(refusal(["a": ["$comment": "x"]]) == "unknown query operator '$comment'")
        #expect(refusal(["a": ["$elemMatch": ["b": ["$where": "1"]]]]) == "query operator '$where' is not supported")
    }

    @Test func malformedOperatorsAreRefused() {
        #expect(refusal("a") == "a query must be a JSON object")
        #expect(refusal(["$and": []]) == "$and takes a non-empty array of queries")
        #expect(refusal(["$or": ["a": 1]]) == "$or takes a non-empty array of queries")
        #expect(refusal(["$nor": [1]]) == "$nor takes query objects")
        #expect(refusal(["a": ["$gt": 1, "b": 2]]) == "the condition on 'a' mixes operators with the field 'b'")
        #expect(refusal(["a": ["$in": 1]]) == "$in at 'a' takes an array")
        #expect(refusal(["a": ["$nin": [["$gt": 1]]]]) == "$nin at 'a' takes values, not operators")
        #expect(refusal(["a": ["$exists": "yes"]]) == "$exists at 'a' takes true or false")
        #expect(refusal(["a": ["$size": -1]]) == "$size at 'a' takes a whole number, 0 or more")
        #expect(refusal(["a": ["$size": 1.5]]) == "$size at 'a' takes a whole number, 0 or more")
        #expect(refusal(["a": ["$all": 1]]) == "$all at 'a' takes an array")
        #expect(refusal(["a": ["$all": [["$elemMatch": ["b": 1]], 2]]])
            == "$all at 'a' takes either values or $elemMatch conditions, not both")
        #expect(refusal(["a": ["$elemMatch": 1]]) == "$elemMatch at 'a' takes an object")
        #expect(refusal(["a": ["$not": 1]]) == "$not at 'a' takes a regular expression or an object of operators")
        #expect(refusal(["a": ["$not": [:]]]) == "$not at 'a' takes a regular expression or an object of operators")
        #expect(refusal(["a": ["$type": "text"]]) == "unknown type name 'text' in $type at 'a'")
        #expect(refusal(["a": ["$type": 99]]) == "invalid type number in $type at 'a'")
        #expect(refusal(["a": ["$type": []]]) == "$type at 'a' takes at least one type")
        #expect(refusal(["a": ["$regex": "("]]) == "invalid regular expression at 'a'")
        #expect(refusal(["a": ["$regex": "x", "$options": "g"]]) == "invalid regular expression options at 'a': use i, m, s, x, u")
        #expect(refusal(["a": ["$options": "i"]]) == "$options at 'a' needs a $regex")
        #expect(refusal(["a": ["$regex": 5]]) == "$regex at 'a' takes a string or a regular expression")
        #expect(refusal(["a": ["$regex": regex("x", "i"), "$options": "m"]])
            == "options are set in both $regex and $options at 'a'")
        #expect(refusal(["a..b": 1]) == "'a..b' is not a field path")
        #expect(refusal(["a": ["$eq": ["$oid": "xyz"]]]) == "$oid at 'a.$eq' takes an ObjectId of 24 hexadecimal digits")
    }
}
