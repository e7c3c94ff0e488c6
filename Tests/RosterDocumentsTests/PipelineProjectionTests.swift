import RosterDocuments
import RosterWire
import Testing

/// The reshaping stages `$project`, `$addFields` (and `$set`) and `$unset`, from the MongoDB
/// manual's examples.
@Suite struct PipelineProjectionTests {
    /// The `$project` page's `books` document.
    static let book = """
        [{"_id": 1, "title": "abc123", "isbn": "0001122223334", "author": {"last": "zzz", "first": "aaa"}, "copies": 5,
          "lastModified": "2016-07-28"}]
        """

    /// The `$addFields` page's `scores`.
    static let scores = """
        [
          {"_id": 1, "student": "Maya", "homework": [10, 5, 10], "quiz": [10, 8], "extraCredit": 0},
          {"_id": 2, "student": "Ryan", "homework": [5, 6, 5], "quiz": [8, 8], "extraCredit": 8}
        ]
        """

    // MongoDB manual, $project: "Include Specific Fields in Output Documents" and "Suppress
    // _id Field in the Output Documents".
    @Test func projectIncludesFieldsAndId() throws {
        try PipelineFixture.expect(#"[{"$project": {"title": 1, "author": 1}}]"#, on: Self.book,
                                   gives: #"[{"_id": 1, "title": "abc123", "author": {"last": "zzz", "first": "aaa"}}]"#)
        try PipelineFixture.expect(#"[{"$project": {"_id": 0, "title": true, "author": 1}}]"#, on: Self.book,
                                   gives: #"[{"title": "abc123", "author": {"last": "zzz", "first": "aaa"}}]"#)
        // "If you specify an inclusion of a field that does not exist ... $project ignores it."
        try PipelineFixture.expect(#"[{"$project": {"title": 1, "nothing": 1}}]"#, on: Self.book,
                                   gives: #"[{"_id": 1, "title": "abc123"}]"#)
    }

    // MongoDB manual, $project: "Exclude Fields from Output Documents" and "Exclude Fields from
    // Embedded Documents" (dotted and nested forms give the same).
    @Test func projectExcludesFields() throws {
        try PipelineFixture.expect(#"[{"$project": {"lastModified": 0}}]"#, on: Self.book, gives: """
            [{"_id": 1, "title": "abc123", "isbn": "0001122223334", "author": {"last": "zzz", "first": "aaa"}, "copies": 5}]
            """)
        let expected = #"[{"_id": 1, "title": "abc123", "isbn": "0001122223334", "author": {"last": "zzz"}, "copies": 5}]"#
        try PipelineFixture.expect(#"[{"$project": {"author.first": 0, "lastModified": 0}}]"#, on: Self.book, gives: expected)
        try PipelineFixture.expect(#"[{"$project": {"author": {"first": 0}, "lastModified": false}}]"#, on: Self.book, gives: expected)
        try PipelineFixture.expect(#"[{"$project": {"_id": 0}}]"#, on: #"[{"_id": 1, "a": 2}]"#, gives: #"[{"a": 2}]"#)
    }

    // MongoDB manual, $project: "Conditionally Exclude Fields" ($$REMOVE).
    @Test func projectRemovesAFieldConditionally() throws {
        try PipelineFixture.expect("""
            [{"$project": {"title": 1, "author.first": 1, "author.last": 1,
                           "author.middle": {"$cond": {"if": {"$eq": ["", "$author.middle"]}, "then": "$$REMOVE", "else": "$author.middle"}}}}]
            """, on: """
            [
              {"_id": 1, "title": "abc123", "isbn": "0001122223334", "author": {"last": "zzz", "first": "aaa"}, "copies": 5},
              {"_id": 2, "title": "Baked Goods", "isbn": "9999999999999", "author": {"last": "xyz", "first": "abc", "middle": ""}, "copies": 2},
              {"_id": 3, "title": "Ice Cream Cakes", "isbn": "8888888888888", "author": {"last": "xyz", "first": "abc", "middle": "mmm"}, "copies": 5}
            ]
            """, gives: """
            [
              {"_id": 1, "title": "abc123", "author": {"last": "zzz", "first": "aaa"}},
              {"_id": 2, "title": "Baked Goods", "author": {"last": "xyz", "first": "abc"}},
              {"_id": 3, "title": "Ice Cream Cakes", "author": {"last": "xyz", "first": "abc", "middle": "mmm"}}
            ]
            """)
    }

    // MongoDB manual, $project: "Include Specific Fields from Embedded Documents" (through an
    // array too, in both forms).
    @Test func projectIncludesEmbeddedFields() throws {
        let bookmarks = """
            [{"_id": 1, "user": "1234", "stop": {"title": "book1", "author": "xyz", "page": 32}},
             {"_id": 2, "user": "7890", "stop": [{"title": "book2", "author": "abc", "page": 5}, {"title": "book3", "author": "ijk", "page": 100}]}]
            """
        let expected = #"[{"_id": 1, "stop": {"title": "book1"}}, {"_id": 2, "stop": [{"title": "book2"}, {"title": "book3"}]}]"#
        try PipelineFixture.expect(#"[{"$project": {"stop.title": 1}}]"#, on: bookmarks, gives: expected)
        try PipelineFixture.expect(#"[{"$project": {"stop": {"title": 1}}}]"#, on: bookmarks, gives: expected)
        // Plain values in the array have none of the fields; a document without them is empty.
        try PipelineFixture.expect(#"[{"$project": {"_id": 0, "a.b": 1}}]"#, on: #"[{"a": [1, {"b": 2, "c": 3}, {"c": 4}, [{"b": 5}]]}, {"a": 7}]"#,
                                   gives: #"[{"a": [{"b": 2}, {}, [{"b": 5}]]}, {}]"#)
    }

    // MongoDB manual, $project: "Include Computed Fields" (a nested object of expressions in
    // place of a string field, renamed fields).
    @Test func projectComputesFields() throws {
        try PipelineFixture.expect("""
            [{"$project": {"title": 1,
                           "isbn": {"prefix": {"$substr": ["$isbn", 0, 3]}, "group": {"$substr": ["$isbn", 3, 2]},
                                    "publisher": {"$substr": ["$isbn", 5, 4]}, "title": {"$substr": ["$isbn", 9, 3]},
                                    "checkDigit": {"$substr": ["$isbn", 12, 1]}},
                           "lastName": "$author.last", "copiesSold": "$copies"}}]
            """, on: Self.book, gives: """
            [{"_id": 1, "title": "abc123",
              "isbn": {"prefix": "000", "group": "11", "publisher": "2222", "title": "333", "checkDigit": "4"},
              "lastName": "zzz", "copiesSold": 5}]
            """)
    }

    // MongoDB manual, $project: "Project New Array Fields" and "Array Indexes are Unsupported".
    @Test func projectBuildsArrays() throws {
        let document = #"[{"_id": {"$oid": "55ad167f320c6be244eb3b95"}, "x": 1, "y": 1}]"#
        try PipelineFixture.expect(#"[{"$project": {"myArray": ["$x", "$y"]}}]"#, on: document,
                                   gives: #"[{"_id": {"$oid": "55ad167f320c6be244eb3b95"}, "myArray": [1, 1]}]"#)
        try PipelineFixture.expect(#"[{"$project": {"myArray": ["$x", "$y", "$someField"]}}]"#, on: document,
                                   gives: #"[{"_id": {"$oid": "55ad167f320c6be244eb3b95"}, "myArray": [1, 1, null]}]"#)
        let pizzas = #"[{"_id": 0, "name": ["Pepperoni"]}]"#
        try PipelineFixture.expect(#"[{"$project": {"x": "$name", "_id": 0}}]"#, on: pizzas, gives: #"[{"x": ["Pepperoni"]}]"#)
        try PipelineFixture.expect(#"[{"$project": {"x": "$name.0", "_id": 0}}]"#, on: pizzas, gives: #"[{"x": []}]"#)
    }

    // MongoDB manual, $project: "Literal Values": a number or boolean is a flag, $literal a value.
    @Test func projectTakesLiteralsThroughLiteral() throws {
        try PipelineFixture.expect(#"[{"$project": {"title": 1, "editionNumber": {"$literal": 1}, "flag": {"$literal": false}, "text": "plain"}}]"#,
                                   on: #"[{"_id": 1, "title": "Dracula"}]"#,
                                   gives: #"[{"_id": 1, "title": "Dracula", "editionNumber": 1, "flag": false, "text": "plain"}]"#)
    }

    @Test func projectRefusesWhatMongoDBRefuses() {
        #expect(PipelineFixture.refusal(#"[{"$project": {}}]"#) == .invalid("$project takes at least one field"))
        #expect(PipelineFixture.refusal(#"[{"$project": {"a": 1, "b": 0}}]"#)
            == .invalid("$project cannot exclude 'b' and include or compute 'a'"))
        #expect(PipelineFixture.refusal(#"[{"$project": {"a": {"$literal": 1}, "b": 0}}]"#)
            == .invalid("$project cannot exclude 'b' and include or compute 'a'"))
        #expect(PipelineFixture.refusal(#"[{"$project": {"_id": "$a", "b": 0}}]"#)
            == .invalid("$project cannot compute '_id' in a projection that excludes fields"))
        // "Path Collision Errors in Embedded Fields", in either order.
        #expect(PipelineFixture.refusal(#"[{"$project": {"contact": 1, "contact.address.country": 1}}]"#)
            == .invalid("$project names 'contact.address.country' twice, or with a field inside it"))
        #expect(PipelineFixture.refusal(#"[{"$project": {"contact": {"address.country": 1}}}]"#)
            == .invalid("$project takes no dotted names inside a nested object ('contact.address.country')"))
        #expect(PipelineFixture.refusal(#"[{"$project": {"a": {}}}]"#) == .invalid("$project takes no empty object ('a')"))
        #expect(PipelineFixture.refusal(#"[{"$project": {"$a": 1}}]"#) == .invalid("field names may not start with '$' ('$a')"))
        #expect(PipelineFixture.refusal(#"[{"$project": {"a": {"$map": {}}}}]"#) == .invalid("unknown expression operator '$map'"))
        #expect(PipelineFixture.refusal(#"[{"$project": "a"}]"#) == .invalid("$project takes an object of fields"))
    }

    // MongoDB manual, $addFields: "Using Two $addFields Stages".
    @Test func addFieldsComputesOnTopOfTheDocument() throws {
        try PipelineFixture.expect("""
            [{"$addFields": {"totalHomework": {"$sum": "$homework"}, "totalQuiz": {"$sum": "$quiz"}}},
             {"$addFields": {"totalScore": {"$add": ["$totalHomework", "$totalQuiz", "$extraCredit"]}}}]
            """, on: Self.scores, gives: """
            [
              {"_id": 1, "student": "Maya", "homework": [10, 5, 10], "quiz": [10, 8], "extraCredit": 0,
               "totalHomework": 25, "totalQuiz": 18, "totalScore": 43},
              {"_id": 2, "student": "Ryan", "homework": [5, 6, 5], "quiz": [8, 8], "extraCredit": 8,
               "totalHomework": 16, "totalQuiz": 16, "totalScore": 40}
            ]
            """)
    }

    // MongoDB manual, $addFields: "Adding Fields to an Embedded Document" (and the same through
    // a nested object).
    @Test func addFieldsSetsInsideEmbeddedDocuments() throws {
        let vehicles = """
            [{"_id": 1, "type": "car", "specs": {"doors": 4, "wheels": 4}},
             {"_id": 2, "type": "motorcycle", "specs": {"doors": 0, "wheels": 2}},
             {"_id": 3, "type": "jet ski"}]
            """
        let expected = """
            [{"_id": 1, "type": "car", "specs": {"doors": 4, "wheels": 4, "fuel_type": "unleaded"}},
             {"_id": 2, "type": "motorcycle", "specs": {"doors": 0, "wheels": 2, "fuel_type": "unleaded"}},
             {"_id": 3, "type": "jet ski", "specs": {"fuel_type": "unleaded"}}]
            """
        try PipelineFixture.expect(#"[{"$addFields": {"specs.fuel_type": "unleaded"}}]"#, on: vehicles, gives: expected)
        try PipelineFixture.expect(#"[{"$addFields": {"specs": {"fuel_type": "unleaded"}}}]"#, on: vehicles, gives: expected)
        // Into each document of an array; an empty object is a value.
        try PipelineFixture.expect(#"[{"$addFields": {"a.b": 1, "e": {"f": {}}}}]"#, on: #"[{"a": [{"c": 1}, 2]}]"#,
                                   gives: #"[{"a": [{"c": 1, "b": 1}, {"b": 1}], "e": {"f": {}}}]"#)
    }

    // MongoDB manual, $addFields: "Overwriting an existing field" (numbers are values here,
    // and every expression sees the document as it came in).
    @Test func addFieldsOverwrites() throws {
        try PipelineFixture.expect(#"[{"$addFields": {"cats": 20}}]"#, on: #"[{"_id": 1, "dogs": 10, "cats": 15}]"#,
                                   gives: #"[{"_id": 1, "dogs": 10, "cats": 20}]"#)
        try PipelineFixture.expect(#"[{"$addFields": {"_id": "$item", "item": "fruit"}}]"#, on: """
            [{"_id": 1, "item": "tangerine", "type": "citrus"}, {"_id": 2, "item": "lemon", "type": "citrus"},
             {"_id": 3, "item": "grapefruit", "type": "citrus"}]
            """, gives: """
            [{"_id": "tangerine", "item": "fruit", "type": "citrus"}, {"_id": "lemon", "item": "fruit", "type": "citrus"},
             {"_id": "grapefruit", "item": "fruit", "type": "citrus"}]
            """)
    }

    // MongoDB manual, $addFields: "Add Element to an Array" ($concatArrays).
    @Test func addFieldsExtendsAnArray() throws {
        try PipelineFixture.expect(#"[{"$match": {"_id": 1}}, {"$addFields": {"homework": {"$concatArrays": ["$homework", [7]]}}}]"#,
                                   on: Self.scores,
                                   gives: #"[{"_id": 1, "student": "Maya", "homework": [10, 5, 10, 7], "quiz": [10, 8], "extraCredit": 0}]"#)
    }

    // MongoDB manual, $addFields: "Remove Fields" ($$REMOVE, and $ifNull falling back to it).
    @Test func addFieldsRemovesWithRemove() throws {
        let readings = """
            [{"_id": 1, "date": {"$date": "2024-10-09T00:00:00Z"}, "temperature": 80},
             {"_id": 2, "date": null, "temperature": 83},
             {"_id": 3, "date": {"$date": "2024-12-09T00:00:00Z"}, "temperature": 85}]
            """
        try PipelineFixture.expect(#"[{"$addFields": {"date": "$$REMOVE"}}]"#, on: readings,
                                   gives: #"[{"_id": 1, "temperature": 80}, {"_id": 2, "temperature": 83}, {"_id": 3, "temperature": 85}]"#)
        try PipelineFixture.expect(#"[{"$addFields": {"date": {"$ifNull": ["$date", "$$REMOVE"]}}}]"#, on: readings, gives: """
            [{"_id": 1, "date": {"$date": "2024-10-09T00:00:00Z"}, "temperature": 80},
             {"_id": 2, "temperature": 83},
             {"_id": 3, "date": {"$date": "2024-12-09T00:00:00Z"}, "temperature": 85}]
            """)
    }

    // MongoDB manual, $set (aggregation): an alias of $addFields.
    @Test func setIsAddFields() throws {
        try PipelineFixture.expect(#"[{"$set": {"totalHomework": {"$sum": "$homework"}, "quiz": "$$REMOVE"}}]"#, on: Self.scores, gives: """
            [{"_id": 1, "student": "Maya", "homework": [10, 5, 10], "extraCredit": 0, "totalHomework": 25},
             {"_id": 2, "student": "Ryan", "homework": [5, 6, 5], "extraCredit": 8, "totalHomework": 16}]
            """)
        #expect(PipelineFixture.refusal(#"[{"$set": {"a": 1, "a.b": 2}}]"#) == .invalid("$set names 'a.b' twice, or with a field inside it"))
        #expect(PipelineFixture.refusal(#"[{"$addFields": [1]}]"#) == .invalid("$addFields takes an object of fields"))
    }

    // MongoDB manual, $unset (aggregation): a field, fields, and embedded fields.
    @Test func unsetRemovesFields() throws {
        let books = """
            [{"_id": 1, "title": "Antelope Antics", "isbn": "0001122223334", "author": {"last": "An", "first": "Auntie"},
              "copies": [{"warehouse": "A", "qty": 5}, {"warehouse": "B", "qty": 15}]},
             {"_id": 2, "title": "Bees Babble", "isbn": "999999999333", "author": {"last": "Bumble", "first": "Bee"},
              "copies": [{"warehouse": "A", "qty": 2}, {"warehouse": "B", "qty": 5}]}]
            """
        let withoutCopies = """
            [{"_id": 1, "title": "Antelope Antics", "isbn": "0001122223334", "author": {"last": "An", "first": "Auntie"}},
             {"_id": 2, "title": "Bees Babble", "isbn": "999999999333", "author": {"last": "Bumble", "first": "Bee"}}]
            """
        try PipelineFixture.expect(#"[{"$unset": "copies"}]"#, on: books, gives: withoutCopies)
        try PipelineFixture.expect(#"[{"$unset": ["copies"]}]"#, on: books, gives: withoutCopies)
        try PipelineFixture.expect(#"[{"$unset": ["isbn", "copies"]}]"#, on: books, gives: """
            [{"_id": 1, "title": "Antelope Antics", "author": {"last": "An", "first": "Auntie"}},
             {"_id": 2, "title": "Bees Babble", "author": {"last": "Bumble", "first": "Bee"}}]
            """)
        try PipelineFixture.expect(#"[{"$unset": ["isbn", "author.first", "copies.warehouse"]}]"#, on: books, gives: """
            [{"_id": 1, "title": "Antelope Antics", "author": {"last": "An"}, "copies": [{"qty": 5}, {"qty": 15}]},
             {"_id": 2, "title": "Bees Babble", "author": {"last": "Bumble"}, "copies": [{"qty": 2}, {"qty": 5}]}]
            """)
        #expect(PipelineFixture.refusal(#"[{"$unset": []}]"#) == .invalid("$unset takes a field name or a non-empty array of them"))
        #expect(PipelineFixture.refusal(#"[{"$unset": [1]}]"#) == .invalid("$unset takes field names, not int"))
        #expect(PipelineFixture.refusal(#"[{"$unset": "$a"}]"#) == .invalid("field names may not start with '$' ('$a')"))
    }
}
