import Foundation
import RosterDocuments

/// What the Admin API keeps in the store (operators, their sessions and keys, the apps the
/// database holds) and what an app installed while serving shares with the others.
package struct AppHosting: Sendable {
    package let store: any OperatorStore & HostedAppStore & AttemptStore & AuditStore & SigningKeyStore & DocumentStore
    package let pipelineMemory: PipelineMemory

    package init(store: any OperatorStore & HostedAppStore & AttemptStore & AuditStore & SigningKeyStore & DocumentStore, pipelineMemory: PipelineMemory) {
        self.store = store
        self.pipelineMemory = pipelineMemory
    }
}
