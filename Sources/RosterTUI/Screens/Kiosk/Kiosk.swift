/// Kiosk mode (`roster ui --kiosk`, or the device's policy; BEHAVIOURS 54): the switcher is the
/// only thing on the terminal. No key leaves it: `q`, Ctrl-C and every other quit open the admin
/// PIN box instead, and only a right admin PIN ends the switcher; Ctrl-Z and Ctrl-\ do nothing
/// but say so. A signal (the terminal closed, `kill`) still ends it.
enum Kiosk {
    static let notice = "This terminal is a kiosk: q, then the admin PIN, leaves Roster"

    /// What a kiosk on the embedded demo server cannot protect, said when it starts, on the
    /// account form and first in every help box.
    static let embeddedDemoCaveat =
        "This kiosk runs Roster's embedded demo server, which protects no account: the demo users' passwords are public "
        + "and its mail is kept in files on this device. A kiosk for real accounts needs a server (--server)."

    /// The effects of a key, with a quit turned into the admin PIN box in a kiosk.
    static func gate(_ model: inout Model, _ effects: [Effect]) -> [Effect] {
        guard model.isKiosk, effects.contains(.quit) else { return effects }
        let kept = effects.filter { $0 != .quit }
        if case .secretPrompt(let prompt) = model.mode, prompt.purpose == .leaveKiosk { return kept }
        let active = model.list.currentUser
        model.help = nil
        model.messageBox = nil
        model.mode = .secretPrompt(
            SecretPrompt(
                purpose: .leaveKiosk, user: UserTarget(id: active?.id ?? "", name: active?.displayName ?? "nobody"), kind: .pin))
        return kept
    }
}

extension Model {
    /// What this kiosk cannot protect, when it runs on the embedded demo server; nil otherwise.
    public var kioskCaveat: String? {
        isKiosk && onEmbeddedDemo ? Kiosk.embeddedDemoCaveat : nil
    }
}
