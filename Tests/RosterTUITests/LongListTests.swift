import Foundation
import RosterCore
import RosterTUI
import Testing

/// A device with more users than a window holds is never read whole (BEHAVIOURS 57): the
/// switcher holds a window of the list around what it shows, and moves, `/`, `f` and changes
/// ask the store, which filters and finds by the rule the list uses in memory. Windows of 8 here
/// stand for the 256 of a real run.
@Suite struct LongListTests {
    static let size = 8

    /// 24 people with custom-JWT names, then Joe (email) and an anonymous user, the last active.
    static func device() async throws -> (DemoServer, SessionEffects) {
        let demo = try await DemoServer.start()
        for index in 0..<24 {
            let token = try await demo.server.admin.mintCustomJWT(
                appId: demo.appId, subject: "long-list-\(index)", claims: ["name": .string("person \(index)")], lifetime: 600)
            _ = try await demo.app.login(credentials: .jwt(token))
        }
        _ = try await demo.app.login(credentials: .emailPassword(email: "joe@example.com", password: "passw0rd"))
        _ = try await demo.app.login(credentials: .anonymous)
        return (demo, SessionEffects(app: demo.app, windowSize: size))
    }

    /// The model as the switcher opens it, in `order`.
    static func opened(_ effects: SessionEffects, order: ListOrder) async throws -> Model {
        var model = Model(now: Date())
        model.list.setOrder(order)
        model.list.windowSize = size
        let reads = update(&model, try effects.firstList(order: order))
        try #require(reads.isEmpty)
        return model
    }

    /// Applies an action and performs what it asks, as the program does, until nothing is asked.
    static func apply(_ action: Action, to model: inout Model, with effects: SessionEffects) async {
        var pending = [action]
        while !pending.isEmpty {
            let asked = update(&model, pending.removeFirst())
            for effect in asked { pending += await effects.perform(effect) }
        }
    }

    @Test func theFirstFrameHoldsAWindowAroundTheActiveUserAndCountsEveryone() async throws {
        let (demo, effects) = try await Self.device()
        defer { demo.remove() }
        let model = try await Self.opened(effects, order: .name)
        #expect(model.list.window?.total == 26 && model.list.window?.count == 26 && model.list.users.count == Self.size)
        #expect(model.list.selectedUser?.isCurrent == true && model.list.selectedUser?.isAnonymous == true)
        #expect(model.list.currentUser?.id == model.list.selectedUser?.id)
        #expect(model.screen[0].contains("Roster · 26 users"), "\(model.screen[0])")
        // A device with no more than a window is read whole, and filtered in memory.
        let small = try await DemoServer.start()
        defer { small.remove() }
        _ = try await small.app.login(credentials: .anonymous)
        var whole = Model(now: Date())
        _ = update(&whole, try SessionEffects(app: small.app, windowSize: Self.size).firstList(order: .name))
        #expect(whole.list.window == nil && whole.list.users.count == 1)
    }

    /// Walking the whole list a key at a time: every user comes in order, the rows held never
    /// grow past a window, and the reads are asked for before the selection reaches their end.
    @Test func movesReadTheWindowAheadOfTheSelection() async throws {
        let (demo, effects) = try await Self.device()
        defer { demo.remove() }
        var model = try await Self.opened(effects, order: .name)
        let everyone = ListOrder.name.ordered(try effects.rows()).map(\.id)
        await Self.apply(.key(.char("g")), to: &model, with: effects)
        var seen = [model.list.selectedUser?.id]
        for _ in 1..<everyone.count {
            let asked = update(&model, .key(.down))
            // The row just moved to is held already: the read runs ahead of it.
            #expect(model.list.selectedUser != nil, "at \(model.list.selection)")
            for effect in asked { for action in await effects.perform(effect) { await Self.apply(action, to: &model, with: effects) } }
            seen.append(model.list.selectedUser?.id)
            #expect(model.list.users.count <= Self.size)
        }
        #expect(seen == everyone)
        // End and Home jump across windows: the rows arrive with the read they ask for.
        await Self.apply(.key(.char("g")), to: &model, with: effects)
        await Self.apply(.key(.end), to: &model, with: effects)
        #expect(model.list.selection == 25 && model.list.selectedUser?.id == everyone.last)
        model.size = TerminalSize(width: 100, height: 20)
        #expect(model.screen.contains { $0.contains("26/26") })
    }

