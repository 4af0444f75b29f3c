/// fzf's accent rule: a term with an accented letter is matched against the text as written
/// (case folded unless case-sensitive), not against the text with accents dropped.
///
/// The search matches every term on folded text first (a superset: text that matches with its
/// accents also matches without them); the lines it finds are then checked here, against
/// their original text, in each group that has an accent-sensitive term.
extension FilterQuery {
    /// This query with every term accent-sensitive (fzf's `--literal`): a plain letter then
    /// matches only the plain letter, `e` no longer `é`.
    package func literal() -> FilterQuery {
        var query = self
        for group in query.groups.indices {
            for term in query.groups[group].indices { query.groups[group][term].isAccentSensitive = true }
        }
        return query
    }

    /// Whether any term is accent-sensitive (`Term.isAccentSensitive`).
    internal var _hasAccentSensitiveTerms: Bool {
        groups.contains { $0.contains { $0.isAccentSensitive } }
    }

    /// Whether `original` (a line as written; fields joined by NUL, a term matches within one)
    /// satisfies every group that has an accent-sensitive term, matching those terms against
    /// its accents.
    ///
    /// - Complexity: O(length of `original` × terms of those groups).
    internal func _acceptsAccents(in original: String) -> Bool {
        guard original.contains("\0") else { return _acceptsAccents(inField: original) }
        let fields = original.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        for group in groups where group.contains(where: { $0.isAccentSensitive }) {
            let matched = group.contains { term in
                let query = _SingleTerm(term: term)
                let found = fields.contains { query.matches($0) }
                return found != term.inverted
            }
            if !matched { return false }
        }
        return true
    }

    /// ``_acceptsAccents(in:)`` for text of one field.
    private func _acceptsAccents(inField original: String) -> Bool {
        var lowered: [UInt8]?
        var folded: [UInt8]?
        var foldedCased: [UInt8]?
        for group in groups where group.contains(where: { $0.isAccentSensitive }) {
            var matched = false
            for term in group {
                let text: [UInt8]
                let needle: [UInt8]
                switch (term.isAccentSensitive, term.caseSensitive) {
                case (true, true):
                    (text, needle) = (Array(original.utf8), Array(term.text.utf8))
                case (true, false):
                    if lowered == nil { lowered = Array(original.lowercased().utf8) }
                    (text, needle) = (lowered!, Array(term.text.lowercased().utf8))
                case (false, true):
                    if foldedCased == nil { foldedCased = TextFolding.foldedKeepingCase(original) }
                    (text, needle) = (foldedCased!, term._needle)
                case (false, false):
                    if folded == nil { folded = TextFolding.folded(original) }
                    (text, needle) = (folded!, term._needle)
                }
                if _kindMatches(term.kind, needle: needle, in: text) != term.inverted {
                    matched = true
                    break
                }
            }
            if !matched { return false }
        }
        return true
    }
}

/// One term matched against one field, accents as the term says.
private struct _SingleTerm {
    let term: FilterQuery.Term

    func matches(_ field: String) -> Bool {
        let text: [UInt8]
        let needle: [UInt8]
        switch (term.isAccentSensitive, term.caseSensitive) {
        case (true, true): (text, needle) = (Array(field.utf8), Array(term.text.utf8))
        case (true, false): (text, needle) = (Array(field.lowercased().utf8), Array(term.text.lowercased().utf8))
        case (false, true): (text, needle) = (TextFolding.foldedKeepingCase(field), term._needle)
        case (false, false): (text, needle) = (TextFolding.folded(field), term._needle)
        }
        return _kindMatches(term.kind, needle: needle, in: text)
    }
}

/// Whether `needle` matches `text` (UTF-8 bytes) as a term of `kind` does, blanks around the
/// text ignored by the anchored kinds.
private func _kindMatches(_ kind: FilterQuery.Kind, needle: [UInt8], in text: [UInt8]) -> Bool {
    func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
    switch kind {
    case .fuzzy:
        // Characters in order: whole UTF-8 sequences, one after the other.
        var at = 0, i = 0
        while i < needle.count {
            let length = needle[i] < 0xC0 ? 1 : needle[i] < 0xE0 ? 2 : needle[i] < 0xF0 ? 3 : 4
            let character = needle[i ..< min(i + length, needle.count)]
            guard let found = _firstRange(of: character, in: text, from: at) else { return false }
            at = found
            i += length
        }
        return true
    case .exact:
        return _firstRange(of: needle[...], in: text, from: 0) != nil
    case .exactBoundary:
        // Not a letter or digit on either side (bytes of other characters count as letters).
        func isWord(_ byte: UInt8) -> Bool { byte >= 0x80 || (byte | 0x20) &- 0x61 < 26 || byte &- 0x30 < 10 }
        var from = 0
        while let end = _firstRange(of: needle[...], in: text, from: from) {
            let start = end - needle.count
            if (start == 0 || !isWord(text[start - 1])) && (end == text.count || !isWord(text[end])) { return true }
            from = start + 1
        }
        return false
    case .prefix, .suffix, .equal:
        var start = 0, end = text.count
        if kind != .suffix && needle.first.map(isBlank) != true { while start < end && isBlank(text[start]) { start += 1 } }
        if kind != .prefix && needle.last.map(isBlank) != true { while end > start && isBlank(text[end - 1]) { end -= 1 } }
        let trimmed = text[start ..< end]
        switch kind {
        case .prefix: return trimmed.starts(with: needle)
        case .suffix: return trimmed.reversed().starts(with: needle.reversed())
        default: return trimmed.elementsEqual(needle)
        }
    }
}

/// The offset just after the first occurrence of `needle` in `text` at or after `from`.
private func _firstRange(of needle: ArraySlice<UInt8>, in text: [UInt8], from: Int) -> Int? {
    guard !needle.isEmpty else { return from }
    var start = from
    while start + needle.count <= text.count {
        if text[start ..< start + needle.count].elementsEqual(needle) { return start + needle.count }
        start += 1
    }
    return nil
}
