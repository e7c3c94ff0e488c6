import CYaml

/// YAML as a config file writes it: no aliases (`*name`, `<<: *name`). An alias repeats what its
/// anchor holds, so a few hundred bytes of anchors nested a few levels deep stand for millions of
/// nodes, and aliases used as mapping keys make the YAML library's duplicate-key check hash them
/// all: a 437-byte file held `roster` for minutes before anything was checked. A config file has
/// no need of them, so the file is first read as YAML's events by the library's own parser (which
/// makes no nodes) and refused at its first alias, before any node is composed.
enum PlainYAML {
    /// Refuses `text` at its first alias, naming its line. YAML that does not parse is left to
    /// the composer, which says what is wrong in its words.
    static func refuseAliases(in text: String) throws(SettingsRefusal) {
        if let line = firstAliasLine(in: text) {
            throw SettingsRefusal("line \(line): an alias (*name) is not taken in a config file; write the value out")
        }
    }

    /// The line (from 1) of the first alias in `text`, if any.
    private static func firstAliasLine(in text: String) -> Int? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                switch event.type {
                case YAML_ALIAS_EVENT: return Int(event.start_mark.line) + 1
                case YAML_STREAM_END_EVENT: return nil
                default: continue
                }
            }
        }
    }
}
