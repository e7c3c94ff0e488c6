/// The orders a list of the device's users comes in: `recent`, last active first (as the
/// device keeps them), or `name`, by name without case, then id, which stays put while people
/// take turns. Each has an index in the device store, so a window of either is read alone.
public enum UserOrder: String, Sendable, Equatable, CaseIterable {
    case recent
    case name
}
