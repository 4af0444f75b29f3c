/// Turns the bytes a terminal sends into keys, mouse events and pastes, without trusting
/// terminfo to list every sequence.
///
/// ncurses decodes only the sequences the terminfo entry of `TERM` lists; when `TERM` does not
/// match the terminal (`xterm-256color` inside tmux is common), Home or F5 arrive as Escape
/// followed by characters, and an app that quits on Escape quits. This decoder knows what real
/// terminals send instead (xterm and VTE, kitty, iTerm2, tmux, screen, the Linux console,
/// rxvt), in every form they use:
///
/// - CSI and SS3 sequences: arrows, Home/End (`ESC [ H`, `ESC [ 1 ~`, `ESC O H`, `ESC [ 7 ~`),
///   Insert, Delete, Page Up/Down, F1–F20 (including the Linux console's `ESC [ [ A`), with
///   Shift/Alt/Ctrl/Meta from xterm's modifier parameter, rxvt's `$ ^ @` finals and its
///   `ESC [ a` / `ESC O a` arrows, Shift-Tab (`ESC [ Z`), kitty's `CSI code ; mods u` and
///   xterm's `CSI 27 ; mods ; code ~`;
/// - Alt+key as Escape followed by the key (a character or a whole sequence);
/// - SGR (1006) and X10 mouse reports;
/// - bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`), as one ``InputEvent/paste(_:)``;
/// - UTF-8 text, one character event per scalar; control codes through ``Key/init(scalar:)``.
///
/// A well-formed sequence it does not know is swallowed whole and reported as
/// ``Key/unknown(_:)``: never as Escape followed by characters.
///
/// It is a pure value: feed it bytes in any pieces (a sequence split across reads decodes the
/// same as in one read) and it returns the events they complete. What may still be the start
/// of a longer sequence (a lone Escape, half a UTF-8 character) is held; after a short silence
/// (25 ms is what terminals need) call ``flush()`` to read it as it stands: a lone Escape is
/// then the Escape key.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.decode(Array("\u{1B}[1;5".utf8))   // [] (waiting for the rest)
/// decoder.decode([UInt8(ascii: "D")])          // [.key(.modified(.left, .control))]
/// decoder.decode([0x1B])                       // [] (Escape, or the start of a sequence?)
/// decoder.flush()                              // [.key(.escape)]
/// ```
package struct InputDecoder: Sendable {
    /// Bytes of an incomplete sequence or character, waiting for more.
    private var pending: [UInt8] = []
    /// Inside a bracketed paste: the text so far.
    private var pasted: [UInt8]?
    /// Inside a CSI or SS3 sequence longer than ``maximumSequenceLength``, already reported as
    /// unknown: its remaining parameter and intermediate bytes and its final byte are dropped.
    private var skippingOverlongSequence = false

    /// The longest CSI or SS3 sequence read as one. A longer one is reported as one
    /// ``Key/unknown(_:)`` naming its first `maximumSequenceLength` bytes, and the rest of it, up to
    /// and including its final byte, is dropped: however its bytes are split across reads, none
    /// of them comes out as a key.
    package static let maximumSequenceLength = 64
    /// A paste longer than this many bytes arrives as several paste events.
    package static let maximumPasteLength = 1 << 24
    /// This decoder's paste limit (``maximumPasteLength`` but in tests).
    private let pasteLimit: Int

    /// A decoder with nothing held.
    /// - Parameter pasteLimit: Bytes of a paste per paste event (tests give a small one).
    package init(pasteLimit: Int = InputDecoder.maximumPasteLength) {
        self.pasteLimit = max(4, pasteLimit)
    }

    /// A terminal's answer to a DEC private mode query (DECRQM `CSI ? mode $ p`).
    struct ModeReport: Hashable, Sendable {
        /// The mode asked about (2026: synchronized output).
        var mode: Int
        /// 0: not recognised, 1: set, 2: reset, 3: permanently set, 4: permanently reset.
        var value: Int
        /// Whether the terminal knows the mode and lets it be set.
        var isSupported: Bool { value == 1 || value == 2 || value == 3 }
    }

    /// Mode reports decoded so far (they are not key events); the terminal backend takes them.
    var modeReports: [ModeReport] = []

    /// Whether bytes are held that may be the start of a longer sequence (or a paste is open):
    /// the caller should wait briefly for more, then ``flush()``.
    package var isWaitingForMore: Bool { !pending.isEmpty || pasted != nil }

    /// Whether a bracketed paste has started and not yet ended. Terminals may pause within a
    /// long paste, so callers wait longer (about a second) before flushing one.
    package var isInPaste: Bool { pasted != nil }

    /// Decodes `bytes` after whatever is held, and returns the events they complete.
    ///
    /// - Complexity: O(*n*) in the bytes held and given.
    package mutating func decode<Bytes: Sequence>(_ bytes: Bytes) -> [InputEvent] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        return run(final: false)
    }

    /// Reads what is held as it stands, because no more bytes came: a lone Escape is the Escape
    /// key, `ESC [` is Alt+`[`, an unfinished sequence is ``Key/unknown(_:)``, an open paste
    /// ends with the text so far.
    ///
    /// - Complexity: O(bytes held).
    package mutating func flush() -> [InputEvent] {
        var events = run(final: true)
        // After a silence, an overlong sequence is over: the next byte is a key again.
        skippingOverlongSequence = false
        if let text = pasted {
            // Bytes held in case they began the end marker are text after all.
            pasted = nil
            events.append(.paste(Self.pasteText(text + pending)))
            pending.removeAll()
        }
        return events
    }

    // MARK: - The loop

    private enum Step {
        /// An event (nil: swallowed silently) and the bytes it used.
        case event(InputEvent?, Int)
        /// A bracketed paste starts; its marker used this many bytes.
        case pasteStart(Int)
        /// A CSI or SS3 sequence reached `InputDecoder/maximumSequenceLength` bytes without
        /// its final byte: this event, these bytes used, and the rest of it is dropped.
        case overlong(InputEvent, Int)
        /// The bytes held may be the start of something longer.
        case needMore
        /// A terminal's answer to a mode query (no event), and the bytes it used.
        case modeReport(ModeReport, Int)
    }

    private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]  // ESC [ 2 0 1 ~

    private mutating func run(final: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        let count = pending.count
        while index < count {
            if skippingOverlongSequence {
                let byte = pending[index]
                if (0x20 ... 0x3F).contains(byte) {
                    index += 1
                    continue
                }
                skippingOverlongSequence = false
                // The final byte ends the sequence; any other byte is read on its own.
                if (0x40 ... 0x7E).contains(byte) { index += 1 }
                continue
            }
            if pasted != nil {
                index = consumePaste(from: index, into: &events)
                if pasted != nil { break }
                continue
            }
            switch step(at: index, final: final) {
            case .event(let event, let length):
                if let event { events.append(event) }
                index += length
            case .pasteStart(let length):
                pasted = []
                index += length
            case .overlong(let event, let length):
                events.append(event)
                index += length
                skippingOverlongSequence = true
            case .needMore:
                pending.removeFirst(index)
                return events
            case .modeReport(let report, let length):
                modeReports.append(report)
                index += length
            }
        }
        pending.removeFirst(index)
        return events
    }

    /// Moves paste text from `pending[index...]` into `pasted`, up to the end marker (then emits
    /// the paste) or up to a tail that may be the start of the marker. Returns the new index.
    private mutating func consumePaste(from index: Int, into events: inout [InputEvent]) -> Int {
        let marker = Self.pasteEnd
        var scan = index
        while scan < pending.count {
            if pending[scan] == 0x1B {
                var matched = 0
                while matched < marker.count, scan + matched < pending.count, pending[scan + matched] == marker[matched] {
                    matched += 1
                }
                if matched == marker.count {
                    pasted!.append(contentsOf: pending[index ..< scan])
                    events.append(.paste(Self.pasteText(pasted!)))
                    pasted = nil
                    return scan + marker.count
                }
                if scan + matched == pending.count {
                    // The marker may continue in the next read: keep the tail.
                    appendPasted(pending[index ..< scan], into: &events)
                    return scan
                }
            }
            scan += 1
        }
        appendPasted(pending[index ..< scan], into: &events)
        return scan
    }

    private mutating func appendPasted(_ bytes: ArraySlice<UInt8>, into events: inout [InputEvent]) {
        pasted!.append(contentsOf: bytes)
        if pasted!.count >= pasteLimit {
            // Cut at a character boundary, so each part is valid text.
            var cut = pasted!.count
            while cut > 0, pasted![cut - 1] & 0xC0 == 0x80 { cut -= 1 }
            if cut > 0, pasted![cut - 1] >= 0xC0 { cut -= 1 }
            if cut == 0 { cut = pasted!.count }
            events.append(.paste(Self.pasteText(pasted![..<cut])))
            pasted!.removeFirst(cut)
        }
    }

    /// Paste bytes as text: invalid UTF-8 repaired, CR LF and lone CR (what terminals send for
    /// a line break) as `"\n"`.
    private static func pasteText<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingCRLF()
    }

    // MARK: - One step

    private func step(at index: Int, final: Bool) -> Step {
        let byte = pending[index]
        guard byte == 0x1B else { return character(at: index, final: final) }
        guard index + 1 < pending.count else { return final ? .event(.key(.escape), 1) : .needMore }
        switch pending[index + 1] {
        case UInt8(ascii: "["):
            return controlSequence(at: index, final: final)
        case UInt8(ascii: "O"):
            return singleShift(at: index, final: final)
        case 0x1B:
            // Escape, then a sequence: the sequence's key with Alt (rxvt's Alt+arrows).
            switch step(at: index + 1, final: final) {
            case .needMore:
                return .needMore
            case .event(.key(let key)?, let length) where length > 1:
                if case .unknown = key { return .event(.key(.escape), 1) }
                return .event(.key(key.adding(.alt)), length + 1)
            default:
                return .event(.key(.escape), 1)
            }
        default:
            // Escape, then a character: Alt+character.
            switch character(at: index + 1, final: final) {
            case .needMore:
                return .needMore
            case .event(.key(let key)?, let length):
                if case .unknown = key { return .event(.key(.escape), 1) }
                return .event(.key(key.adding(.alt)), length + 1)
            default:
                return .event(.key(.escape), 1)
            }
        }
    }

    /// A UTF-8 character or a control code.
    private func character(at index: Int, final: Bool) -> Step {
        let lead = pending[index]
        if lead < 0x80 {
            guard let key = Key(scalar: Unicode.Scalar(lead)) else {
                return .event(.key(.unknown(Self.name(pending[index ... index]))), 1)
            }
            return .event(.key(key), 1)
        }
        let length: Int
        switch lead {
        case 0xC2 ... 0xDF: length = 2
        case 0xE0 ... 0xEF: length = 3
        case 0xF0 ... 0xF4: length = 4
        default: return .event(.key(.unknown(Self.name(pending[index ... index]))), 1)
        }
        var available = 1
        while available < length, index + available < pending.count, pending[index + available] & 0xC0 == 0x80 {
            available += 1
        }
        if available < length {
            if index + available == pending.count && !final { return .needMore }
            return .event(.key(.unknown(Self.name(pending[index ..< index + available]))), available)
        }
        guard let text = String(validating: pending[index ..< index + length], as: UTF8.self),
            let scalar = text.unicodeScalars.first, let key = Key(scalar: scalar)
        else {
            return .event(.key(.unknown(Self.name(pending[index ..< index + length]))), length)
        }
        return .event(.key(key), length)
    }

    /// `ESC [ …`: a CSI sequence (keys, mouse, paste markers, focus reports).
    private func controlSequence(at index: Int, final: Bool) -> Step {
        var scan = index + 2
        let count = pending.count
        guard scan < count else { return final ? .event(.key(.modified(.character("["), .alt)), 2) : .needMore }
        switch pending[scan] {
        case UInt8(ascii: "["):
            // The Linux console's F1–F5: ESC [ [ A … ESC [ [ E.
            guard scan + 1 < count else {
                return final ? .event(.key(.unknown(Self.name(pending[index...]))), count - index) : .needMore
            }
            let letter = pending[scan + 1]
            let key: Key =
                (UInt8(ascii: "A") ... UInt8(ascii: "E")).contains(letter)
                ? .function(Int(letter - UInt8(ascii: "A")) + 1) : .unknown(Self.name(pending[index ... scan + 1]))
            return .event(.key(key), 4)
        case UInt8(ascii: "M"):
            // X10 mouse: ESC [ M, then button, column and line as bytes offset by 32.
            guard scan + 3 < count else {
                return final ? .event(.key(.unknown(Self.name(pending[index...]))), count - index) : .needMore
            }
            let event = x10Mouse(
                button: Int(pending[scan + 1]) - 32, x: Int(pending[scan + 2]) - 33, y: Int(pending[scan + 3]) - 33)
            return .event(event, 6)
        default:
            break
        }
        let parametersStart = scan
        while scan < count, scan - index < Self.maximumSequenceLength, (0x30 ... 0x3F).contains(pending[scan]) {
            scan += 1
        }
        if scan - index >= Self.maximumSequenceLength { return overlong(at: index) }
        let parametersEnd = scan
        // rxvt ends Shift+Home and its kin with `$`, which is otherwise an intermediate byte.
        let rxvtShift =
            scan < count && pending[scan] == UInt8(ascii: "$") && parametersEnd > parametersStart
            && pending[parametersStart ..< parametersEnd].allSatisfy { (0x30 ... 0x39).contains($0) }
        if !rxvtShift {
            while scan < count, scan - index < Self.maximumSequenceLength, (0x20 ... 0x2F).contains(pending[scan]) {
                scan += 1
            }
            if scan - index >= Self.maximumSequenceLength { return overlong(at: index) }
        }
        guard scan < count else {
            return final ? .event(.key(.unknown(Self.name(pending[index...]))), count - index) : .needMore
        }
        let finalByte = pending[scan]
        guard rxvtShift || (0x40 ... 0x7E).contains(finalByte) else {
            // Not a sequence after all (a control code or text inside it): drop what was read;
            // the byte that broke it is read on its own.
            return .event(.key(.unknown(Self.name(pending[index ..< scan]))), scan - index)
        }
        let length = scan + 1 - index
        let parameters = pending[parametersStart ..< parametersEnd]
        let whole = pending[index ... scan]
        if parameters.first == UInt8(ascii: "<") {
            let fields = Self.numbers(parameters.dropFirst())
            guard fields.count == 3, let code = fields[0], let column = fields[1], let line = fields[2],
                finalByte == UInt8(ascii: "M") || finalByte == UInt8(ascii: "m")
            else {
                return .event(.key(.unknown(Self.name(whole))), length)
            }
            // Reports that are no event (motion without a button, horizontal wheel) are dropped.
            return .event(mouse(code: code, x: column - 1, y: line - 1, release: finalByte == UInt8(ascii: "m")), length)
        }
        let numbers = Self.numbers(parameters)
        if finalByte == UInt8(ascii: "~"), numbers.first == 200 { return .pasteStart(length) }
        if finalByte == UInt8(ascii: "~"), numbers.first == 201 { return .event(nil, length) }  // a stray paste end
        if (finalByte == UInt8(ascii: "I") || finalByte == UInt8(ascii: "O")) && parameters.isEmpty {
            return .event(nil, length)  // focus in / out
        }
        if finalByte == UInt8(ascii: "y"), whole.dropLast().last == UInt8(ascii: "$"),
            parameters.first == UInt8(ascii: "?")
        {
            // DECRPM, the terminal's answer to a mode query (`CSI ? mode ; value $ y`): no key.
            let fields = Self.numbers(parameters.dropFirst())
            if fields.count == 2, let mode = fields[0], let value = fields[1] {
                return .modeReport(ModeReport(mode: mode, value: value), length)
            }
            return .event(nil, length)
        }
        // kitty's keyboard protocol may add subfields after `:` (`CSI 97:65 ; 5:1 u`: the
        // shifted key, the event type): a key is read from each field's first one, and a key's
        // release (event type 3) is no key press.
        if Self.eventType(parameters) == 3 { return .event(nil, length) }
        let key = Self.csiKey(
            final: finalByte, numbers: Self.firstSubfields(parameters),
            plain: parameters.allSatisfy { (0x30 ... 0x3B).contains($0) })
        return .event(.key(key ?? .unknown(Self.name(whole))), length)
    }

    /// A sequence that reached the longest length read as one: its first bytes as unknown, the
    /// rest dropped as it arrives (decided from those bytes alone, so the same however they
    /// were split).
    private func overlong(at index: Int) -> Step {
        let end = index + Self.maximumSequenceLength
        return .overlong(.key(.unknown(Self.name(pending[index ..< end]) + " …")), end - index)
    }

    /// `ESC O …`: an SS3 sequence (application-mode arrows, Home/End, F1–F4, keypad).
    private func singleShift(at index: Int, final: Bool) -> Step {
        var scan = index + 2
        let count = pending.count
        guard scan < count else { return final ? .event(.key(.modified(.character("O"), .alt)), 2) : .needMore }
        while scan < count, scan - index < Self.maximumSequenceLength, (0x30 ... 0x39).contains(pending[scan]) { scan += 1 }
        if scan - index >= Self.maximumSequenceLength { return overlong(at: index) }
        guard scan < count else {
            return final ? .event(.key(.unknown(Self.name(pending[index...]))), count - index) : .needMore
        }
        let finalByte = pending[scan]
        guard (0x40 ... 0x7E).contains(finalByte) else {
            return .event(.key(.unknown(Self.name(pending[index ..< scan]))), scan - index)
        }
        let modifier = (Self.numbers(pending[index + 2 ..< scan]).first ?? 1) ?? 1
        let modifiers = KeyModifiers(rawValue: UInt8(clamping: max(0, modifier - 1)))
        let key: Key?
        switch finalByte {
        case UInt8(ascii: "a"): key = .modified(.up, .control)  // rxvt: Ctrl+arrows
        case UInt8(ascii: "b"): key = .modified(.down, .control)
        case UInt8(ascii: "c"): key = .modified(.right, .control)
        case UInt8(ascii: "d"): key = .modified(.left, .control)
        case UInt8(ascii: "M"): key = .enter
        case UInt8(ascii: "I"): key = .tab
        case UInt8(ascii: "X"): key = .character("=")
        case UInt8(ascii: "j") ... UInt8(ascii: "y"):
            // The keypad in application mode: * + , - . / 0 … 9.
            key = .character(Character(Unicode.Scalar(finalByte - UInt8(ascii: "j") + UInt8(ascii: "*"))))
        default: key = Self.letterKey(finalByte)
        }
        let whole = pending[index ... scan]
        return .event(.key(key.map { $0.adding(modifiers) } ?? .unknown(Self.name(whole))), scan + 1 - index)
    }

    // MARK: - Tables

    /// Keys named by a final letter (CSI and SS3 alike).
    private static func letterKey(_ letter: UInt8) -> Key? {
        switch letter {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "P"): return .function(1)
        case UInt8(ascii: "Q"): return .function(2)
        case UInt8(ascii: "R"): return .function(3)
        case UInt8(ascii: "S"): return .function(4)
        case UInt8(ascii: "Z"): return .backTab
        default: return nil
        }
    }

    /// Keys of the `CSI n ~` form (VT220 and its descendants; rxvt with `^ $ @`).
    private static func tildeKey(_ number: Int) -> Key? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case 11 ... 15: return .function(number - 10)
        case 17 ... 21: return .function(number - 11)
        case 23 ... 26: return .function(number - 12)
        case 28, 29: return .function(number - 13)
        case 31 ... 34: return .function(number - 14)
        default: return nil
        }
    }

    private static func csiKey(final: UInt8, numbers: [Int?], plain: Bool) -> Key? {
        guard plain else { return nil }  // private parameters (`?`, `>`, `=`) are reports, not keys
        func modifiers(at position: Int) -> KeyModifiers {
            guard position < numbers.count, let value = numbers[position], value > 1 else { return [] }
            return KeyModifiers(rawValue: UInt8(clamping: value - 1))
        }
        switch final {
        case UInt8(ascii: "~"):
            guard let number = numbers.first ?? nil else { return nil }
            if number == 27, numbers.count >= 3, let code = numbers[2] {
                return codepointKey(code, modifiers(at: 1))  // xterm's modifyOtherKeys
            }
            return tildeKey(number)?.adding(modifiers(at: 1))
        case UInt8(ascii: "^"):
            return (numbers.first ?? nil).flatMap(tildeKey)?.adding(.control)
        case UInt8(ascii: "$"):
            return (numbers.first ?? nil).flatMap(tildeKey)?.adding(.shift)
        case UInt8(ascii: "@"):
            return (numbers.first ?? nil).flatMap(tildeKey)?.adding([.control, .shift])
        case UInt8(ascii: "a"): return numbers.isEmpty ? .shiftUp : nil  // rxvt: Shift+arrows
        case UInt8(ascii: "b"): return numbers.isEmpty ? .shiftDown : nil
        case UInt8(ascii: "c"): return numbers.isEmpty ? .shiftRight : nil
        case UInt8(ascii: "d"): return numbers.isEmpty ? .shiftLeft : nil
        case UInt8(ascii: "u"):
            guard let code = numbers.first ?? nil else { return nil }
            // kitty's keyboard protocol; its Caps Lock (64) and Num Lock (128) bits are states
            // of the keyboard, not keys held.
            return codepointKey(code, KeyModifiers(rawValue: modifiers(at: 1).rawValue & 0x3F))
        default:
            // `CSI A`, `CSI 1 ; 5 A`, `CSI 1 ; 2 P`, `CSI Z` …
            if numbers.count > 2 { return nil }
            return letterKey(final)?.adding(modifiers(at: 1))
        }
    }

    /// A key reported by its Unicode code point (kitty, modifyOtherKeys).
    private static func codepointKey(_ code: Int, _ modifiers: KeyModifiers) -> Key? {
        var modifiers = modifiers
        let base: Key
        switch code {
        case 13: base = .enter
        case 9: base = .tab
        case 27: base = .escape
        case 127, 8: base = .backspace
        case 32 ... 0x10FFFF:
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            let isLetter = (0x41 ... 0x5A).contains(code) || (0x61 ... 0x7A).contains(code)
            if modifiers.contains(.control), isLetter {
                modifiers.remove(.control)
                modifiers.remove(.shift)
                base = .control(Character(Unicode.Scalar(UInt8(code) | 0x20)))
            } else if modifiers.contains(.shift), isLetter {
                // kitty sends the unshifted letter, modifyOtherKeys the capital: both are the
                // capital, with no Shift left over (as a legacy terminal sends it).
                modifiers.remove(.shift)
                base = .character(Character(Unicode.Scalar(UInt8(code) & ~0x20)))
            } else {
                base = .character(Character(scalar))
            }
        default:
            return nil
        }
        return base.adding(modifiers)
    }

    // MARK: - Mouse

    private func x10Mouse(button code: Int, x: Int, y: Int) -> InputEvent? {
        if code & 3 == 3 && code & 64 == 0 {
            // X10 does not say which button went up.
            return .mouse(MouseEvent(x: max(0, x), y: max(0, y), button: .left, kind: .release))
        }
        return mouse(code: code, x: x, y: y, release: false)
    }

    private func mouse(code: Int, x: Int, y: Int, release: Bool) -> InputEvent? {
        guard code >= 0 else { return nil }
        let x = max(0, x), y = max(0, y)
        if code & 64 != 0 {
            switch code & 3 {
            case 0: return .mouse(MouseEvent(x: x, y: y, button: .wheelUp, kind: .press))
            case 1: return .mouse(MouseEvent(x: x, y: y, button: .wheelDown, kind: .press))
            default: return nil  // horizontal wheel
            }
        }
        let buttons: [MouseButton] = [.left, .middle, .right]
        guard code & 3 < 3 else { return nil }  // motion with no button held
        let button = buttons[code & 3]
        let kind: MouseEvent.Kind = release ? .release : (code & 32 != 0 ? .drag : .press)
        return .mouse(MouseEvent(x: x, y: y, button: button, kind: kind))
    }

    // MARK: - Helpers

    /// `97:65;5:1` → [97, 5]: each `;` field's value before any `:` (kitty's subfields).
    private static func firstSubfields(_ parameters: ArraySlice<UInt8>) -> [Int?] {
        guard parameters.contains(UInt8(ascii: ":")) else { return numbers(parameters) }
        return parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            numbers(field.prefix { $0 != UInt8(ascii: ":") }).first ?? nil
        }
    }

    /// kitty's event type, the subfield after the modifiers (`5:3`): 1 press, 2 repeat, 3
    /// release; nil when not given.
    private static func eventType(_ parameters: ArraySlice<UInt8>) -> Int? {
        guard parameters.contains(UInt8(ascii: ":")) else { return nil }
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count > 1 else { return nil }
        let subfields = fields[1].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        return subfields.count > 1 ? numbers(subfields[1]).first ?? nil : nil
    }

    /// `1;5` → [1, 5]; an empty or malformed field is nil.
    private static func numbers(_ parameters: ArraySlice<UInt8>) -> [Int?] {
        guard !parameters.isEmpty else { return [] }
        var result: [Int?] = []
        var value: Int? = nil
        var valid = true
        for byte in parameters {
            if byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":") {
                result.append(valid ? value : nil)
                value = nil
                valid = true
            } else if (0x30 ... 0x39).contains(byte) {
                let digit = Int(byte - 0x30)
                if let current = value, current > 10_000_000 { valid = false } else { value = (value ?? 0) * 10 + digit }
            } else {
                valid = false
            }
        }
        result.append(valid ? value : nil)
        return result
    }

    /// A sequence in readable form: `ESC [ 5 0 ~`.
    static func name<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        bytes.map { byte -> String in
            switch byte {
            case 0x1B: return "ESC"
            case 0x21 ... 0x7E: return String(UnicodeScalar(byte))
            default: return "0x" + String(byte, radix: 16, uppercase: true)
            }
        }.joined(separator: " ")
    }
}

extension String {
    /// CR LF and lone CR as LF.
    fileprivate func replacingCRLF() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var previousWasCR = false
        for scalar in unicodeScalars {
            if scalar == "\r" {
                result.unicodeScalars.append("\n")
                previousWasCR = true
                continue
            }
            if scalar == "\n" && previousWasCR { previousWasCR = false; continue }
            previousWasCR = false
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
