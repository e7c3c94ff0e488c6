import Foundation
import RosterServerCore
import RosterTUI

/// The embedded default's outbox folder as the switcher reads it: the token of a reset or
/// confirmation message the embedded server just wrote, so the account form fills it in.
struct EmbeddedOutbox: MessageOutbox {
    let folder: DirectoryOutbox

    init(directory: URL) {
        folder = DirectoryOutbox(directory: directory)
    }

    func newest(_ kind: AccountMessage.Kind, to email: String, since: Date) throws -> AccountMessage? {
        folder.newest(kind == .reset ? .reset : .confirm, to: email, since: since).map {
            AccountMessage(kind: kind, to: $0.to, tokenId: $0.tokenId, token: $0.token)
        }
    }
}
