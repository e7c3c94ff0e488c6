import Foundation
import RosterCore
import RosterTUI
import Testing

/// The account form fills in a token read from this device's outbox only where no policy
/// protects the device: under `pin`, `password` or in a kiosk, `p`, an address and Enter would
/// otherwise give anyone at the keyboard that address's account. A kiosk on the embedded demo
/// server says what it cannot protect.
@Suite struct OutboxFillInTests {
    /// The ways a device is protected from the person at its keyboard.
    enum Protection: String, CaseIterable, CustomTestStringConvertible {
        case pin, password, kioskPolicy, kioskFromCommandLine
        var testDescription: String { rawValue }

        func apply(to model: inout Model) {
            switch self {
            case .pin: model.policy.switching = .pin
            case .password: model.policy.switching = .password
            case .kioskPolicy: model.policy.kiosk = true
            case .kioskFromCommandLine: model.kioskFromCommandLine = true
            }
        }
    }

    /// `p` on Joe, Enter: the reset request sent, answered, and the message it made read
    /// from the outbox; the form as it is then.
    static func resetAsked(_ model: inout Model) -> AccountForm? {
        model.press(.char("p"))
        let sent = model.press(.enter)
        let joe = model.accountForm?.email ?? ""
        _ = update(&model, .operationFinished("If \(joe) has an account, a reset message is on its way", for: sent[0]))
        _ = update(&model, .accountMessageRead(AccountMessage(kind: .reset, to: joe, tokenId: "tid-1", token: "tok-1"), for: sent[0]))
        return model.accountForm
    }

    /// The same with the confirmation sent again: the form goes on to confirming.
    static func confirmationAsked(_ model: inout Model) -> AccountForm? {
        model.press(.char("p"), .char(" "), .char(" "), .char(" "))
        let sent = model.press(.enter)
        let joe = model.accountForm?.email ?? ""
        _ = update(&model, .operationFinished("sent again", for: sent[0]))
        _ = update(&model, .accountMessageRead(AccountMessage(kind: .confirm, to: joe, tokenId: "tid-2", token: "tok-2"), for: sent[0]))
        return model.accountForm
    }

    @Test func withoutAPolicyTheTokenIsStillFilledIn() {
        var model = Sample.model()
        #expect(model.fillsTokensFromOutbox)
        let reset = Self.resetAsked(&model)
        #expect(reset?.task == .resetPassword && reset?.tokenId == "tid-1" && reset?.token == "tok-1")
        var again = Sample.model()
        let confirm = Self.confirmationAsked(&again)
        #expect(confirm?.task == .confirmEmail && confirm?.tokenId == "tid-2" && confirm?.token == "tok-2")
    }

    @Test(arguments: Protection.allCases) func noTokenIsFilledInOnAProtectedDevice(_ protection: Protection) {
        var model = Sample.model()
        protection.apply(to: &model)
        #expect(!model.fillsTokensFromOutbox)
        let reset = Self.resetAsked(&model)
        // The form still goes on to the new password, its token to be typed from the message.
        #expect(reset?.task == .resetPassword)
        #expect(reset?.tokenId == "" && reset?.token == "", "\(String(describing: reset))")
        #expect(model.status?.text.contains("filled in") != true)

        var again = Sample.model()
        protection.apply(to: &again)
        let confirm = Self.confirmationAsked(&again)
        #expect(confirm?.task == .confirmEmail)
        #expect(confirm?.tokenId == "" && confirm?.token == "")
    }

    /// A policy that comes while the switcher runs (set from another terminal) counts at once.
    @Test func aPolicySetWhileTheFormIsOpenCountsAtOnce() {
        var model = Sample.model()
        model.press(.char("p"))
        let sent = model.press(.enter)
        let joe = model.accountForm?.email ?? ""
        _ = update(&model, .policyLoaded(DevicePolicy(switching: .pin)))
        _ = update(&model, .operationFinished("sent", for: sent[0]))
        _ = update(&model, .accountMessageRead(AccountMessage(kind: .reset, to: joe, tokenId: "tid-1", token: "tok-1"), for: sent[0]))
        #expect(model.accountForm?.token == "")
    }

    @Test func aKioskOnTheEmbeddedDemoSaysWhatItCannotProtect() {
        var model = Sample.model()
        model.policy.kiosk = true
        model.onEmbeddedDemo = true
        let caveat = try! #require(model.kioskCaveat)
        #expect(caveat.contains("embedded demo server") && caveat.contains("passwords are public"))
        // On the account form, in full.
        _ = Self.resetAsked(&model)
        let form = model.screen.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(form.contains(caveat), "\(model.screen.joined(separator: "\n"))")
        // First in the help of the list and of the form.
        model.press(.char("?"))
        #expect(model.screen.line(containing: "This kiosk runs Roster's embedded demo server") != nil)
        var list = Sample.model()
        list.kioskFromCommandLine = true
        list.onEmbeddedDemo = true
        list.press(.char("?"))
        #expect(list.screen.line(containing: "This kiosk runs Roster's embedded demo server") != nil, "\(list.screen.joined(separator: "\n"))")

        // Not a kiosk, or a kiosk with a server of its own: nothing to say.
        var plain = Sample.model()
        plain.onEmbeddedDemo = true
        #expect(plain.kioskCaveat == nil)
        plain.press(.char("?"))
        #expect(plain.screen.line(containing: "embedded demo server") == nil)
        var served = Sample.model()
        served.policy.kiosk = true
        #expect(served.kioskCaveat == nil)
    }
}
