import Foundation
import RosterCore
import RosterWire

/// Everything that can change the model: keys, and results of effects.
public enum Action: Sendable, Equatable {
    case key(Key)
    /// The users as read at the store's `revision` (read first: the rows are that new or newer).
    /// A read that started before one already shown is dropped, so a slow read never undoes a
    /// switch it did not see; `nil` for rows read outside the store (tests, the first frame).
    case usersLoaded([UserRow], revision: Int? = nil)
    /// The users read again after another process changed the device: what changed is told.
    case usersChangedElsewhere([UserRow], revision: Int? = nil)
    /// The device changed at `revision`, and has too many users to read whole: the window held
    /// is read again (`elsewhere`: by another process, whose changes are told).
    case listChanged(revision: Int, elsewhere: Bool)
    /// A window of the list, as the read (`for`) asked.
    case windowLoaded(WindowRows, for: Effect)
    /// Where find as you type's matches are in a list too long to hold, as the read (`for`) asked.
    case matchesFound([Int], for: Effect)
    /// Put the selection on this user (the one just logged in or switched to), if shown.
    case selectUser(id: String)
    /// An effect is done: what happened, in words, and the effect, so that only the screen
    /// that sent it is closed by it.
    case operationFinished(String, for: Effect)
    case operationFailed(String, for: Effect)
    /// A PIN (or password) the PIN box sent was refused: wrong, or tried too soon.
    case secretRefused(SecretRefusal, for: Effect)
    /// The admin PIN was right: the kiosk's switcher ends (BEHAVIOURS 54).
    case kioskLeft(for: Effect)
    /// The device's users could not be read (by the read `for`, if one asked); what is on screen stays.
    case loadFailed(String, for: Effect? = nil)
    /// The log-in providers the server enables.
    case providersLoaded([ProviderType])
    /// A user's API keys, as the server lists them.
    case apiKeysLoaded(owner: String, [APIKeyRow])
    /// A key was made; its secret is shown once.
    case apiKeyCreated(owner: String, CreatedKey)
    /// Time passes: the clock for ages and expiry, the spinner and the idle lock.
    case tick(Date)
    /// The device's policy, read with the users.
    case policyLoaded(DevicePolicy)
    /// The device's idle clock and last lock, read every second (BEHAVIOURS 52).
    case deviceActivity(DeviceActivity)
    /// The idle lock found someone active on the device meanwhile: nothing was locked.
    case idleLockLifted(DeviceActivity)
    /// The device's history, newest first.
    case historyLoaded([HistoryEntry])
    /// How a log-in on another device stands, and the effect that asked: a result for a log-in
    /// no longer on show changes nothing.
    case deviceLogin(DeviceLoginProgress, for: Effect)
    /// The active user's custom data changed on the server (another device, a web app, an
    /// administrator) and was refreshed here to `data`, at that time.
    case customDataChanged(userId: String, data: JSONValue, at: Date)
    /// The message a reset or confirmation request (`for`) made, read from the device's outbox.
    case accountMessageRead(AccountMessage, for: Effect)
}
