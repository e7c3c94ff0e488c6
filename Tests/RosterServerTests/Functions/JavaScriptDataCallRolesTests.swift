import Foundation
import RosterAppModel
import RosterWire
import Testing
@testable import RosterServer
@testable import RosterServerCore

/// A JavaScript function's data calls under App Services' roles: they share what they resolve of
/// their caller once per run (`CallerExpansions`), and still read the user's custom data at each
/// call, so a role that reads it sees what the function wrote before; a function that runs as
/// system passes the roles, one that runs as its user does not.
@Suite(.timeLimit(.minutes(2))) struct JavaScriptDataCallRolesTests {
    /// The vault opens to a user whose custom data says they manage it.
    static let vault = DataRule(database: "kiosk", collection: "vault", roles: [
        AppRole(name: "manager", applyWhen: ["%%user.custom_data.role": "manager"], read: true, write: true, insert: true)
    ])

    static let seed = """
        exports = async function() {
          await context.services.get('mongodb-atlas').db('kiosk').collection('vault').insertOne({ item: 'key' });
          return true;
        };
        """
    static let peek = """
        exports = async function() {
          return (await context.services.get('mongodb-atlas').db('kiosk').collection('vault').find({}).toArray()).map((d) => d.item);
        };
        """

    static func start() async throws -> JavaScriptFunctionCallTests.Caller {
        var config = JavaScriptFunctionCallTests.config([
            "seed": FunctionConfig(source: seed, runAsSystem: true), "peek": FunctionConfig(source: peek),
            "peekAsSystem": FunctionConfig(source: peek, runAsSystem: true),
            "promote": FunctionConfig(source: """
                exports = async function() {
                  const atlas = context.services.get('mongodb-atlas');
                  const vault = atlas.db('kiosk').collection('vault');
                  const users = atlas.db('my_database').collection('users');
                  const items = async () => (await vault.find({}).toArray()).map((d) => d.item);
                  const before = await items();
                  await users.insertOne({ userId: context.user.id, role: 'manager' });
                  const promoted = await items();
                  await users.updateOne({ userId: context.user.id }, { $set: { role: 'guest' } });
                  const demoted = await items();
                  return { before, promoted, demoted, atStart: context.user.custom_data.role ?? null };
                };
                """),
        ])
        config.rules = [TestConfig.ownCustomData, vault]
        let t = try await TestServer.make(config)
        let ann = JavaScriptFunctionCallTests.Caller(t: t, login: try await t.loggedIn(.anonymous))
        let seeded = await ann.call("seed")
        #expect(seeded.json == true, "\(String(decoding: seeded.body, as: UTF8.self))")
        return ann
    }

    @Test func aRoleReadingCustomDataSeesWhatTheFunctionWroteBefore() async throws {
        let ann = try await Self.start()
        let answer = await ann.call("promote")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        #expect(answer.json == ["before": [], "promoted": ["key"], "demoted": [], "atStart": .null])
    }

    @Test func aSystemFunctionPassesTheRolesAndAUserFunctionDoesNot() async throws {
        let ann = try await Self.start()
        #expect(await ann.call("peekAsSystem").json == ["key"])
        #expect(await ann.call("peek").json == [])
    }

    @Test func aRunResolvesItsCallerOnce() async throws {
        let t = try await TestServer.make(JavaScriptFunctionCallTests.config([:]))
        let caller = try await t.server.services.sessions.authorize(accessToken: try await t.loggedIn(.anonymous).accessToken)
        let first = FunctionRequest(remoteAddress: "203.0.113.7", headers: [("User-Agent", "RealmJS")], method: "POST")
        let resolved = CallerExpansions()
        let fixed = resolved.fixed(caller, request: first)
        #expect(fixed == CallerExpansions.Fixed.of(caller, request: first))
        #expect(fixed.request["httpUserAgent"] == "RealmJS" && fixed.values["greeting"] == "hello" && fixed.environment["tag"] == "testing")
        // A later call of the same run reuses it (a run's request does not change; another one
        // here shows that nothing is resolved again).
        #expect(resolved.fixed(caller, request: FunctionRequest(remoteAddress: "198.51.100.1")) == fixed)
    }
}
