import RosterDocuments
import RosterWire
import Testing

/// Extended JSON as MongoDB's manual page "MongoDB Extended JSON (v2)" writes it, canonical and
/// relaxed, read into the engine's one form and written back for answers.
@Suite struct ExtendedJSONTests {
    private func canonical(_ value: JSONValue) throws(DocumentError) -> JSONValue {
        try ExtendedJSON.canonical(value)
    }

    private func refusal(_ value: JSONValue) -> String? {
        refusalMessage { _ = try canonical(value) }
    }

    // Extended JSON (v2): Int32, Int64, Double in canonical and relaxed modes.
    @Test func numbersBecomePlainNumbers() throws {
        let value = try canonical([
            "int": ["$numberInt": "-5"], "long": ["$numberLong": "9223372036854775807"],
            "double": ["$numberDouble": "10.5"], "whole": ["$numberDouble": "1.0"], "exp": ["$numberDouble": "-1.5e3"],
            "nan": ["$numberDouble": "NaN"], "inf": ["$numberDouble": "Infinity"], "ninf": ["$numberDouble": "-Infinity"],
            "plain": 3, "relaxed": 2.5, "raw": .double(.infinity),
        ])
        #expect(value == [
            "int": -5, "long": .int(Int64.max), "double": 10.5, "whole": 1.0, "exp": -1500.0,
            "nan": ["$numberDouble": "NaN"], "inf": ["$numberDouble": "Infinity"], "ninf": ["$numberDouble": "-Infinity"],
            "plain": 3, "relaxed": 2.5, "raw": ["$numberDouble": "Infinity"],
        ])
    }

    @Test func numbersOutOfRangeOrMalformedAreRefused() {
        #expect(refusal(["n": ["$numberInt": "2147483648"]]) == "$numberInt at 'n' takes the text of a 32-bit integer")
        #expect(refusal(["$numberInt": "1.5"]) == "$numberInt takes the text of a 32-bit integer")
        #expect(refusal(["$numberInt": 5]) == "$numberInt takes the text of a 32-bit integer")
        #expect(refusal(["$numberLong": "9223372036854775808"]) == "$numberLong takes the text of a 64-bit integer")
        #expect(refusal(["a": [["$numberDouble": "abc"]]])
            == "$numberDouble at 'a.0' takes the text of a number, 'NaN', 'Infinity' or '-Infinity'")
        #expect(refusal(["$numberDouble": "0x10"]) != nil)
        #expect(refusal(["$numberDouble": "1e400"]) != nil)
    }

    // Extended JSON (v2): ObjectId.
    @Test func objectIdsAreLowercasedAndChecked() throws {
        #expect(try canonical(["_id": ["$oid": "5F0C1E2A9B1E8A3D4C5B6A79"]])
            == ["_id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"]])
        let message = "$oid at '_id' takes an ObjectId of 24 hexadecimal digits"
        #expect(refusal(["_id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a7"]]) == message)
        #expect(refusal(["_id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a7g"]]) == message)
        #expect(refusal(["_id": ["$oid": 12]]) == message)
        #expect(refusal(["_id": ["$oid": "\u{FF10}\u{FF10}\u{FF10}\u{FF10}\u{FF10}\u{FF10}\u{FF10}\u{FF10}"]]) == message)
    }

    // Extended JSON (v2): Date, canonical `{"$numberLong": …}` and relaxed ISO-8601.
    @Test func datesBecomeMilliseconds() throws {
        let value = try canonical([
            "canonical": ["$date": ["$numberLong": "1700000000000"]],
            "relaxed": ["$date": "2023-11-14T22:13:20Z"],
            "fraction": ["$date": "2023-11-14T22:13:20.123Z"],
            "micro": ["$date": "2023-11-14T22:13:20.1239Z"],
            "tenth": ["$date": "2023-11-14T22:13:20.5Z"],
            "offset": ["$date": "2023-11-15T00:13:20+02:00"],
            "compact": ["$date": "2023-11-14T17:13:20-0500"],
            "number": ["$date": 1_700_000_000_000],
            "before": ["$date": ["$numberLong": "-1"]],
            "epoch": ["$date": "1970-01-01T00:00:00Z"],
            "leap": ["$date": "2024-02-29T00:00:00Z"],
            "old": ["$date": "1969-12-31T23:59:59.999Z"],
        ])
        #expect(value == [
            "canonical": ["$date": 1_700_000_000_000], "relaxed": ["$date": 1_700_000_000_000],
            "fraction": ["$date": 1_700_000_000_123], "micro": ["$date": 1_700_000_000_123],
            "tenth": ["$date": 1_700_000_000_500], "offset": ["$date": 1_700_000_000_000],
            "compact": ["$date": 1_700_000_000_000], "number": ["$date": 1_700_000_000_000],
            "before": ["$date": -1], "epoch": ["$date": 0], "leap": ["$date": 1_709_164_800_000],
            "old": ["$date": -1],
        ])
    }

    @Test func malformedDatesAreRefused() {
        let message = "$date at 'at' takes an ISO-8601 date, milliseconds or {\"$numberLong\": …}"
        for bad: JSONValue in ["2023-11-14", "2023-11-14T22:13:20", "2023-02-30T00:00:00Z", "2023-11-14T24:00:00Z",
                               "2023-11-14T22:13:20.Z", "yesterday", true, ["$numberLong": "x"], 1.5]
        {
            #expect(refusal(["at": ["$date": bad]]) == message, "\(bad)")
        }
    }

    // Extended JSON (v2): Binary, and the legacy `{"$binary": …, "$type": …}` of v1.
    @Test func binaryTakesTheV2Shape() throws {
        let v2: JSONValue = ["$binary": ["base64": "AQIDBA==", "subType": "00"]]
        #expect(try canonical(["b": v2]) == ["b": v2])
        #expect(try canonical(["$binary": ["base64": "AQIDBA==", "subType": "4"]])
            == ["$binary": ["base64": "AQIDBA==", "subType": "04"]])
        #expect(try canonical(["$binary": "AQIDBA==", "$type": "80"])
            == ["$binary": ["base64": "AQIDBA==", "subType": "80"]])
        #expect(try canonical(["$uuid": "00112233-4455-6677-8899-aabbccddeeff"])
            == ["$binary": ["base64": "ABEiM0RVZneImaq7zN3u/w==", "subType": "04"]])
        #expect(refusal(["$binary": ["base64": "not base64!", "subType": "00"]]) == "$binary takes base64 data")
        #expect(refusal(["$binary": ["base64": "AQ==", "subType": "zz"]])
            == "$binary takes a subType of one or two hexadecimal digits")
        #expect(refusal(["$binary": ["base64": "AQ=="]]) == "$binary takes {\"base64\": …, \"subType\": …}")
        #expect(refusal(["$uuid": "0011"]) == "$uuid takes a UUID of 32 hexadecimal digits with dashes")
    }

    // Extended JSON (v2): Decimal128 and Regular Expression.
    @Test func decimalsAndRegularExpressionsAreChecked() throws {
        #expect(try canonical(["$numberDecimal": "1.10"]) == ["$numberDecimal": "1.10"])
        #expect(try canonical(["$numberDecimal": "-1E+5"]) == ["$numberDecimal": "-1E+5"])
        #expect(try canonical(["$numberDecimal": "nan"]) == ["$numberDecimal": "NaN"])
        #expect(try canonical(["$numberDecimal": "-Infinity"]) == ["$numberDecimal": "-Infinity"])
        #expect(refusal(["$numberDecimal": "1.2.3"]) == "$numberDecimal takes the text of a decimal number")
        #expect(refusal(["$numberDecimal": 1]) == "$numberDecimal takes the text of a decimal number")
        #expect(try canonical(["$regularExpression": ["pattern": "^a.c$", "options": "xi"]])
            == ["$regularExpression": ["pattern": "^a.c$", "options": "ix"]])
        #expect(refusal(["r": ["$regularExpression": ["pattern": "a", "options": "g"]]])
            == "$regularExpression at 'r' takes options among i, m, s, x, u, l")
        #expect(refusal(["$regularExpression": ["pattern": "a"]])
            == "$regularExpression takes {\"pattern\": …, \"options\": …}")
    }

    @Test func typesRosterDoesNotKeepAreRefusedByName() {
        #expect(refusal(["t": ["$timestamp": ["t": 1, "i": 1]]]) == "Extended JSON '$timestamp' values are not supported at 't'")
        #expect(refusal(["$minKey": 1]) == "Extended JSON '$minKey' values are not supported")
        #expect(refusal(["$maxKey": 1]) == "Extended JSON '$maxKey' values are not supported")
        #expect(refusal(["$symbol": "s"]) == "Extended JSON '$symbol' values are not supported")
        #expect(refusal(["$code": "f()", "$scope": [:]]) == "Extended JSON '$code' values are not supported")
    }

    /// BSON undefined may be among a function's arguments (what a function answered, sent back),
    /// never in a document.
    @Test func undefinedIsKeptInAFunctionsArgumentsAlone() throws {
        let argument: JSONValue = ["a": ["$undefined": true], "list": [1, ["$undefined": true]]]
        #expect(try ExtendedJSON.canonicalArgument(argument) == argument)
        #expect(try ExtendedJSON.canonicalArgument(["$undefined": true]) == ExtendedJSON.undefined)
        #expect(refusalMessage { _ = try ExtendedJSON.canonicalArgument(["n": ["$undefined": false]]) } == "$undefined at 'n' takes true")
        #expect(refusal(argument) == "Extended JSON '$undefined' values are not supported at 'a'")
    }

    @Test func objectsThatAreNotOneWrapperStayObjects() throws {
        let query: JSONValue = [
            "qty": ["$gt": ["$numberInt": "5"], "$lt": ["$numberLong": "50"]],
            "name": ["$regex": "^a", "$options": "i"],
            "_id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79", "extra": true],
            "list": [["$numberDouble": "2.5"], "x", nil],
        ]
        #expect(try canonical(query) == [
            "qty": ["$gt": 5, "$lt": 50],
            "name": ["$regex": "^a", "$options": "i"],
            "_id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79", "extra": true],
            "list": [2.5, "x", nil],
        ])
    }

    // Extended JSON (v2), relaxed mode: dates from 1970 to 9999 as ISO-8601, others as $numberLong.
    @Test func answersWriteDatesRelaxed() {
        let value: JSONValue = [
            "at": ["$date": 1_700_000_000_000], "ms": ["$date": 1_700_000_000_123], "epoch": ["$date": 0],
            "before": ["$date": -1], "far": ["$date": 253_402_300_800_000], "last": ["$date": 253_402_300_799_999],
            "id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"], "n": 5, "list": [["$date": 86_400_000]],
        ]
        #expect(ExtendedJSON.relaxed(value) == [
            "at": ["$date": "2023-11-14T22:13:20Z"], "ms": ["$date": "2023-11-14T22:13:20.123Z"],
            "epoch": ["$date": "1970-01-01T00:00:00Z"], "before": ["$date": ["$numberLong": "-1"]],
            "far": ["$date": ["$numberLong": "253402300800000"]], "last": ["$date": "9999-12-31T23:59:59.999Z"],
            "id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"], "n": 5, "list": [["$date": "1970-01-02T00:00:00Z"]],
        ])
    }

    @Test func canonicalAndRelaxedRoundTrip() throws {
        let stored: JSONValue = [
            "at": ["$date": 1_700_000_000_123], "old": ["$date": -62_135_596_800_000],
            "id": ["$oid": "5f0c1e2a9b1e8a3d4c5b6a79"], "dec": ["$numberDecimal": "0.1"],
            "bin": ["$binary": ["base64": "AQ==", "subType": "00"]], "nan": ["$numberDouble": "NaN"],
            "re": ["$regularExpression": ["pattern": "x", "options": "im"]], "n": [1, 2.5, "s", nil, true],
        ]
        #expect(try canonical(ExtendedJSON.relaxed(stored)) == stored)
        #expect(try canonical(stored) == stored)
        // Every millisecond of a few years either side of the epoch and of leap days reads back.
        for milliseconds: Int64 in [0, 1, 999, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, 253_402_300_799_999] {
            let relaxed = ExtendedJSON.relaxed(["$date": .int(milliseconds)])
            #expect(relaxed["$date"]?.stringValue != nil)
            #expect(try canonical(relaxed) == ["$date": .int(milliseconds)])
        }
    }
}
