import Mustache
import RosterServer
import RosterServerCore

/// Renders an `AccountPage` as HTML through `AccountPageTemplate`. Pure: the same page, the
/// same text.
///
///     let html = AccountPageView.render(page, purpose: .reset, base: context.publicBase)
package enum AccountPageView {
    package static let template = PageTemplate.parse(AccountPageTemplate.page, of: "account page")

    package static let invalidLink = "This link does not work any more: it was used, it expired, or it is not whole. Ask for a new message."

    package static func render(_ page: AccountPage, purpose: AccountTokenRecord.Purpose, base: PublicURL) -> String {
        var values: [String: Any] = [
            "title": purpose == .reset ? "Set a new password" : "Confirm your email",
            "action": base.text + AccountPageLink.path(purpose, appId: page.appId),
            "token": page.token, "tokenId": page.tokenId,
        ]
        if let message = page.message { values["message"] = message }
        switch page.stage {
        case .setPassword(let email): values["setPassword"] = ["email": email]
        case .confirmEmail(let email): values["confirmEmail"] = ["email": email]
        case .passwordSet: values["done"] = "Your password is set. Go back to the page that asked for it and sign in with it."
        case .emailConfirmed: values["done"] = "Your email is confirmed. Go back to the page that asked for it and sign in."
        case .invalidLink: values["done"] = invalidLink
        case .tooManyTries(let seconds): values["done"] = "Too many tries from here. Try again in \(seconds) seconds."
        case .unavailable: values["done"] = "This could not be done just now. Try again in a moment."
        }
        return template.render(values)
    }
}
