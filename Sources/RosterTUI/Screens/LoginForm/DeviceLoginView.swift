import Foundation
import RosterCore
import RosterQR

/// A log-in on another device: the QR code of the URL with the code in it (dark on light, with
/// its quiet zone) on the left when it fits, and beside it the URL, the user code in letters
/// big enough to read across a desk (or spaced out, when the window is too narrow for them),
/// and the time left.
func drawDeviceLogin(_ login: DeviceLogin, linking: UserTarget?, now: Date, in area: Rect, _ buffer: inout ScreenBuffer) {
    let bold = CellAttributes(bold: true)
    let title = linking.map { "Link a log-in on another device to \($0.name)" } ?? "Log in on another device"
    buffer.write(title, row: area.top, column: area.left + 1, attributes: bold)
    let code = (try? QRCode(encoding: login.verificationURIComplete))?.picture().halfBlockLines ?? []
    let codeWidth = code.first?.count ?? 0
    let top = area.top + 1
    let showsCode = !code.isEmpty && top + code.count <= area.bottom && codeWidth + 2 + DeviceLoginLayout.wordsWidth <= area.width - 1
    if showsCode {
        for (index, line) in code.enumerated() {
            buffer.write(line, row: top + index, column: area.left + 1, attributes: CellAttributes(role: .code))
        }
    }
    let left = showsCode ? area.left + 1 + codeWidth + 2 : area.left + 2
    let width = area.left + area.width - left - 1
    var row = top + 1
    func line(_ text: String, _ attributes: CellAttributes = .plain) {
        if row < area.bottom { buffer.write(text, row: row, column: left, maxWidth: width, attributes: attributes) }
        row += 1
    }
    line("On your phone or another computer, open")
    line(login.verificationURI, bold)
    line("and enter the code")
    row += 1
    if let letters = LargeLetters.picture(of: login.userCode), letters.width <= width {
        for text in letters.halfBlockLines { line(text, bold) }
        row += 1
        line(login.userCode)
    } else {
        line(login.userCode.map(String.init).joined(separator: " "), bold)
    }
    row += 1
    line("Expires in \(DeviceLoginLayout.countdown(login.secondsLeft(at: now))) · waiting for approval")
    if showsCode {
        line("or scan the QR code.")
    } else if !code.isEmpty {
        line("(A larger window shows a QR code.)", CellAttributes(dim: true))
    }
    line("Esc cancels", CellAttributes(dim: true))
}

enum DeviceLoginLayout {
    /// Columns the words beside the QR code need at least.
    static let wordsWidth = 38

    /// Seconds left as `m:ss`.
    static func countdown(_ seconds: Int) -> String {
        let minutes = seconds / 60
        let rest = seconds % 60
        return "\(minutes):\(rest < 10 ? "0" : "")\(rest)"
    }
}
