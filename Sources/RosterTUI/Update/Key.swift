/// A key press (or terminal event) as the backend reports it.
public enum Key: Sendable, Equatable {
    case char(Character)
    case up, down, left, right, enter, escape, tab, backTab, backspace
    case pageUp, pageDown, home, end
    case resize(width: Int, height: Int)
    case ctrlC
    /// Half a page down and up in a list.
    case ctrlD, ctrlU
    /// Shows or hides the focused secret field of a form.
    case ctrlR
    /// Text pasted in one piece (bracketed paste), as the terminal sent it: it goes whole into
    /// the focused text field, and is never read as keys.
    case paste(String)
    /// A click or a turn of the wheel, where the pointer was.
    case mouse(MouseEvent)
}
