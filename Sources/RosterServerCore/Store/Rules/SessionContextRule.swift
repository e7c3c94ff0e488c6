/// Where the custom data document of a token-bearing request comes from, the same for every
/// store driver: the one read joins the document through the collection's owner field, so only
/// a selector of another field takes a second lookup, and a selector of another app than the
/// session's reads nothing.
///
///     switch SessionContextRule.customData(selector, sessionAppId: session.appId, ownerField: field) { … }
package enum SessionContextRule {
    package enum CustomData: Sendable, Equatable {
        /// No document: no selector, or one of another app.
        case noDocument
        /// The document the read joined (none when the user has none).
        case joined
        /// A lookup by the selector's own field: it is not the owner field (or none is recorded).
        case lookedUp
    }

    /// Where `selector`'s document comes from, for a session of `sessionAppId` whose read found
    /// `ownerField` recorded for the selector's collection.
    package static func customData(_ selector: DocumentSelector?, sessionAppId: String, ownerField: String?) -> CustomData {
        guard let selector, selector.appId == sessionAppId else { return .noDocument }
        return ownerField == selector.field ? .joined : .lookedUp
    }
}
