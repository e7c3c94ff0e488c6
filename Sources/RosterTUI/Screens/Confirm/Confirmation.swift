/// A question with Cancel as its default answer, about one user: take it off this device, or
/// delete its account on the server.
public struct Confirmation: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case remove, delete
        /// Log out an anonymous user, which removes it for good (it can never log back in).
        case logOutAnonymous

        /// The word on the confirming button.
        public var verb: String {
            switch self {
            case .remove: "Remove"
            case .delete: "Delete"
            case .logOutAnonymous: "Log out"
            }
        }
    }

    public var kind: Kind
    public var userId: String
    /// Whether the confirming button has focus; Cancel has it at first.
    public var confirmFocused: Bool

    public init(_ kind: Kind, userId: String, confirmFocused: Bool = false) {
        self.kind = kind
        self.userId = userId
        self.confirmFocused = confirmFocused
    }

    /// The question and what follows from the answer, naming the user and fitting it: an
    /// anonymous user is gone for good, a logged-out one has no session to end.
    public func lines(name: String, user: UserRow? = nil) -> [String] {
        switch kind {
        case .remove where user?.isAnonymous == true && user?.isLoggedIn == true:
            ["Remove \(name) from this device?", "An anonymous user cannot log back in: it will be gone for good, with its data."]
        case .remove where user?.isLoggedIn == false:
            ["Remove \(name) from this device?", "It is logged out, so there is no session to end; only its entry here goes.",
             user?.isAnonymous == true ? "An anonymous user cannot log back in." : "The account stays on the server."]
        case .remove:
            ["Remove \(name) from this device?", "Its session is ended and its tokens deleted here; the account stays on the server."]
        case .delete: ["Delete the account of \(name) on the server?", "The user, its identities and data are gone for good."]
        case .logOutAnonymous:
            ["Log out \(name)?", "An anonymous user cannot log back in: it will be gone, with its data."]
        }
    }

    /// The question as a dialog: Cancel, then the confirming button.
    public func dialog(name: String, user: UserRow? = nil) -> Dialog {
        Dialog(lines: lines(name: name, user: user), buttons: ["Cancel", kind.verb], focus: confirmFocused ? 1 : 0)
    }

    /// What the status line says when the answer is Cancel.
    public var cancelled: String {
        switch kind {
        case .remove: "Nothing removed"
        case .delete: "Nothing deleted"
        case .logOutAnonymous: "Still logged in"
        }
    }
}
