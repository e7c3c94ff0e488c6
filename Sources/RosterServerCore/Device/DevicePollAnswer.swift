import RosterWire

/// What a device poll comes to: refused with RFC 8628's error (the route answers it 400), or
/// granted with the log-in (or link) answer and its `provider_type`, once.
package enum DevicePollAnswer: Sendable {
    case refused(DeviceGrantError)
    case granted(JSONValue)
}
