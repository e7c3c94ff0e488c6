import Foundation
import RosterWire

/// The `device` a web client sends as it starts App Services' web OAuth flow
/// (`…/login?…&device=…`): its `DeviceInfo` as JSON in base64 (realm-web writes the URL-safe
/// alphabet without padding; the standard one is read too). The flow keeps the device id, so
/// a browser that logged in before is the same device again, as with `options.device` in a
/// log-in's body; the session checks it as it checks that one.
///
///     RedirectDevice.deviceId("eyJkZXZpY2VJZCI6IjY1MGYxYzJhOWU0YjFkMmUzZjRhNWI2YyJ9")  // "650f1c2a9e4b1d2e3f4a5b6c"
package enum RedirectDevice {
    /// The device id `text` holds; nil for anything that is not base64 of a device's JSON.
    package static func deviceId(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let device = try? JSONDecoder().decode(DeviceInfo.self, from: data) else { return nil }
        return device.deviceId
    }
}
