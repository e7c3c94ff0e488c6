import Foundation

/// How wrong PINs are answered (BEHAVIOURS 45): free tries, then growing waits, then the user is
/// logged out on the device.
enum WrongSecretLimits {
    static let freeTries = 3
    static let logOutAfter = 10

    /// The wait before the next try after `count` wrong ones in a row: none for the first
    /// three, then 5 s doubling (5, 10, 20, … 320 s).
    static func delay(after count: Int) -> TimeInterval? {
        guard count >= freeTries else { return nil }
        return 5 * pow(2, Double(count - freeTries))
    }
}

/// What a PIN must be: at least 4 digits. Checked before anything is sent or stored.
public enum PINRule {
    public static let minimumDigits = 4
    public static let maximumDigits = 64

    /// The problem with `pin`, in words, or `nil` when it will do.
    public static func problem(with pin: String) -> String? {
        if pin.isEmpty { return "choose a PIN of at least \(minimumDigits) digits" }
        guard pin.allSatisfy({ $0.isASCII && $0.isNumber }) else { return "a PIN is digits only" }
        if pin.count < minimumDigits { return "a PIN has at least \(minimumDigits) digits" }
        if pin.count > maximumDigits { return "a PIN has at most \(maximumDigits) digits" }
        return nil
    }
}
