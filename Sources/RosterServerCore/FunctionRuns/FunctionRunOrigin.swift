/// What set a function run off, as the app's log types it: a client's call or a function the
/// server ran itself (`FUNCTION`), or a trigger (`DB_TRIGGER`, `AUTH_TRIGGER`,
/// `SCHEDULED_TRIGGER`, with its name as `event_subscription_name`).
///
///     let origin = FunctionRunOrigin.trigger(trigger)   // type "DB_TRIGGER" for a database trigger
package struct FunctionRunOrigin: Sendable, Equatable {
    package var type: String
    package var triggerName: String?

    package static let function = FunctionRunOrigin(type: "FUNCTION")

    package static func trigger(_ trigger: TriggerConfig) -> FunctionRunOrigin {
        let type =
            switch trigger.event {
            case .database: "DB_TRIGGER"
            case .authentication: "AUTH_TRIGGER"
            case .scheduled: "SCHEDULED_TRIGGER"
            }
        return FunctionRunOrigin(type: type, triggerName: trigger.name)
    }

    /// The log types runs are kept under.
    package static let types: Set<String> = ["FUNCTION", "DB_TRIGGER", "AUTH_TRIGGER", "SCHEDULED_TRIGGER"]
}
