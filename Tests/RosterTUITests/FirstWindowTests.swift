import Foundation
import RosterCore
import RosterTUI
import Testing

/// The first frame of a device with more users than fit shows a window of them around the
/// active user, the title counting them all; the whole list follows and takes its place.
@Suite struct FirstWindowTests {
    @Test func theFirstFrameShowsAWindowAndTheWholeCountThenTheWholeList() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        for index in 0..<4 {
            let token = try await demo.server.admin.mintCustomJWT(
                appId: demo.appId, subject: "first-window-\(index)", claims: ["name": .string("person \(index)")], lifetime: 600)
            _ = try await demo.app.login(credentials: .jwt(token))
        }
        let effects = SessionEffects(app: demo.app)
        let first = try effects.firstWindow(order: .name, limit: 2)
        #expect(first.total == 4 && first.rows.count == 2)
        // Around the active user: the last one logged in, "person 3", last by name.
        #expect(first.rows.map(\.displayName) == ["person 2", "person 3"])

        var model = Model(users: first.rows, now: Date())
        model.totalUsers = first.total
        #expect(model.selectedUser?.displayName == "person 3" && model.selectedUser?.isCurrent == true)
        #expect(model.screen[0].contains("Roster · 4 users"), "\(model.screen[0])")
        // Changes elsewhere read before the whole list are no news about the users past the
        // window.
        var changed = model
        _ = update(&changed, .usersChangedElsewhere(try effects.rows()))
        #expect(changed.status == nil && changed.users.count == 4 && changed.totalUsers == nil)
        for action in await effects.perform(.reload) { _ = update(&model, action) }
        #expect(model.totalUsers == nil && model.users.count == 4)
        #expect(model.screen[0].contains("Roster · 4 users") && model.selectedUser?.displayName == "person 3")
    }
}
