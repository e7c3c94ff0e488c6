import CNCurses

/// Turns what curses reads into keys. Codes and control characters that mean nothing to
/// Roster become `nil` and are dropped.
enum KeyDecoding {
    static func key(forKeyCode code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_ENTER: .enter
        case KEY_BACKSPACE: .backspace
        case KEY_DC: .delete
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_BTAB: .backTab
        case Int32(roster_key_f(1)): .f1
        default: nil
        }
    }

    static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 1: return .ctrlA
        case 3: return .ctrlC
        case 4: return .ctrlD
        case 5: return .ctrlE
        case 21: return .ctrlU
        case 23: return .ctrlW
        case 18: return .ctrlR
        case 12: return .ctrlL
        case 26: return .ctrlZ
        case 28: return .ctrlBackslash
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 0..<32, 0x7F..<0xA0: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .char(Character(scalar))
        }
    }
}
