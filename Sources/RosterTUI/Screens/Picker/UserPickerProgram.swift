import RosterCore

/// Runs the picker on a terminal until a user is chosen or the picker is left: draws, reads a
/// key, updates, and reads the rows again when the filter changes. The caller opens the
/// backend and closes it (which gives the terminal back) however this ends.
public enum UserPickerProgram {
    /// The most rows read for one filter: a screen's worth many times over, never the whole of
    /// a device with thousands of users.
    public static let rowsRead = 500

    /// The id of the user chosen, or nil when the picker was left (Esc, Ctrl-C, a signal).
    public static func run(backend: any TerminalBackend, read: (String) throws -> UserPicker.Listing) throws -> String? {
        var picker = UserPicker(listing: try read(""))
        while true {
            backend.draw(UserPickerView.render(picker, size: backend.size))
            guard let key = backend.nextKey(waitingAtMost: 1000) else { continue }
            switch picker.update(key) {
            case .stay:
                continue
            case .refilter:
                picker.show(try read(picker.filter))
            case .choose(let id):
                return id
            case .cancel:
                return nil
            case .suspend:
                backend.suspend()
            case .redraw:
                backend.redrawAll()
            }
        }
    }

    /// The users `filter` lets through (name, email or id holding it, without case), most
    /// recently active first, read from the store's window: at most `limit`.
    public static func listing(in app: App, filter: String, limit: Int = rowsRead) throws -> UserPicker.Listing {
        let window = try app.userWindow(order: .recent, filter: UserListFilter(text: filter), anchor: .offset(0), limit: limit)
        return UserPicker.Listing(rows: window.users.map(UserPicker.Row.init), matching: window.count, total: window.total)
    }
}
