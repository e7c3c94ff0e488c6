/// A key press (or terminal event) as the backend reports it.
public enum Key: Sendable, Equatable {
    case char(Character)
    case up, down, left, right, enter, escape, tab, backTab, backspace
    /// Delete: the character under the cursor of a text field.
    case delete
    case home, end, pageUp, pageDown
    /// Help on every screen, a text field's too (where `?` is typed).
    case f1
    /// Readline's keys in text fields: start and end of line (Ctrl-A, Ctrl-E), erase to the
    /// start (Ctrl-U), erase the word before the cursor (Ctrl-W). Ctrl-D and Ctrl-U also move
    /// half a page in the list and the detail pane.
    case ctrlA, ctrlE, ctrlU, ctrlW, ctrlD
    case resize(width: Int, height: Int)
    case ctrlC
    /// Ctrl-Z and Ctrl-\: a shell's suspend and quit, which the switcher's raw terminal reads as
    /// keys; they never leave a kiosk.
    case ctrlZ, ctrlBackslash
    /// The process was asked to end by a signal (SIGTERM, SIGHUP, SIGINT from `kill`): it ends,
    /// kiosk or not, restoring the terminal.
    case terminate
    /// Shows or hides the focused secret field of a form.
    case ctrlR
    /// Draws the whole screen again, over whatever else wrote on the terminal (Ctrl-L, as in a
    /// shell or lazygit); the program takes it on every screen, the update never sees it.
    case ctrlL
    /// Text pasted in one piece (bracketed paste), as the terminal sent it: it goes whole into
    /// the focused text field, and is never read as keys.
    case paste(String)
    /// A click or a turn of the wheel, where the pointer was.
    case mouse(MouseEvent)
}
