import Benchmark
import Foundation
import RosterDocuments
import RosterWire

// The document engine in-process (package-benchmark; `swift package benchmark --target
// DocumentBenchmarks`): what one data call does with the documents it reads, over 10,000
// documents of the shape Roster's users keep (a user id, a name, a number, tags, a nested
// object): a query, a `$regex` query, an update, and a pipeline that matches, groups and sorts.

let documents: [JSONValue] = (0..<10_000).map(document)

func document(_ index: Int) -> JSONValue {
    let tags: [JSONValue] = [.string("t\(index % 7)"), .string("t\(index % 11)")]
    let settings: JSONObject = ["theme": .string(index % 2 == 0 ? "dark" : "light"), "fontScale": .double(1.0 + Double(index % 5) / 10)]
    var fields: JSONObject = [:]
    fields["_id"] = .int(Int64(index))
    fields["userId"] = .string("user-\(index % 100)")
    fields["name"] = .string("Name \(index) of the list")
    fields["score"] = .int(Int64(index % 997))
    fields["tags"] = .array(tags)
    fields["settings"] = .object(settings)
    return .object(fields)
}

func json(_ text: String) -> JSONValue { try! ExtendedJSON.canonical(JSONValue(parsing: Data(text.utf8))) }
func ordered(_ text: String) -> JSONValue { try! ExtendedJSON.canonical(JSONValue(parsing: text)) }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 1_000)

    Benchmark("query, 10,000 documents") { benchmark in
        let query = try! DocumentQuery.parse(json(#"{"score": {"$gte": 500}, "settings.theme": "dark", "tags": "t3"}"#))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try! documents.filter { try query.matches($0) }.count) }
    }

    Benchmark("$regex query, 10,000 documents") { benchmark in
        let query = try! DocumentQuery.parse(json(#"{"name": {"$regex": "^Name 9[0-9]* of", "$options": "i"}}"#))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try! documents.filter { try query.matches($0) }.count) }
    }

    Benchmark("update, 10,000 documents") { benchmark in
        let update = try! DocumentUpdate.parse(json(#"{"$set": {"settings.theme": "dark"}, "$inc": {"score": 1}, "$push": {"tags": "new"}}"#))
        let fields = documents.map { $0.objectValue ?? [:] }
        let now = Date()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for document in fields { blackHole(try! update.apply(to: document, now: now)) }
        }
    }

    Benchmark("pipeline: match, group, sort, 10,000 documents") { benchmark in
        let pipeline = try! Pipeline.parse(ordered(#"""
            [{"$match": {"score": {"$gte": 100}}},
             {"$group": {"_id": "$userId", "total": {"$sum": "$score"}, "count": {"$sum": 1}}},
             {"$sort": {"total": -1}}]
            """#))
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(try! pipeline.run(documents)) }
    }
}
