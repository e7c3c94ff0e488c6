import RosterCore
import Foundation
import RosterWire

/// The detail pane of the selected user: name and state in words, id, identities, profile,
/// device id, access-token expiry, and custom data as indented JSON with its age. What does not
/// fit scrolls (`DetailPane`), with a position line at the bottom: `▼ more · 1–9 of 24`.
func drawDetail(_ user: UserRow?, pane: DetailPane = DetailPane(), now: Date, in area: Rect, _ buffer: inout ScreenBuffer) {
    guard area.height > 0 else { return }
    guard let user else {
        buffer.write("No user selected.", row: area.top, column: area.left, maxWidth: area.width)
        return
    }
    let lines = detailLines(user, now: now, changedJustNow: pane.customDataChangedJustNow(for: user.id, now: now))
    let window = DetailWindow(total: lines.count, height: area.height, scroll: pane.scroll(for: user.id))
    for (offset, line) in lines.dropFirst(window.first).prefix(window.rows).enumerated() {
        buffer.write(line.text, row: area.top + offset, column: area.left, maxWidth: area.width, attributes: line.attributes)
    }
    guard let marker = window.marker(focused: pane.isFocused) else { return }
    let attributes = pane.isFocused ? CellAttributes(bold: true, reverse: true) : CellAttributes(dim: true)
    buffer.write(marker, row: area.top + window.rows, column: area.left, maxWidth: area.width, attributes: attributes)
}

/// Which of the pane's lines show: all when they fit; otherwise a window of them above a
/// position line.
struct DetailWindow {
    var total: Int
    /// Rows of lines shown.
    var rows: Int
    /// The first line shown.
    var first: Int

    init(total: Int, height: Int, scroll: Int) {
        self.total = total
        rows = total <= height ? total : max(0, height - 1)
        first = min(max(0, scroll), max(0, total - rows))
    }

    var fits: Bool { rows >= total }
    var maxScroll: Int { max(0, total - rows) }

    /// `▼ more · 1–9 of 24 · J/K or Tab scrolls`, or nothing when every line shows.
    func marker(focused: Bool) -> String? {
        guard !fits else { return nil }
        let last = first + rows
        let arrow = last < total ? "▼ more" : "▲ top above"
        let keys = focused ? "PgUp/PgDn · Tab back" : "J/K or Tab scrolls"
        return "\(arrow) · \(first + 1)–\(last) of \(total) · \(keys)"
    }
}

/// Custom data older than this gets a hint to refresh.
let staleCustomDataAge: TimeInterval = 5 * 60

/// The pane's lines, top to bottom; what does not fit is cut at the bottom.
/// `changedJustNow`: the custom data changed elsewhere a moment ago, which the heading says.
func detailLines(_ user: UserRow, now: Date, changedJustNow: Bool = false) -> [(text: String, attributes: CellAttributes)] {
    let heading = CellAttributes(bold: true)
    var lines: [(text: String, attributes: CellAttributes)] = []
    lines.append(("\(user.displayName)  [\(user.badge.symbol) \(user.badge.words)]", CellAttributes(bold: true, role: user.badge.role)))
    lines.append(("id        \(user.id)", .plain))
    lines.append(((user.identities.count > 1 ? "providers " : "provider  ") + user.providerName, .plain))
    lines.append(("device    \(user.deviceId ?? "none")", .plain))
    let expiry = user.accessTokenExpiresAt.map { "access token \(RelativeTime.expiry($0, now: now))" }
    lines.append((expiry ?? "access token none (\(user.badge.words))", .plain))
    lines.append(("identities", heading))
    if user.identities.isEmpty { lines.append(("  none", CellAttributes(dim: true))) }
    // Provider and id in columns, as `roster whoami` prints them.
    let providers = user.identities.map { ProviderType.displayName(wire: $0.providerType) }
    let providerWidth = providers.map { DisplayWidth.of($0) }.max() ?? 0
    for (identity, provider) in zip(user.identities, providers) {
        let pad = String(repeating: " ", count: providerWidth - DisplayWidth.of(provider))
        lines.append(("  \(provider)\(pad)  \(identity.id)", .plain))
    }
    lines.append(("profile", heading))
    let profile = user.profile.data.sorted { $0.key < $1.key }
    if profile.isEmpty { lines.append(("  none", CellAttributes(dim: true))) }
    for (key, value) in profile {
        lines.append(("  \(key): \(value.stringValue ?? value.compactText)", .plain))
    }
    let age = changedJustNow ? " · changed just now" : user.customDataIssuedAt.map { " as of \(RelativeTime.ago($0, now: now))" } ?? ""
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
