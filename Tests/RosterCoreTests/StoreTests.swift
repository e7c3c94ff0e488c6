import Foundation
import RosterWire
import Testing

@testable import RosterCore

@Suite("The store")
struct StoreTests {
    /// The history is a record, not a step: a device whose history cannot be written (a full
    /// disk) still logs people in, switches and logs out.
    @Test func aHistoryThatCannotBeWrittenStopsNothing() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp(store: try FullDiskStore(directory: fixture.directory, refusing: [.history], full: true))
        let joe = try await app.login(credentials: Fixture.joe)
        let emma = try await app.login(credentials: Fixture.emma)
        try app.switchUser(to: joe)
        #expect(app.currentUser?.id == joe.id)
        try await emma.logOut()
        #expect(emma.state == .loggedOut)
        #expect(try app.history().isEmpty)
    }

    // BEHAVIOURS 39
    @Test func everythingSurvivesARestart() async throws {
        let fixture = try await Fixture.start()
        var users: [String: UserState] = [:]
        let currentId: String
        do {
            let app = try fixture.makeApp()
            let joe = try await app.login(credentials: Fixture.joe)
            let emma = try await app.login(credentials: Fixture.emma)
            let anonymous = try await app.login(credentials: .anonymous)
            try await emma.logOut()
            try app.switchUser(to: joe)
            users = [joe.id: .loggedIn, emma.id: .loggedOut, anonymous.id: .loggedIn]
            currentId = joe.id
        }
        fixture.transport.offline = true
        let reopened = try fixture.makeApp()
        #expect(Dictionary(uniqueKeysWithValues: reopened.allUsers.map { ($0.id, $0.state) }) == users)
        #expect(reopened.currentUser?.id == currentId)
        #expect(reopened.currentUser?.customData["favoriteColor"] == "green")
        #expect(reopened.allUsers.first { $0.state == .loggedOut }?.profile.name == "Emma")
        #expect(reopened.allUsers.contains { $0.isAnonymous })
    }

    // BEHAVIOURS 40 (the part that holds now: another App over the same directory sees changes at once)
    @Test func twoAppsOnOneDirectorySeeEachOthersChanges() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp()
        let second = try fixture.makeApp(transport: fixture.makeTransport())
        let joe = try await first.login(credentials: Fixture.joe)
        let joeThere = try #require(second.currentUser)
        #expect(joeThere.id == joe.id)
        try await joeThere.logOut()
        #expect(joe.state == .loggedOut)
        #expect(first.currentUser == nil)
    }

    // BEHAVIOURS 40
    // The limit only guards against a watcher that never announces: alone this takes well under
    // a second, but in the full suite on two cores the end-to-end tests' synchronous waits for
    // their child processes can hold both of Swift's cooperative threads for over a minute.
    @Test(.timeLimit(.minutes(5)))
    func anotherProcessesWritesAreAnnounced() async throws {
        let fixture = try await Fixture.start()
        let first = try fixture.makeApp(clock: SystemClock())
        let joe = try await first.login(credentials: Fixture.joe)
        var changes = first.changes(watchingOtherProcessesEvery: 0.02).makeAsyncIterator()
        let second = try fixture.makeApp(transport: fixture.makeTransport())
        try await #require(second.currentUser).logOut()
        let change = await changes.next()
        #expect(change == AppChange(event: .storeChanged, userId: "", currentUserId: nil))
        #expect(joe.state == .loggedOut)

        // Its own writes come as themselves, not as another process's.
        let emma = try await first.login(credentials: Fixture.emma)
        #expect(await changes.next() == AppChange(event: .loggedIn, userId: emma.id, currentUserId: emma.id))
    }

    // BEHAVIOURS 42
    @Test func credentialFilesAreOwnerOnly() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        let joe = try await app.login(credentials: Fixture.joe)
        #expect(PrivateFiles.mode(of: fixture.directory).map { $0 & 0o777 } == 0o700)
        let database = fixture.directory.appendingPathComponent("device.sqlite")
        #expect(PrivateFiles.mode(of: database).map { $0 & 0o777 } == 0o600)
        for suffix in ["-wal", "-shm"] {
            let file = URL(fileURLWithPath: database.path + suffix)
            if FileManager.default.fileExists(atPath: file.path) {
                #expect(PrivateFiles.mode(of: file).map { $0 & 0o077 } == 0)
            }
        }
        let folder = fixture.directory.appendingPathComponent("users/\(joe.id)")
        #expect(PrivateFiles.mode(of: folder).map { $0 & 0o777 } == 0o700)
    }

    // BEHAVIOURS 42
    @Test func anUnreadableStoreIsReportedAndKept() throws {
        let temporary = try TemporaryDirectory()
        let directory = temporary.url
        let file = directory.appendingPathComponent("device.sqlite")
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: file)
        let transport = InProcessTransport { _ in WireResponse(status: 500) }
        let error = #expect(throws: RosterError.self) {
            try App(configuration: AppConfiguration(appId: "roster-demo", transport: transport, directory: directory))
        }
        guard case .storeUnreadable(let path, let reason)? = error else {
            Issue.record("expected storeUnreadable, got \(String(describing: error))")
            return
        }
        #expect(path == file.path)
        #expect(!reason.isEmpty)
        #expect(try Data(contentsOf: file) == garbage)

        // Set aside on request: kept byte for byte, and the next App starts empty.
        let kept = try UnreadableStore.setAside(in: directory, at: Date(timeIntervalSince1970: 1_800_000_000))
        #expect(kept.lastPathComponent == "device.sqlite.unreadable-1800000000")
        #expect(try Data(contentsOf: kept) == garbage)
        #expect(PrivateFiles.mode(of: kept).map { $0 & 0o777 } == 0o600)
        let fresh = try App(configuration: AppConfiguration(appId: "roster-demo", transport: transport, directory: directory))
        #expect(fresh.allUsers.isEmpty)
    }

    @Test func changesAreAnnouncedAfterEveryWrite() async throws {
        let fixture = try await Fixture.start()
        let app = try fixture.makeApp()
        var changes = app.changes().makeAsyncIterator()
        let joe = try await app.login(credentials: Fixture.joe)
        var userChanges = joe.changes().makeAsyncIterator()
        let emma = try await app.login(credentials: Fixture.emma)
        try app.switchUser(to: joe)
        try await joe.logOut()
        #expect(await changes.next() == AppChange(event: .loggedIn, userId: joe.id, currentUserId: joe.id))
        #expect(await changes.next() == AppChange(event: .loggedIn, userId: emma.id, currentUserId: emma.id))
        #expect(await changes.next() == AppChange(event: .switched, userId: joe.id, currentUserId: joe.id))
        #expect(await changes.next() == AppChange(event: .loggedOut, userId: joe.id, currentUserId: emma.id))
        #expect(await userChanges.next() == UserChange(event: .switched, state: .loggedIn, isCurrent: true))
        #expect(await userChanges.next() == UserChange(event: .loggedOut, state: .loggedOut, isCurrent: false))
    }
}
