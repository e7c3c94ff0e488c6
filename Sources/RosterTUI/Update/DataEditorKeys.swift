/// Keys in the custom data editor. While typing: text edits, Enter takes it, Esc drops it.
/// Otherwise: move, Enter or `c` change the selected value, `a` add a field, `d` remove the
/// selected field, `s` save everything, Esc leave without saving.
func editorKey(_ model: inout Model, _ editor: inout DataEditor, _ key: Key) -> [Effect] {
    if let typing = editor.typing {
        return typingKey(&model, &editor, typing, key)
    }
    if var closing = editor.closing {
        return closingKey(&model, &editor, &closing, key)
    }
    switch key {
    case .escape:
        guard !editor.hasChanges else {
            editor.closing = DataEditor.Closing(quitting: false, changes: editor.changeCount)
            return []
        }
        model.mode = .list
        model.status = StatusMessage("Custom data unchanged")
    case .up, .char("k"): editor.selection = max(0, editor.selection - 1)
    case .down, .char("j"): editor.selection = min(max(0, editor.fields.count - 1), editor.selection + 1)
    case .enter, .char("c"):
        guard let field = editor.selectedField else {
            model.status = StatusMessage("No fields yet; press a to add one", isError: true)
            return []
        }
        editor.typing = .value(key: field.key, text: DataEditor.text(of: field.value), isNew: false)
    case .char("a"):
        editor.typing = .newKey("")
    case .char("d"):
        guard let field = editor.selectedField else { return [] }
        editor.removeSelected()
        model.status = StatusMessage("'\(field.key)' will be removed when you save")
    case .char("s"):
        return save(&model, &editor)
    case .char("q"):
        guard !editor.hasChanges else {
            editor.closing = DataEditor.Closing(quitting: true, changes: editor.changeCount)
            return []
        }
        return [.quit]
    default: break
    }
    return []
}

private func typingKey(_ model: inout Model, _ editor: inout DataEditor, _ typing: DataEditor.Typing, _ key: Key) -> [Effect] {
    switch (typing, key) {
    case (_, .escape):
        editor.typing = nil
    case (.newKey(let name), .backspace):
        editor.typing = .newKey(String(name.dropLast()))
    case (.value(let field, let text, let isNew), .backspace):
        editor.typing = .value(key: field, text: String(text.dropLast()), isNew: isNew)
    case (.newKey(let name), .char(let character)):
        let text = DisplayWidth.printable(String(character))
        if name.count + text.count <= DataEditor.maxKeyLength { editor.typing = .newKey(name + text) }
    case (.value(let field, let text, let isNew), .char(let character)):
        let typed = DisplayWidth.printable(String(character))
        if text.count + typed.count <= DataEditor.maxValueLength { editor.typing = .value(key: field, text: text + typed, isNew: isNew) }
    case (.newKey(let name), .enter):
        let name = name.trimmingSpaces
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard !name.isEmpty, !name.contains("."), parts.allSatisfy({ !$0.hasPrefix("$") }), name != "_id" else {
            model.status = StatusMessage("A field name is not empty, has no dots, does not start with $ and is not _id", isError: true)
            return []
        }
        guard !editor.fields.contains(where: { $0.key == name }) else {
            model.status = StatusMessage("'\(name)' is already a field; select it and press Enter to change it", isError: true)
            return []
        }
        editor.typing = .value(key: name, text: "", isNew: true)
    case (.value(let field, let text, _), .enter):
        editor.set(field, to: DataEditor.value(of: text))
        editor.typing = nil
        model.status = StatusMessage("'\(field)' will be \(DataEditor.value(of: text).compactText.prefix(40)) when you save")
    default: break
    }
    return []
}

/// Saves every change as one update; the editor closes when the save is done.
private func save(_ model: inout Model, _ editor: inout DataEditor) -> [Effect] {
    guard let update = editor.update else {
        model.status = StatusMessage("Nothing to save")
        return []
    }
    guard editor.sent == nil else { return stillWorking(&model) }
    model.status = StatusMessage("Saving the custom data of \(editor.owner.name)…")
    let save = Effect.saveCustomData(owner: editor.owner.id, update: update)
    editor.sent = save
    return [save]
}

/// The answer to "not saved": Cancel stays, Save saves (and the editor closes once saved),
/// Discard leaves (or quits) without saving.
private func closingKey(_ model: inout Model, _ editor: inout DataEditor, _ closing: inout DataEditor.Closing, _ key: Key) -> [Effect] {
    guard let answer = closing.dialog.press(key) else {
        editor.closing = closing
        return []
    }
    editor.closing = nil
    switch answer {
    case 1:
        return save(&model, &editor)
    case 2:
        if closing.quitting { return [.quit] }
        model.mode = .list
        model.status = StatusMessage("Changes to the custom data dropped")
        return []
    default:
        model.status = StatusMessage("Still editing; s saves")
        return []
    }
}
