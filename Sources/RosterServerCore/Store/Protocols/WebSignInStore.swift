import Foundation

/// Browser sign-ins under way (`WebSignInRecord`), each taken once.
package protocol WebSignInStore: Sendable {
    /// Keeps a started sign-in, and clears away those of the app that expired an hour before `now`.
    func insertWebSignIn(_ record: WebSignInRecord, now: Date) async throws
    /// Takes the sign-in with this state digest: `.taken` for the one caller that finds it unused
    /// and unexpired at `now` (it is used from then on), what is wrong with it otherwise
    /// (`WebSignInRule`).
    func takeWebSignIn(appId: String?, stateDigest: String, now: Date) async throws -> WebSignInTake
}
