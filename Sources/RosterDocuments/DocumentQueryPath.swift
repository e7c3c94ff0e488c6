import RosterWire

/// The values a field path reaches in a document, by MongoDB's rules for arrays: what every
/// query predicate, the positional operator and sorting look at.
extension DocumentQuery {
    /// The values a path reaches, MongoDB's way (nil for a missing field): through an object by
    /// name; through an array of documents into each document; a numeric part also indexes an
    /// array. A path that ends on an array reaches its elements and then the array itself,
    /// unless `expandingLeafArrays` is false.
    static func values(along parts: ArraySlice<String>, in container: JSONValue, expandingLeafArrays: Bool) -> [JSONValue?] {
        var found: [JSONValue?] = []
        collect(parts, in: container, expanding: expandingLeafArrays, into: &found)
        return found
    }

    /// Looks `parts.first` up in an object (or, by position, in an array reached by index).
    private static func collect(_ parts: ArraySlice<String>, in container: JSONValue, expanding: Bool, into found: inout [JSONValue?]) {
        guard let head = parts.first else { return }
        let next: JSONValue?
        switch container {
        case .object(let fields): next = fields[head]
        case .array(let items): next = index(head).flatMap { items.indices.contains($0) ? items[$0] : nil }
        default: next = nil
        }
        let rest = parts.dropFirst()
        guard !rest.isEmpty else { return leaf(next, expanding: expanding, into: &found) }
        switch next {
        case .object?: collect(rest, in: next!, expanding: expanding, into: &found)
        case .array(let items)?: collect(rest, inArray: items, expanding: expanding, into: &found)
        default: found.append(nil)
        }
    }

    /// A path going on through an array: by index when the part is a number, and into every
    /// element that is a document. Scalars and nested arrays are passed over.
    private static func collect(_ parts: ArraySlice<String>, inArray items: [JSONValue], expanding: Bool, into found: inout [JSONValue?]) {
        let head = parts.first!
        if let position = index(head), items.indices.contains(position) {
            let rest = parts.dropFirst()
            if rest.isEmpty {
                leaf(items[position], expanding: expanding, into: &found)
            } else {
                collect(rest, in: items[position], expanding: expanding, into: &found)
            }
        }
        for item in items {
            if case .object = item { collect(parts, in: item, expanding: expanding, into: &found) }
        }
    }

    private static func leaf(_ value: JSONValue?, expanding: Bool, into found: inout [JSONValue?]) {
        if expanding, case .array(let items)? = value { found.append(contentsOf: items.map(Optional.some)) }
        found.append(value)
    }

    /// A path part that is an array index: digits only, without a leading zero (MongoDB matches
    /// the part against an element's position as text, so "01" is no index).
    private static func index(_ part: String) -> Int? {
        guard part.utf8.allSatisfy({ (0x30...0x39).contains($0) }), part == "0" || !part.hasPrefix("0") else { return nil }
        return Int(part)
    }
}
