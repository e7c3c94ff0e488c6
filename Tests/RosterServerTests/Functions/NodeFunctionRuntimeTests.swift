import Foundation
import RosterFunctions
import RosterServerCore
import RosterWire
import Synchronization
import Testing

/// The JavaScript runtime on its own: functions as App Services loads them (`exports = …`),
/// ES2022, the BSON and EJSON globals, nothing of the host, and each limit (a deadline that
/// stops an endless loop and an endless `await`, a heap cap, a thrown error's words), after
/// which the runtime goes on answering.
@Suite(.timeLimit(.minutes(2))) struct NodeFunctionRuntimeTests {
    /// What a function asks of the server, answered here as the server would and written down.
    final class Host: FunctionHost {
        let lines = Mutex<[String]>([])
        let executed = Mutex<[String]>([])
        let dataArguments = Mutex<[JSONValue]>([])

        func execute(_ name: String, arguments: [JSONValue]) async throws -> JSONValue {
            executed.withLock { $0.append(name) }
            guard name == "double" else { throw ErrorResponse(.functionNotFound, "function '\(name)' not found") }
            return .int(2 * (arguments.first?["$numberInt"]?.stringValue.flatMap { Int64($0) } ?? 0))
        }

        func data(service: String, database: String, collection: String, action: String, arguments: [JSONValue]) async throws -> JSONValue {
            dataArguments.withLock { $0 += arguments }
            return ["service": .string(service), "namespace": .string("\(database).\(collection)"), "action": .string(action), "arguments": .array(arguments)]
        }

        func log(_ text: String, isError: Bool) {
            lines.withLock { $0.append((isError ? "error: " : "") + text) }
        }
    }

    let runtime = NodeFunctionRuntime.shared

    func run(_ source: String, _ arguments: [JSONValue] = [], host: Host = Host(), seconds: Int = 10, memory: Int = 64) async throws
        -> JSONValue
    {
        try await runtime.run(
            FunctionExecution(name: "f", source: source, arguments: arguments, deadline: .seconds(seconds), memoryMegabytes: memory),
            host: host)
    }

    func refusal(_ source: String, seconds: Int = 10, memory: Int = 64) async -> FunctionRuntimeFailure? {
        do {
            _ = try await run(source, seconds: seconds, memory: memory)
            return nil
        } catch {
            return error as? FunctionRuntimeFailure
        }
    }

    @Test func functionsAreLoadedAsAppServicesLoadsThem() async throws {
        #expect(try await run("exports = function(a, b) { return a + b };", [["$numberInt": "1"], ["$numberInt": "2"]]) == 3)
        #expect(try await run("exports = async function(a) { return a * 2 };", [["$numberDouble": "1.5"]]) == 3)
        #expect(try await run("exports = (x) => x ?? 'none';", [.null]) == "none")
        // ES2022: classes with private fields, optional chaining, destructuring, spread.
        let modern = """
            class Counter { #n = 0; add(k) { this.#n += k; return this; } get value() { return this.#n; } }
            exports = async function({ a, b: [first, ...rest] }) {
              const c = new Counter().add(a).add(first);
              return { total: c.value, rest, deep: a?.missing?.field ?? null, at: [1, 2, 3].at(-1) };
            };
            """
        #expect(try await run(modern, [["a": ["$numberInt": "1"], "b": [["$numberInt": "2"], "x"]]]) == [
            "total": 3, "rest": ["x"], "deep": .null, "at": 3,
        ])
        // realm-core's test app's sumFunc, as written there.
        let sum = """
                exports = function(...args) {
                    return args.reduce((a,b) => a + b, 0);
                };
            """
        #expect(try await run(sum, [["$numberLong": "1"], ["$numberLong": "2"], ["$numberLong": "3"], ["$numberLong": "4"], ["$numberLong": "5"]]) == 15)
        #expect(await refusal("exports = 5;") == .threw("function 'f' exports no function (exports = function …)"))
        #expect(await refusal("exports = function( {") == .threw("SyntaxError: Unexpected end of input"))
    }

    @Test func bsonAndEJSONAreAppServicesGlobals() async throws {
        let source = """
            exports = function(id, when, price, big, bytes) {
              return {
                id, idType: id instanceof BSON.ObjectId, hex: id.toHexString(), made: new BSON.ObjectId('5f0c0c0c0c0c0c0c0c0c0c0d'),
                when, year: when.getUTCFullYear(), price, priceText: price.toString(), big, bytes,
                long: BSON.Long.fromString('9007199254740993'), decimal: BSON.Decimal128.fromString('0.1'),
                binary: BSON.Binary.fromBase64('AAE=', 0),
                text: EJSON.stringify({ n: BSON.Int32 ? new BSON.Int32(7) : 7 }, { relaxed: false }),
                parsed: EJSON.parse('{"at": {"$date": {"$numberLong": "0"}}}').at.getTime(),
              };
            };
            """
        let answer = try await run(source, [
            ["$oid": "5f0c0c0c0c0c0c0c0c0c0c0c"], ["$date": ["$numberLong": "1700000000000"]], ["$numberDecimal": "12.50"],
            ["$numberLong": "9007199254740993"], ["$binary": ["base64": "AQID", "subType": "00"]],
        ])
        #expect(answer == [
            "id": ["$oid": "5f0c0c0c0c0c0c0c0c0c0c0c"], "idType": true, "hex": "5f0c0c0c0c0c0c0c0c0c0c0c",
            "made": ["$oid": "5f0c0c0c0c0c0c0c0c0c0c0d"], "when": ["$date": "2023-11-14T22:13:20.000Z"], "year": 2023,
            "price": ["$numberDecimal": "12.50"], "priceText": "12.50", "big": ["$numberLong": "9007199254740993"],
            "bytes": ["$binary": ["base64": "AQID", "subType": "00"]], "long": ["$numberLong": "9007199254740993"],
            "decimal": ["$numberDecimal": "0.1"], "binary": ["$binary": ["base64": "AAE=", "subType": "00"]],
            "text": #"{"n":{"$numberInt":"7"}}"#, "parsed": 0,
        ])
    }

    @Test func nothingOfTheHostIsReachable() async throws {
        let globals = try await run("exports = () => [typeof process, typeof require, typeof fetch, typeof setTimeout, typeof Buffer, typeof module];")
        #expect(globals == ["undefined", "undefined", "undefined", "undefined", "undefined", "undefined"])
        // The classic way out of a context, through a host object's Function, finds no code
        // made from strings; nor does eval in the function's own context.
        let escape = """
            exports = () => {
              const tries = [];
              for (const attempt of [
                () => BSON.ObjectId.constructor.constructor('return process')(),
                () => context.constructor.constructor('return process')(),
                () => eval('1 + 1'),
                () => new Function('return 1')(),
              ]) { try { tries.push(String(attempt())); } catch (e) { tries.push(e.name); } }
              return tries;
            };
            """
        #expect(try await run(escape) == ["EvalError", "EvalError", "EvalError", "EvalError"])
        // What one function changes of the shared globals, the next does not see.
        let hex = "exports = () => { BSON.ObjectId.prototype.toHexString = () => 'x'; return new BSON.ObjectId('5f0c0c0c0c0c0c0c0c0c0c0c').toHexString(); };"
        #expect(try await run(hex) == "5f0c0c0c0c0c0c0c0c0c0c0c")
        #expect(try await run("exports = () => { globalThis.left = 1; return 1; };") == 1)
        #expect(try await run("exports = () => typeof left;") == "undefined")
    }

    @Test func consoleAndCallsBackReachTheHost() async throws {
        let host = Host()
        let source = """
            exports = async function(n) {
              console.log('got', n, { id: new BSON.ObjectId('5f0c0c0c0c0c0c0c0c0c0c0c') });
              console.error('careful');
              const doubled = await context.functions.execute('double', n);
              let missing;
              try { await context.functions.execute('nope'); } catch (e) { missing = e.message; }
              const data = await context.services.get('mongodb-atlas').db('shop').collection('items').findOne({ n });
              return { doubled, missing, data };
            };
            """
        let answer = try await run(source, [["$numberInt": "21"]], host: host)
        #expect(answer["doubled"] == 42)
        #expect(answer["missing"] == "function 'nope' not found")
        #expect(answer["data"] == [
            "service": "mongodb-atlas", "namespace": "shop.items", "action": "findOne", "arguments": [["n": 21]],
        ])
        // The server gets the call's arguments as canonical Extended JSON.
        #expect(host.dataArguments.withLock { $0 } == [["n": ["$numberInt": "21"]]])
        #expect(host.lines.withLock { $0 } == [#"got 21 {"id":{"$oid":"5f0c0c0c0c0c0c0c0c0c0c0c"}}"#, "error: careful"])
        #expect(host.executed.withLock { $0 } == ["double", "nope"])
    }

    @Test func eachLimitStopsItsFunctionAndTheNextCallIsAnswered() async throws {
        #expect(await refusal("exports = function() { for (;;) {} };", seconds: 1) == .outOfTime(seconds: 1))
        #expect(try await run("exports = () => 'after the loop';") == "after the loop")
        #expect(await refusal("exports = async function() { await new Promise(() => {}); };", seconds: 1) == .outOfTime(seconds: 1))
        #expect(try await run("exports = () => 'after the await';") == "after the await")
        let hog = "exports = function() { const a = []; for (;;) a.push(new Array(100000).fill(1)); };"
        #expect(await refusal(hog, memory: 32) == .outOfMemory(megabytes: 32))
        #expect(try await run("exports = () => 'after the hog';", memory: 32) == "after the hog")
        #expect(await refusal("exports = async function() { throw new Error('boom'); };") == .threw("boom"))
        #expect(await refusal("exports = function() { throw 'plain words'; };") == .threw("plain words"))
        #expect(await refusal("exports = function() { null.x; };") == .threw("TypeError: Cannot read properties of null (reading 'x')"))
    }

    /// Whatever a function throws is refused with words, never taken for an answer: an Error by
    /// its message (its name first unless a plain Error, the name alone when it has no message),
    /// a string as it is, any other value as JSON or its text.
    @Test(arguments: [
        ("throw new Error('no such order')", "no such order"),
        ("throw new RangeError('too many')", "RangeError: too many"),
        ("throw new Error()", "Error"),
        ("throw 'out of stock'", "out of stock"),
        ("throw { code: 7, reason: 'late' }", #"{"code":7,"reason":"late"}"#),
        ("throw 42", "42"),
        ("throw null", "null"),
        ("throw undefined", "undefined"),
        ("throw Symbol('s')", "Symbol(s)"),
        ("throw () => 1", "the function threw a function"),
        ("throw { get message() { throw 1; }, toJSON() { throw 2; }, toString() { throw 3; } }", "the function threw a value that cannot be read"),
        ("return Promise.reject(undefined)", "undefined"),
        // As App Services words it (realm-kotlin's FunctionsTests expect it so).
        ("return unknown", "ReferenceError: 'unknown' is not defined"),
        ("throw new ReferenceError('x')", "ReferenceError: x"),
    ])
    func whatAFunctionThrowsIsRefusedWithWords(_ body: String, _ words: String) async throws {
        #expect(await refusal("exports = async function() { \(body); };") == .threw(words))
        #expect(try await run("exports = () => 'after it';") == "after it")
    }

    /// A promise a function rejects and leaves unhandled goes to its log, and the function
    /// answers: the worker is not ended by it.
    @Test func aRejectionLeftUnhandledIsLoggedAndTheFunctionAnswers() async throws {
        let host = Host()
        let source = """
            exports = async function() {
              Promise.reject(new Error('nobody waits for this'));
              return await context.functions.execute('double', 21);
            };
            """
        #expect(try await run(source, host: host) == 42)
        #expect(host.lines.withLock { $0 } == ["error: unhandled promise rejection: nobody waits for this"])
    }

    @Test func framesLargerThanThePipeHoldsReachABusyWorkerWhole() async throws {
        // The run frame and the call's answer are each 1 MiB, sixteen times what the pipe holds;
        // the answer comes while the function is busy and reads nothing: the rest waits and
        // follows, whole and in order, without holding up the caller.
        let big = String(repeating: "r", count: 1 << 20)
        let source = """
            exports = async function(big) {
              const call = context.services.get('s').db('d').collection('c').findOne({ big });
              const until = Date.now() + 200;
              while (Date.now() < until) {}
              const answer = await call;
              return [big.length, answer.arguments[0].big.length, answer.arguments[0].big === big];
            };
            """
        #expect(try await run(source, [.string(big)], seconds: 60) == [.int(1 << 20), .int(1 << 20), true])
        #expect(try await run("exports = () => 'next';") == "next")
    }

    @Test func aCallWhoseCallerGoesAwayIsStopped() async throws {
        // Its deadline is past the suite's time limit: only the cancellation ends it in time.
        let call = Task { try await run("exports = async function() { await new Promise(() => {}); };", seconds: 600) }
        call.cancel()
        await #expect(throws: FunctionRuntimeFailure.self) { try await call.value }
    }
}
