import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// `--filter`'s reader: blocks, parts over the cores, and only the matches kept, against
/// one index of every line (the picker's) ranked the same way.
@Suite struct PickerFilterTests {
    /// Path-like lines from a fixed seed: upper-case letters, an accented word, CRLF endings
    /// and blank lines among them.
    static func corpus(_ count: Int) -> [String] {
        let words = ["usr", "Share", "doc", "lib", "crème", "Main", "src", "conf", "x", "a b", ""]
        var seed: UInt64 = 11
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        return (0 ..< count).map { n in
            let parts = (0 ..< 1 + next() % 5).map { _ in words[next() % words.count] }
            return "/" + parts.joined(separator: "/") + (n % 7 == 0 ? "\r" : "") + (n % 11 == 0 ? "/\(n)" : "")
        }
    }

    /// The lines printed for `query`: read from a pipe by ``PickerFilter/read(_:separator:preparation:keeping:blockBytes:)``.
    static func printed(
        _ text: String, query: FilterQuery, keeping: Bool, preparation: LinePreparation = LinePreparation(),
        blockBytes: Int, tac: Bool = false
    ) throws -> [String] {
        let path = NSTemporaryDirectory() + "/tuilist-filter-\(UUID().uuidString.prefix(8)).txt"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let lines = PickerFilter.read(
            descriptor, separator: 0x0A, preparation: preparation, keeping: keeping ? query : nil, blockBytes: blockBytes)
        return PickerFilter.matches(in: lines, query: query, tac: tac).map { number in
            var line: [UInt8] = []
            lines.withLine(Int(number)) { line += $0 }
            return String(decoding: line, as: UTF8.self)
        }
    }

    /// The lines of `text` matching `query`, ranked over one index of every line.
    static func expected(_ lines: [String], query: FilterQuery, tac: Bool = false) -> [String] {
        var index = FilterIndex<Int>(storingText: true)
        for (number, line) in lines.enumerated() { index.append(number, text: line) }
        let found = index.matches(query)!
        return PickerFilter.order(found, in: index, sort: true, tac: tac, tiebreaks: [.length]).map { lines[Int($0)] }
    }

    @Test(arguments: [1 << 12, 1 << 16, 8 << 20])
    func keepingOnlyTheMatchesPrintsWhatTheWholeIndexRanks(blockBytes: Int) throws {
        let lines = Self.corpus(12_000)
        let text = lines.joined(separator: "\n")  // (the last line without its newline)
        for query in ["doc", "Main", "crème", "usr !lib", "^/x", "conf$", "'a b"] {
            let parsed = FilterQuery(query)
            let expected = Self.expected(lines, query: parsed)
            #expect(!expected.isEmpty && expected.count < lines.count, "\(query) selects some lines")
            for keeping in [true, false] {
                let printed = try Self.printed(text, query: parsed, keeping: keeping, blockBytes: blockBytes)
                #expect(printed == expected, "\(query), keeping \(keeping), blocks of \(blockBytes)")
            }
            let reversed = try Self.printed(text, query: parsed, keeping: true, blockBytes: blockBytes, tac: true)
            #expect(reversed == Self.expected(lines, query: parsed, tac: true), "\(query) --tac")
        }
        // The empty query: every line, as read (no line lost, split or added at a block's end).
        #expect(try Self.printed(text, query: FilterQuery(""), keeping: true, blockBytes: blockBytes) == lines)
    }

    @Test func headerLinesAndKeptLinesAreTheMatchesOnly() throws {
        let lines = Self.corpus(9_000).map { "\u{1B}[31m" + $0 + "\u{1B}[0m" }
        let preparation = LinePreparation(headerLines: 3, stripsANSI: true)
        let query = FilterQuery("share")
        let printed = try Self.printed(
            lines.joined(separator: "\n") + "\n", query: query, keeping: true, preparation: preparation, blockBytes: 1 << 14)
        let plain = lines.dropFirst(3).map { ANSIText.stripping($0) }
        #expect(printed == Self.expected(Array(plain), query: query) && !printed.isEmpty)
    }

    @Test func aLineLongerThanTheBlockIsOneLine() throws {
        let long = String(repeating: "abc/", count: 5_000) + "needle"
        let printed = try Self.printed(
            "x\n" + long + "\ny needle\n", query: FilterQuery("needle"), keeping: true, blockBytes: 1_024)
        #expect(printed == ["y needle", long])
    }
}
