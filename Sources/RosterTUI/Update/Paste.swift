/// A paste goes whole into the text field being typed into (a form's focused text field, the
/// filter, a custom data name or value, an API key's name), control characters dropped and cut
/// at the field's length, so a pasted newline never submits. Anywhere else (the users, help, a
/// dialog, a form's provider or task, a new key on show) it does nothing at all: pasted letters
/// are never commands, so pasting `xy` on the users removes no one.
func paste(_ text: String, into model: inout Model) {
    switch model.mode {
    case .list where model.isEditingFilter:
        model.filter = appending(text, to: model.filter, max: Model.maxFilterLength)
    case .loginForm(var form):
        form.insert(text)
        model.mode = .loginForm(form)
    case .account(var form):
        form.insert(text)
        model.mode = .account(form)
    case .dataEditor(var editor) where editor.closing == nil:
        switch editor.typing {
        case .newKey(var name):
            name.insert(text)
            editor.typing = .newKey(name)
        case .value(var entry):
            entry.line.insert(text)
            editor.typing = .value(entry)
        case nil:
            return
        }
        model.mode = .dataEditor(editor)
    case .apiKeys(var screen) where screen.created == nil && screen.deleting == nil:
        guard var name = screen.naming else { return }
        name.insert(text)
        screen.naming = name
        model.mode = .apiKeys(screen)
    case .secretPrompt(var prompt) where prompt.sent == nil:
        prompt.line.insert(text)
        model.mode = .secretPrompt(prompt)
    case .list, .confirm, .dataEditor, .apiKeys, .failure, .secretPrompt, .history, .lastMessage:
        return
    }
}

/// `value` and as much of the printable part of `text` as fits in `max` characters.
private func appending(_ text: String, to value: String, max: Int) -> String {
    value + DisplayWidth.printable(text).prefix(Swift.max(0, max - value.count))
}
