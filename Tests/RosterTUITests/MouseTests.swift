import Foundation
@testable import RosterTUI
import Testing

/// The mouse on the user list, and curses' mouse reports decoded.
@Suite struct MouseTests {
    @Test func aClickSelectsTheUserUnderThePointer() {
        var model = Sample.model()
        // Row 3 is Zoë (the title is row 0); anywhere across the list's width.
        #expect(model.press(.mouse(MouseEvent(.click, column: 20, row: 3))).isEmpty)
        #expect(model.list.selectedUser?.id == Sample.zoe.id)
        model.press(.mouse(MouseEvent(.press, column: 1, row: 2)))
        #expect(model.list.selectedUser?.id == Sample.emma.id)
        // Below the last user, on the title, on the hint line: nothing.
        for row in [0, 8, 28, 29] { model.press(.mouse(MouseEvent(.click, column: 5, row: row))) }
        #expect(model.list.selectedUser?.id == Sample.emma.id)
    }

    @Test func aDoubleClickSwitchesAsEnterDoes() {
        var model = Sample.model()
        #expect(model.press(.mouse(MouseEvent(.doubleClick, column: 6, row: 2))) == [.list(.switchUser(id: Sample.emma.id))])
        #expect(model.status?.text == "Switching to emma@example.com…")
        var logIn = Sample.model()
        logIn.press(.mouse(MouseEvent(.doubleClick, column: 6, row: 6)))
        #expect(logIn.form?.email == "lapsed@example.com")
    }

    @Test func theWheelMovesTheSelection() {
        var model = Sample.model()
        model.press(.mouse(MouseEvent(.wheelDown, column: 3, row: 10)), .mouse(MouseEvent(.wheelDown, column: 3, row: 10)))
        #expect(model.list.selectedUser?.id == Sample.zoe.id)
        model.press(.mouse(MouseEvent(.wheelUp, column: 3, row: 10)))
        #expect(model.list.selectedUser?.id == Sample.emma.id)
    }

    @Test func aClickFollowsTheListsScrolling() {
        var model = ListPagingTests.crowd()
        model.press(.end)  // the last page, users 14 to 40, is shown
        model.press(.mouse(MouseEvent(.click, column: 3, row: 1)))
        #expect(model.list.selectedUser?.displayName == "user14@example.com")
    }

    @Test func clicksOnTheDetailPaneAndOtherScreensAreIgnored() {
        var model = Sample.model()
        #expect(model.press(.mouse(MouseEvent(.click, column: 60, row: 5)), .mouse(MouseEvent(.doubleClick, column: 60, row: 3))).isEmpty)
        #expect(model.list.selection == 0)
        model.press(.char("?"))
        model.press(.mouse(MouseEvent(.click, column: 3, row: 3)))
        #expect(model.help != nil)
        model.press(.escape, .char("x"))
        #expect(model.press(.mouse(MouseEvent(.doubleClick, column: 3, row: 3))).isEmpty)
        #expect(model.mode == .confirm(Confirmation(.remove, userId: Sample.joe.id)))
    }

    @Test func theWheelOverTheDetailPaneScrollsIt() {
        // Joe's details do not fit in 100x12: the pane scrolls, the selection stays.
        var model = Sample.model(width: 100, height: 12)
        let first = model.screen.line(containing: "▼ more")
        #expect(first != nil)
        model.press(.mouse(MouseEvent(.wheelDown, column: 60, row: 5)))
        #expect(model.list.selection == 0)
        #expect(model.list.detail.scroll(for: Sample.joe.id) == 3)
        model.press(.mouse(MouseEvent(.wheelUp, column: 60, row: 5)), .mouse(MouseEvent(.wheelUp, column: 60, row: 5)))
        #expect(model.list.detail.scroll(for: Sample.joe.id) == 0)
    }

    @Test func theNarrowLayoutIsHitAsItIsDrawn() {
        // 60x24: the list above (rows 1-6), the rule, the detail pane below.
        var model = Sample.model(width: 60, height: 24)
        model.press(.mouse(MouseEvent(.click, column: 50, row: 4)))
        #expect(model.list.selectedUser?.id == Sample.zhang.id)
        model.press(.mouse(MouseEvent(.click, column: 5, row: 9)))
        #expect(model.list.selectedUser?.id == Sample.zhang.id)
    }

    @Test func cursesReportsDecode() {
        #expect(MouseDecoding.event(state: MouseDecoding.clicked, column: 3, row: 5) == MouseEvent(.click, column: 3, row: 5))
        #expect(MouseDecoding.event(state: MouseDecoding.doubleClicked, column: 0, row: 1)?.kind == .doubleClick)
        #expect(MouseDecoding.event(state: MouseDecoding.pressed, column: 0, row: 1)?.kind == .press)
        #expect(MouseDecoding.event(state: MouseDecoding.released, column: 0, row: 1)?.kind == .release)
        #expect(MouseDecoding.event(state: MouseDecoding.wheelUp, column: 0, row: 1)?.kind == .wheelUp)
        #expect(MouseDecoding.event(state: MouseDecoding.wheelDown, column: 0, row: 1)?.kind == .wheelDown)
        #expect(MouseDecoding.event(state: 0, column: 0, row: 1) == nil)
    }

    @Test func aMouseReportInsideAPasteIsDropped() {
        var decoder = BracketedPasteDecoder()
        let click = Key.mouse(MouseEvent(.click, column: 1, row: 1))
        #expect(decoder.read(key: click) == [click])
        _ = "\u{1B}[200~x".unicodeScalars.flatMap { decoder.read(character: $0.value) }
        #expect(decoder.read(key: click) == [])
    }
}