    /// `/` on a long list is the store's: the same users, in the same order, as the rule the
    /// list uses in memory lets through, for text, a provider, and both.
    @Test func theStoreFiltersAsTheListDoesInMemory() async throws {
        let (demo, effects) = try await Self.device()
        defer { demo.remove() }
        var model = try await Self.opened(effects, order: .name)
        var inMemory = Model(users: try effects.rows(), now: Date())
        inMemory.list.setOrder(.name)
        // Until the store answers a letter, the title says the count is coming, not the old one.
        _ = update(&model, .key(.char("/")))
        let asked = update(&model, .key(.char("j")))
        #expect(asked.count == 1 && model.screen[0].contains("Roster · … of 26 users"), "\(model.screen[0])")
        for effect in asked { for action in await effects.perform(effect) { await Self.apply(action, to: &model, with: effects) } }
        #expect(model.screen[0].contains("Roster · 1 of 26 users"), "\(model.screen[0])")
        for filter in ["person 1", "PERSON 2", "custom:", "custom: 3", "email:", "anon:", "joe", "nobody", "e"] {
            await Self.apply(.key(.escape), to: &model, with: effects)
            await Self.apply(.key(.char("/")), to: &model, with: effects)
            await Self.apply(.key(.paste(filter)), to: &model, with: effects)
            await Self.apply(.key(.enter), to: &model, with: effects)
            inMemory.list.setFilter(filter)
            #expect(model.list.shownCount == inMemory.list.visibleUsers.count, "\(filter)")
            let offset = try #require(model.list.window?.offset)
            #expect(model.list.users.map(\.id) == Array(inMemory.list.visibleUsers.dropFirst(offset).prefix(Self.size)).map(\.id), "\(filter)")
            if filter == "person 1" { #expect(model.screen[0].contains("11 of 26 users"), "\(model.screen[0])") }
        }
    }

    /// `f` on a long list asks the store where the matches are: the same places the rule finds
    /// in memory, and ↓ goes to a match outside the rows held.
    @Test func findAsYouTypeIsTheStoresAndReachesPastTheWindow() async throws {
        let (demo, effects) = try await Self.device()
        defer { demo.remove() }
        var model = try await Self.opened(effects, order: .name)
        let everyone = ListOrder.name.ordered(try effects.rows())
        await Self.apply(.key(.char("g")), to: &model, with: effects)
        await Self.apply(.key(.char("f")), to: &model, with: effects)
        let looking = update(&model, .key(.char("2")))
        #expect(model.screen[0].contains("find: 2_ · looking…"), "\(model.screen[0])")
        for effect in looking { for action in await effects.perform(effect) { await Self.apply(action, to: &model, with: effects) } }
        let expected = ListFind(text: "2", startId: nil, in: everyone).positions
        #expect(model.list.find?.positions == expected && expected.count > 1)
        #expect(model.list.selection == expected[0] && model.list.selectedUser?.displayName == everyone[expected[0]].displayName)
        for position in expected.dropFirst() {
            await Self.apply(.key(.down), to: &model, with: effects)
            #expect(model.list.selection == position && model.list.selectedUser?.id == everyone[position].id)
        }
        // Esc goes back to where finding began, read again if it is no longer held.
        await Self.apply(.key(.escape), to: &model, with: effects)
        #expect(model.list.find == nil && model.list.selection == 0 && model.list.selectedUser?.id == everyone[0].id)
    }

    /// A change made by another process is read around the selection, which stays on its user,
    /// and told for the users held; the title counts the users the device has now.
    @Test func aChangeElsewhereIsReadAroundTheSelectionAndTold() async throws {
        let (demo, effects) = try await Self.device()
        defer { demo.remove() }
        var model = try await Self.opened(effects, order: .name)
        await Self.apply(.key(.char("g")), to: &model, with: effects)
        await Self.apply(.key(.char("j")), to: &model, with: effects)
        let selected = try #require(model.list.selectedUser)
        let neighbour = try #require(model.list.shownUser(at: 2))
        let other = try demo.secondDevice()
        // Someone past the rows held is removed too: not told of, but counted.
        let far = ListOrder.name.ordered(try effects.rows())[20]
        #expect(model.list.shownIndex(of: far.id) == nil)
        _ = try await #require(other.user(id: neighbour.id)).logOut()
        try await #require(other.user(id: far.id)).remove()
        await Self.apply(.listChanged(revision: try demo.app.storeRevision(), elsewhere: true), to: &model, with: effects)
        #expect(model.list.selectedUser?.id == selected.id)
        #expect(model.status?.text == "\(neighbour.displayName) was logged out elsewhere")
        #expect(model.list.window?.total == 25 && model.screen[0].contains("Roster · 25 users"))
        // A change elsewhere that comes while another read is under way is told once, by
        // that read, which may hold it already.
        let next = try #require(model.list.shownUser(at: 3))
        _ = try await #require(other.user(id: next.id)).logOut()
        let revision = try demo.app.storeRevision()
        let own = update(&model, .listChanged(revision: revision, elsewhere: false))
        #expect(update(&model, .listChanged(revision: revision, elsewhere: true)).isEmpty, "one read at a time")
        model.status = nil
        for effect in own { for action in await effects.perform(effect) { await Self.apply(action, to: &model, with: effects) } }
        #expect(model.status?.text == "\(next.displayName) was logged out elsewhere")
        #expect(model.list.following.pending == nil && !model.list.following.stale && !model.list.following.elsewhere)
        // An older read than the rows held is not shown.
        let held = model.list.users
        _ = update(&model, .listChanged(revision: 1, elsewhere: false))
        #expect(model.list.following.pending == nil && model.list.users == held)
    }

    /// A device that grows past a window is held as one from the next read, and one that shrinks
    /// back is read whole again; the selection stays on its user both ways.
    @Test func aListGrowingPastAWindowIsHeldAsOneAndShrinkingBackIsReadWhole() async throws {
        let demo = try await DemoServer.start()
        defer { demo.remove() }
        let effects = SessionEffects(app: demo.app, windowSize: Self.size)
        var tokens: [String] = []
        for index in 0..<10 {
            tokens.append(try await demo.server.admin.mintCustomJWT(
                appId: demo.appId, subject: "growing-\(index)", claims: ["name": .string("grown \(index)")], lifetime: 600))
        }
        for token in tokens.prefix(6) { _ = try await demo.app.login(credentials: .jwt(token)) }
        var model = Model(now: Date())
        model.list.windowSize = Self.size
        _ = update(&model, try effects.firstList(order: .recent))
        #expect(model.list.window == nil && model.list.users.count == 6 && model.list.selectedUser?.displayName == "grown 5")
        for token in tokens.suffix(4) { _ = try await demo.app.login(credentials: .jwt(token)) }
        await Self.apply(.key(.char("G")), to: &model, with: effects)
        let oldest = try #require(model.list.selectedUser)
        for action in await effects.perform(.reload) { await Self.apply(action, to: &model, with: effects) }
        #expect(model.list.window?.total == 10 && model.list.users.count == Self.size && model.list.selectedUser?.id == oldest.id)
        for user in try demo.app.userSnapshots().prefix(3) { try await #require(demo.app.user(id: user.id)).remove() }
        for action in await effects.perform(.reload) { await Self.apply(action, to: &model, with: effects) }
        #expect(model.list.window == nil && model.list.users.count == 7 && model.list.selectedUser?.id == oldest.id)
    }
}
