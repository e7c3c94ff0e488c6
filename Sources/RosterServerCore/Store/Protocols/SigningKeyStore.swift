/// The server's signing secrets, made once and shared by every process over the store.
package protocol SigningKeyStore: Sendable {
    /// The secret stored under `name`, storing `candidate` first when there is none yet.
    func signingSecret(name: String, ifAbsent candidate: [UInt8]) async throws -> [UInt8]
}
