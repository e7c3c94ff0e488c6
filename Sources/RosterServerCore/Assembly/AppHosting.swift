import Foundation
import RosterDocuments

/// What the Admin API keeps in the store (operators, their sessions and keys, the apps the
/// database holds, their server API keys with the server users made for them, the runs of their
/// functions for their logs) and what an app
/// installed while serving shares with the others.
package struct AppHosting: Sendable {
    package typealias Store = OperatorStore & HostedAppStore & AttemptStore & AuditStore & SigningKeyStore & DocumentStore
        & ServerAPIKeyStore & APIKeyStore & UserStore & FunctionRunStore

    package let store: any Store
    package let pipelineMemory: PipelineMemory

    package init(store: any Store, pipelineMemory: PipelineMemory) {
        self.store = store
        self.pipelineMemory = pipelineMemory
    }
}
