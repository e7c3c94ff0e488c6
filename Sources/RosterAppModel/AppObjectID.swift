/// The id of an app's resource as App Services writes it: 24 hexadecimal digits, an ObjectId.
/// The Admin API names resources by it, and an app directory keeps it (`"id"` beside a
/// function, trigger, service, rule, value or provider) so that an app exported and served again
/// keeps the ids its clients and scripts know.
///
///     AppObjectID.isValid("5f1a8e3c9d1b2a3c4d5e6f70")   // true
public enum AppObjectID {
    /// Whether `text` is 24 hexadecimal digits.
    public static func isValid(_ text: String) -> Bool {
        text.utf8.count == 24 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
    }
}
