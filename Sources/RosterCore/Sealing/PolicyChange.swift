import Foundation

/// What a change of the device's policy changed, in the words history keeps: one line a
/// change, each part `before → after` (BEHAVIOURS 46).
///
///     PolicyChange.description(from: DevicePolicy(switching: .pin, lockAfter: 10),
///                              to: DevicePolicy(switching: .pin, lockAfter: 15))
///     // "lock after 10 s → 15 s"
public enum PolicyChange {
    /// The parts that differ, `nil` when nothing does.
    public static func description(from old: DevicePolicy, to new: DevicePolicy) -> String? {
        var parts: [String] = []
        if old.switching != new.switching { parts.append("\(old.switching.rawValue) → \(new.switching.rawValue)") }
        if old.lockAfter != new.lockAfter { parts.append("lock after \(lockText(old.lockAfter)) → \(lockText(new.lockAfter))") }
        if old.onIdle != new.onIdle { parts.append("on idle \(old.onIdle.rawValue) → \(new.onIdle.rawValue)") }
        if old.unlock != new.unlock { parts.append("unlock \(old.unlock.rawValue) → \(new.unlock.rawValue)") }
        if old.kiosk != new.kiosk { parts.append("kiosk \(old.kiosk ? "on" : "off") → \(new.kiosk ? "on" : "off")") }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `10 s`, `5 m`, `1 h`, `never`.
    public static func lockText(_ seconds: TimeInterval?) -> String {
        guard let seconds else { return "never" }
        let whole = Int(seconds)
        if whole % 3600 == 0 { return "\(whole / 3600) h" }
        if whole % 60 == 0 { return "\(whole / 60) m" }
        return "\(whole) s"
    }
}
