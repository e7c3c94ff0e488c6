import Foundation
import Testing
@testable import RosterServerCore

/// The `device` of a web sign-in's start: the device id is read from what realm-web sends, and
/// anything else names no device.
@Suite struct RedirectDeviceTests {
    @Test func theDeviceIdIsReadFromBase64InEitherAlphabet() {
        // {"deviceId":"650f1c2a9e4b1d2e3f4a5b6c"}, URL-safe without padding, as realm-web writes it.
        #expect(RedirectDevice.deviceId("eyJkZXZpY2VJZCI6IjY1MGYxYzJhOWU0YjFkMmUzZjRhNWI2YyJ9") == "650f1c2a9e4b1d2e3f4a5b6c")
        let standard = Data(#"{"deviceId":{"$oid":"650f1c2a9e4b1d2e3f4a5b6c"},"platform":"chrome?>"}"#.utf8).base64EncodedString()
        #expect(standard.contains("+") || standard.contains("/") || standard.hasSuffix("="), "\(standard)")
        #expect(RedirectDevice.deviceId(standard) == "650f1c2a9e4b1d2e3f4a5b6c")
    }

    @Test func anythingElseNamesNoDevice() {
        let noId = Data(#"{"platform":"chrome"}"#.utf8).base64EncodedString()
        for text in [nil, "", "%%%", "e", "bm90IGpzb24", noId, Data("[1]".utf8).base64EncodedString()] {
            #expect(RedirectDevice.deviceId(text) == nil, "\(String(describing: text))")
        }
    }

    /// A sign-in kept before the purpose carried a device id is still read.
    @Test func aSignInKeptWithoutADeviceIdIsRead() {
        let kept = #"{"appServicesRedirect":{"redirectURL":"https://app.example.com/done","clientState":"s"}}"#
        #expect(WebSignInPurpose(json: kept) == .appServicesRedirect(redirectURL: "https://app.example.com/done", clientState: "s"))
        let withDevice = WebSignInPurpose.appServicesRedirect(redirectURL: "https://app.example.com/done", clientState: "s", deviceId: "650f1c2a9e4b1d2e3f4a5b6c")
        #expect(WebSignInPurpose(json: withDevice.json) == withDevice)
    }
}
