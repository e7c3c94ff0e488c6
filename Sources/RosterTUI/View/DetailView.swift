import RosterCore
import Foundation
import RosterWire

/// The detail pane of the selected user: name and state in words, id, identities, profile,
/// device id, access-token expiry, and custom data as indented JSON with its age.
func drawDetail(_ user: UserRow?, now: Date, in area: Rect, _ buffer: inout ScreenBuffer) {
    guard area.height > 0 else { return }
    guard let user else {
        buffer.write("No user selected.", row: area.top, column: area.left, maxWidth: area.width)
        return
    }
    for (offset, line) in detailLines(user, now: now).prefix(area.height).enumerated() {
        buffer.write(line.text, row: area.top + offset, column: area.left, maxWidth: area.width, attributes: line.attributes)
    }
}

/// Custom data older than this gets a hint to refresh.
let staleCustomDataAge: TimeInterval = 5 * 60

/// The pane's lines, top to bottom; what does not fit is cut at the bottom.
func detailLines(_ user: UserRow, now: Date) -> [(text: String, attributes: CellAttributes)] {
    let heading = CellAttributes(bold: true)
    var lines: [(text: String, attributes: CellAttributes)] = []
    lines.append(("\(user.displayName)  [\(user.badge.symbol) \(user.badge.words)]", CellAttributes(bold: true, role: user.badge.role)))
    lines.append(("id        \(user.id)", .plain))
    lines.append(("provider  \(user.provider)", .plain))
    lines.append(("device    \(user.deviceId ?? "none")", .plain))
    let expiry = user.accessTokenExpiresAt.map { "access token \(RelativeTime.expiry($0, now: now))" }
    lines.append((expiry ?? "access token none (\(user.badge.words))", .plain))
    lines.append(("identities", heading))
    if user.identities.isEmpty { lines.append(("  none", CellAttributes(dim: true))) }
    for identity in user.identities {
        let provider = ProviderType(rawValue: identity.providerType)?.displayName ?? identity.providerType
        lines.append(("  \(provider)  \(identity.id)", .plain))
    }
    lines.append(("profile", heading))
    let profile = user.profile.data.sorted { $0.key < $1.key }
    if profile.isEmpty { lines.append(("  none", CellAttributes(dim: true))) }
    for (key, value) in profile {
        lines.append(("  \(key): \(value.stringValue ?? value.compactText)", .plain))
    }
    let age = user.customDataIssuedAt.map { " as of \(RelativeTime.ago($0, now: now))" } ?? ""
    // Data from a token issued a while ago may be behind the server's: say how to catch up.
    let stale = user.customDataIssuedAt.map { now.timeIntervalSince($0) >= staleCustomDataAge } ?? false
    let hint = user.isLoggedIn && user.sessionOpened ? (stale ? " · r refreshes" : "") + " · e edits" : ""
    lines.append(("custom data\(age)\(hint)", heading))
    guard user.isLoggedIn else {
        lines.append(("  none kept on this device while logged out", CellAttributes(dim: true)))
        return lines
    }
    // Only the active user's session is opened; everyone else's stays sealed.
    guard user.sessionOpened else {
        let words = user.isLocked
            ? "  sealed with their \(user.secretKind ?? .pin) (Enter asks for it)"
            : "  shown for the active user only (Enter switches)"
        lines.append((words, CellAttributes(dim: true)))
        return lines
    }
    for line in user.customData.readableText().split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append(("  " + line, .plain))
    }
    return lines
}
