import Foundation
import RosterTUI
import RosterWire
import Testing

/// Defects met by people used to terminal UIs, each pinned where it was.
@Suite struct SwitcherDefectTests {
    /// An anonymous user that logs out is gone for good: `o` asks first, as `x` does.
    @Test func loggingOutAnAnonymousUserAsksAndSaysItWillBeGone() {
        var guest = Sample.smiley
        guest.state = .loggedIn
        var model = Model(users: [Sample.joe, guest], size: TerminalSize(width: 100, height: 30), now: Sample.now)
        model.press(.down)
        #expect(model.press(.char("o")).isEmpty, "nothing happens before the answer")
        #expect(model.mode == .confirm(Confirmation(.logOutAnonymous, userId: guest.id)))
        #expect(model.screen.line(containing: "Log out 😀 Sunny?") != nil)
        #expect(model.screen.line(containing: "cannot log back in: it will be gone") != nil)
        // Cancel is the default answer.
        #expect(model.press(.enter).isEmpty)
        #expect(model.mode == .list && model.status?.text == "Still logged in")
        model.press(.char("o"))
        #expect(model.press(.char("y")) == [.list(.logOut(id: guest.id))])
        // Other users log out at once, as before.
        model.press(.up)
        #expect(model.press(.char("o")) == [.list(.logOut(id: Sample.joe.id))])
    }

    /// A logged-out user's custom data is not `{}`: the device holds none.
    @Test func aLoggedOutUserShowsThatTheDeviceHoldsNoCustomData() {
        var model = Sample.model()
        let index = model.list.visibleUsers.firstIndex { $0.id == Sample.lapsed.id }!
        model.list.selection = index
        #expect(model.screen.line(containing: "none kept on this device while logged out") != nil)
        #expect(model.screen.line(containing: "  {}") == nil)
        model.list.selection = 0
        #expect(model.screen.line(containing: "while logged out") == nil)
    }

    /// Extended JSON markup is not what people read: the detail pane shows the values.
    @Test func theDetailPaneShowsTypedValuesAsValues() {
        var joe = Sample.joe
        joe.customData = ["since": ["$date": "2023-11-14T22:13:20Z"], "ratio": 1.0, "badge": ["$oid": "65f0c0ffee0000000000beef"]]
        let model = Model(users: [joe], size: TerminalSize(width: 100, height: 30), now: Sample.now)
        #expect(model.screen.line(containing: #""since": 2023-11-14T22:13:20Z"#) != nil)
        #expect(model.screen.line(containing: #""ratio": 1.0"#) != nil)
        #expect(model.screen.line(containing: #""badge": ObjectId("65f0c0ffee0000000000beef")"#) != nil)
        #expect(!model.screen.joined().contains("$date") && !model.screen.joined().contains("$oid"))
    }
}
