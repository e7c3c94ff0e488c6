import Foundation
import RosterDocuments
import RosterWire

/// The change event a database trigger's function gets, as MongoDB shapes it (`ChangeEvent`):
/// `_id`, `operationType`, `wallTime`, `fullDocument` (after an insert or a replacement, and
/// after an update when the trigger asks `full_document`), `fullDocumentBeforeChange` (when it
/// asks `full_document_before_change`), `ns`, `documentKey`, `updateDescription`. Nil when the
/// trigger does not run for the change: another operation, or an event its `match` refuses.
///
///     let event = DatabaseTriggerEvent.make(published, for: database, match: query)
package enum DatabaseTriggerEvent {
    package static func make(_ published: PublishedChange, for trigger: TriggerConfig.Database, match: DocumentQuery?) -> JSONValue? {
        let change = published.change
        guard trigger.operationTypes.contains(change.operation.rawValue) else { return nil }
        let read = published.documents
        guard case .object(var event) = read.event else { return nil }
        if let match {
            // A filter that cannot be applied to this event (a type it compares badly, a budget
            // spent) does not match it, as for change streams.
            let budget = RegexBudget(steps: RegexBudget.defaultEventSteps, scope: "one change event (regexStepsPerChangeEvent)")
            guard (try? match.matches(read.event, within: budget)) == true else { return nil }
        }
        if change.operation == .update, !trigger.fullDocument { event["fullDocument"] = nil }
        if trigger.fullDocumentBeforeChange, change.operation != .insert, let before = read.before {
            event["fullDocumentBeforeChange"] = .object(before)
        }
        return .object(event)
    }
}
