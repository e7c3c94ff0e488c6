import Foundation
import Mustache
import RosterServerCore
import RosterWire

/// Renders a `DevicePage` as HTML through `DevicePageTemplate`. Pure: the same page, the same
/// text.
///
///     let html = DevicePageView.render(DevicePage(stage: .enterCode(code: ""), csrf: token))
package enum DevicePageView {
    package static let template = PageTemplate.parse(DevicePageTemplate.page, of: "device page")

    package static let invalidCode = "That code is not valid. Check it and try again."

    /// `base`: the server's public base, which the page's forms post under.
    package static func render(_ page: DevicePage, base: PublicURL = .inProcess) -> String {
        var values: [String: Any] = ["csrf": page.csrf, "action": base.text + DeviceLoginService.pagePath]
        if let message = page.message {
            values["message"] = ["text": text(of: message), "good": isGood(message)] as [String: Any]
        }
        switch page.stage {
        case .enterCode(let code):
            values["enterCode"] = ["code": code]
        case .signIn(let summary):
            values["asker"] = asker(summary)
            let providers = summary.browserProviders.map { ["provider": $0.rawValue, "title": WebSignInService.displayName($0)] }
            values["signIn"] = ["providers": providers, "emailPassword": summary.offersEmailPassword] as [String: Any]
        case .approve(let summary, let signedInAs, let via):
            values["asker"] = asker(summary)
            let provider = via.map(WebSignInService.displayName)
            values["approve"] = ["signedInAs": signedInAs, "via": provider != nil, "provider": provider ?? ""] as [String: Any]
        case .approved:
            values["done"] = "Approved. Go back to your terminal: it logs in by itself in a few seconds."
        case .denied:
            values["done"] = "Denied. Nobody was logged in. You can close this page."
        }
        return template.render(values)
    }

    /// "roster on lab-3, 14:02 UTC".
    package static func request(_ summary: DeviceRequestSummary) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        let who = summary.client ?? "A terminal"
        let place = summary.terminal.map { " on \($0)" } ?? ""
        return "\(who)\(place), \(formatter.string(from: summary.startedAt)) UTC"
    }

    private static func asker(_ summary: DeviceRequestSummary) -> [String: Any] {
        ["request": request(summary), "link": summary.isLink, "appName": summary.appName]
    }

    package static func text(of message: DevicePage.Message) -> String {
        switch message {
        case .invalidCode: invalidCode
        case .tooManyTries(let seconds): "Too many tries from here. Try again in \(seconds) seconds."
        case .formExpired: "This page had expired. Enter the code again."
        case .wrongCredentials: "The email or password is wrong."
        case .confirmationRequired: "Confirm your email first: follow the link in the message we sent, then sign in."
        case .registered(let confirmationSent):
            confirmationSent
                ? "Registered. Confirm your email with the link in the message we sent, then sign in here."
                : "Registered. You can sign in now."
        case .resetSent: "If an account has that email, a message with a link to set a new password is on its way. Set it, then sign in here."
        case .refused(let reason): reason
        }
    }

    private static func isGood(_ message: DevicePage.Message) -> Bool {
        switch message {
        case .registered, .resetSent: true
        default: false
        }
    }
}
