extension DataEditor: Screen {
    var mode: Mode { .dataEditor(self) }

    /// Keys while editing, and the users read again: an owner no longer logged in takes the
    /// edit along.
    mutating func update(_ action: Action, _ model: inout Model) -> [Effect] {
        switch action {
        case .key(let key):
            return editorKey(&model, &self, key)
        case .usersLoaded where model.list.user(id: owner.id)?.isLoggedIn != true:
            model.mode = .list
            model.status = StatusMessage("\(owner.name) is no longer logged in; the edit is dropped", isError: true)
            return []
        default:
            return []
        }
    }

    mutating func paste(_ text: String, _ model: inout Model) {
        guard closing == nil else { return }
        switch typing {
        case .newKey(var name):
            name.insert(text)
            typing = .newKey(name)
        case .value(var entry):
            entry.line.insert(text)
            typing = .value(entry)
        case nil:
            return
        }
    }

    func helpTopic(_ model: Model, typing: Bool) -> HelpBox.Topic? {
        closing == nil && (self.typing == nil || !typing) ? .editor : nil
    }
}

/// Keys in the custom data editor. While typing: text edits, Enter takes it, Esc drops it.
/// Otherwise: move, Enter or `c` change the selected value, `a` add a field, `d` remove the
/// selected field, `s` save everything, Esc leave without saving.
private func editorKey(_ model: inout Model, _ editor: inout DataEditor, _ key: Key) -> [Effect] {
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
    case .char("g"), .home: editor.selection = 0
    case .char("G"), .end: editor.selection = max(0, editor.fields.count - 1)
    case .down, .char("j"): editor.selection = min(max(0, editor.fields.count - 1), editor.selection + 1)
    case .enter, .char("c"):
        guard let field = editor.selectedField else {
            model.status = StatusMessage("No fields yet; press a to add one", isError: true)
            return []
        }
        guard field.key != editor.userIdField else { return userIdIsFixed(&model, field.key) }
        editor.typing = .value(DataEditor.ValueEntry(key: field.key, original: field.value))
    case .char("a"):
        editor.typing = .newKey(LineEditor(limit: DataEditor.maxKeyLength))
    case .char("d"):
        guard let field = editor.selectedField else { return [] }
        guard field.key != editor.userIdField else { return userIdIsFixed(&model, field.key) }
        let wasThere = editor.originalKeys.contains(field.key)
        editor.removeSelected()
        model.status = StatusMessage(wasThere ? "'\(field.key)' will be removed when you save" : "'\(field.key)' dropped")
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
    case (.value(var entry), .tab):
        // The person says how the text is read: as text whatever it looks like, or as JSON.
        entry.asText.toggle()
        editor.typing = .value(entry)
    case (.newKey(var name), _) where key != .enter:
        if name.apply(key) { editor.typing = .newKey(name) }
    case (.value(var entry), _) where key != .enter:
        if entry.line.apply(key) { editor.typing = .value(entry) }
    case (.newKey(let line), .enter):
        let name = line.text.trimmingSpaces
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !name.isEmpty, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("$") }), parts[0] != "_id" else {
            model.status = StatusMessage(
                "A field is a name, or a path of names with dots (preferences.theme); none empty or starting with $, and not _id",
                isError: true)
            return []
        }
        guard parts[0] != editor.userIdField else { return userIdIsFixed(&model, parts[0]) }
        guard parts.count > 1 else {
            guard !editor.fields.contains(where: { $0.key == name }) else {
                model.status = StatusMessage("'\(name)' is already a field; select it and press Enter to change it", isError: true)
                return []
            }
            editor.typing = .value(DataEditor.ValueEntry(newKey: name))
            return []
        }
        switch editor.lookUp(parts) {
        case .failure(let problem):
            model.status = StatusMessage(problem.text, isError: true)
        case .success(let existing?):
            // Adding a value that is there already: typed anew, not appended to what it was.
            editor.typing = .value(DataEditor.ValueEntry(key: name, original: existing, emptied: true))
            model.status = StatusMessage("'\(name)' holds \(DataEditor.shown(existing).prefix(40)); type its new value")
        case .success(nil):
            editor.typing = .value(DataEditor.ValueEntry(newKey: name))
        }
    case (.value(let entry), .enter):
        guard let value = entry.value else {
            let was = entry.original.map { ValueKind(of: $0).phrase } ?? "a value"
            model.status = StatusMessage("That is not JSON, and '\(entry.key)' holds \(was); Tab takes it as text", isError: true)
            return []
        }
        editor.typing = nil
        let path = entry.key.split(separator: ".").map(String.init)
        guard let original = entry.original else {
            editor.set(path: path, to: value)
            model.status = StatusMessage("'\(entry.key)' will be \(ValueKind(of: value).word) \(DataEditor.shown(value).prefix(40)) when you save")
            return []
        }
        guard value != original else {
            model.status = StatusMessage("'\(entry.key)' unchanged")
            return []
        }
        editor.set(path: path, to: value)
        let (was, now) = (ValueKind(of: original), ValueKind(of: value))
        let change = was == now ? "'\(entry.key)' will be" : "\(entry.key): \(was.word) → \(now.word),"
        model.status = StatusMessage("\(change) \(DataEditor.shown(value).prefix(40)) when you save")
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

private func userIdIsFixed(_ model: inout Model, _ key: String) -> [Effect] {
    model.status = StatusMessage("'\(key)' holds the user's id; it is read-only", isError: true)
    return []
}
