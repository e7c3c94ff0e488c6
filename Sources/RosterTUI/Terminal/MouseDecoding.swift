import CNCurses

/// Turns curses' mouse report (a button state and a cell) into a `MouseEvent`. Buttons Roster
/// does not use (right, middle) are dropped.
///
///     MouseDecoding.event(state: MouseDecoding.clicked, column: 3, row: 5)
///     // MouseEvent(.click, column: 3, row: 5)
enum MouseDecoding {
    static let pressed = roster_button1_pressed()
    static let released = roster_button1_released()
    static let clicked = roster_button1_clicked()
    static let doubleClicked = roster_button1_double_clicked()
    static let wheelUp = roster_wheel_up()
    static let wheelDown = roster_wheel_down()

    static func event(state: mmask_t, column: Int, row: Int) -> MouseEvent? {
        // The most telling first: a double click also carries what it was made of on some terminals.
        let kinds: [(mmask_t, MouseEvent.Kind)] = [
            (doubleClicked, .doubleClick), (clicked, .click), (wheelUp, .wheelUp), (wheelDown, .wheelDown),
            (pressed, .press), (released, .release),
        ]
        guard let kind = kinds.first(where: { state & $0.0 != 0 })?.1 else { return nil }
        return MouseEvent(kind, column: column, row: row)
    }
}
