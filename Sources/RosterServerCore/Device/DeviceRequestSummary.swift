import Foundation
import RosterWire

/// The device authorization as the page shows it: "roster on lab-3, 14:02".
package struct DeviceRequestSummary: Sendable, Equatable {
    package var appName: String
    package var client: String?
    package var terminal: String?
    package var startedAt: Date
    package var isLink: Bool
    /// Whether the app takes email/password sign-ins (the page's form for them).
    package var offersEmailPassword: Bool
    /// The providers the app enables that sign in through the browser, in the page's order.
    package var browserProviders: [ProviderType]

    package init(_ record: DeviceAuthorizationRecord, appName: String, offersEmailPassword: Bool = true, browserProviders: [ProviderType] = []) {
        self.offersEmailPassword = offersEmailPassword
        self.browserProviders = browserProviders
        self.appName = appName
        client = record.client
        terminal = record.terminal
        startedAt = record.startedAt
        isLink = record.isLink
    }
}
