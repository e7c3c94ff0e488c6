import Foundation
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// `context.services.get(…).db(…).collection(…)` in a JavaScript function: the collection API as
/// Promises of BSON values, through data access under the caller's rules, or past them for a
/// function that runs as system.
@Suite(.timeLimit(.minutes(3))) struct JavaScriptDataCallTests {
    static let notes = DataRule(database: "kiosk", collection: "notes", read: .own, write: .own, userIdField: "owner")
    static let audit = DataRule(database: "kiosk", collection: "audit", read: .none, write: .none)

    static func start(_ functions: [String: FunctionConfig]) async throws -> JavaScriptFunctionCallTests.Caller {
        var config = JavaScriptFunctionCallTests.config(functions)
        config.rules = [notes, audit, TestConfig.ownCustomData]
        let t = try await TestServer.make(config)
        return .init(t: t, login: try await t.loggedIn(.anonymous))
    }

    @Test func theCollectionAPIRunsUnderTheCallersRules() async throws {
        let source = """
            exports = async function(text) {
              const notes = context.services.get('mongodb-atlas').db('kiosk').collection('notes');
              const owner = context.user.id;
              const { insertedId } = await notes.insertOne({ owner, text, at: new Date(0) });
              await notes.insertMany([{ owner, text: 'second' }, { owner, text: 'third' }]);
              const updated = await notes.updateOne({ _id: insertedId }, { $set: { seen: true } });
              const one = await notes.findOne({ _id: insertedId });
              const all = await notes.find({ owner }, { sort: { text: 1 }, projection: { _id: 0, text: 1 } }).toArray();
              const counted = await notes.count({ owner });
              const grouped = await notes.aggregate([{ $match: { owner } }, { $group: { _id: null, n: { $sum: 1 } } }]).toArray();
              const changed = await notes.findOneAndUpdate({ text: 'third' }, { $set: { text: 'last' } }, { returnNewDocument: true, projection: { _id: 0, text: 1 } });
              const removed = await notes.deleteOne({ text: 'second' });
              return {
                isId: insertedId instanceof BSON.ObjectId, modified: updated.modifiedCount, seen: one.seen,
                when: one.at.getTime(), all: all.map((n) => n.text), counted, n: grouped[0].n, changed, removed: removed.deletedCount,
                left: (await notes.find({}).toArray()).length,
              };
            };
            """
        let ann = try await Self.start(["notes": FunctionConfig(source: source)])
        let answer = await ann.call("notes", ["first"])
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.json == [
            "isId": true, "modified": 1, "seen": true, "when": 0, "all": ["first", "second", "third"], "counted": 3, "n": 3,
            "changed": ["text": "last"], "removed": 1, "left": 2,
        ])
        // Bob's run of the same function sees none of Ann's notes: two of his own are left.
        let bob = JavaScriptFunctionCallTests.Caller(t: ann.t, login: try await ann.t.loggedIn(.anonymous))
        #expect(await bob.call("notes", ["bob's"]).json?["left"] == 2)
    }

    @Test func aRuleThatSaysNoRejectsTheCallUnlessTheFunctionRunsAsSystem() async throws {
        let source = """
            exports = async function() {
              const audit = context.services.get('mongodb-atlas').db('kiosk').collection('audit');
              try { await audit.insertOne({ what: 'entry' }); } catch (e) { return 'refused: ' + e.message; }
              return (await audit.find({}).toArray()).map((d) => d.what);
            };
            """
        let ann = try await Self.start([
            "asUser": FunctionConfig(source: source), "asSystem": FunctionConfig(source: source, runAsSystem: true),
            "elsewhere": FunctionConfig(source: "exports = () => context.services.get('other').db('a').collection('b').findOne();"),
        ])
        let refused = await ann.call("asUser").json?.stringValue
        #expect(refused?.hasPrefix("refused: users may not write") == true, "\(refused ?? "")")
        #expect(await ann.call("asSystem").json == ["entry"])
        #expect(await ann.call("elsewhere").errorMessage?.hasPrefix("no service 'other'") == true)
    }

    @Test func manyAtOnceReplaceDeleteAndDistinctAnswerAsMongoDBDoes() async throws {
        let source = """
            exports = async function() {
              const notes = context.services.get('mongodb-atlas').db('kiosk').collection('notes');
              const owner = context.user.id;
              await notes.insertMany([
                { owner, text: 'a', tags: ['red', 'blue'] }, { owner, text: 'b', tags: 'red' }, { owner, text: 'c', tags: ['green'] },
                { owner, text: 'd' },
              ]);
              const updated = await notes.updateMany({ text: { $in: ['a', 'b'] } }, { $set: { seen: true } });
              const replaced = await notes.findOneAndReplace(
                { text: 'c' }, { owner, text: 'C', tags: ['green', 'red'] }, { returnNewDocument: true, projection: { _id: 0, text: 1 } });
              const taken = await notes.findOneAndDelete({ text: 'd' }, { projection: { _id: 0, text: 1 } });
              const tags = await notes.distinct('tags');
              const seenTags = await notes.distinct('tags', { seen: true });
              const deleted = await notes.deleteMany({ seen: true });
              return { updated: updated.modifiedCount, replaced, taken, tags, seenTags, deleted: deleted.deletedCount, left: await notes.count({}) };
            };
            """
        let bad = "exports = () => context.services.get('mongodb-atlas').db('kiosk').collection('notes').distinct('$tags');"
        let ann = try await Self.start(["notes": FunctionConfig(source: source), "bad": FunctionConfig(source: bad)])
        let answer = await ann.call("notes")
        #expect(answer.json == [
            "updated": 2, "replaced": ["text": "C"], "taken": ["text": "d"], "tags": ["blue", "green", "red"], "seenTags": ["blue", "red"],
            "deleted": 2, "left": 1,
        ], "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(await ann.call("bad").errorMessage == "collection.distinct takes a field name")
    }
}
