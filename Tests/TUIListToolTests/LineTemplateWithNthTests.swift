import Foundation
import TUIList
import Testing

@testable import TUIListTool

/// `--with-nth` templates (fzf 0.60+): what a ``LineTemplate`` shows of a line, where each shown
/// character comes from, and what is searched of it. Every expected text is fzf 0.74.5's,
/// checked with `fzf --filter` (the query matching the shown text, `--nth` its fields).
@Suite struct LineTemplateWithNthTests {
    static func delimiter(_ text: String) -> LineFields.Delimiter { text == " " ? .blanks : LineFields.Delimiter(text) }

    @Test(arguments: [
        // Each placeholder's fields without their last delimiter; the template's own text at -1.
        ("{2} {1}", " ", "a b c", 0, "b a", [2, -1, 0]),
        ("{2}{1}", " ", "a b c", 0, "ba", [2, 0]),
        ("{2}-{1}", ":", "a:b:c", 0, "b-a", [2, -1, 0]),
        ("{2..}{1}", " ", "a b c", 0, "b ca", [2, 3, 4, 0]),
        ("{n}:{-1}", " ", "x yz", 12, "12:yz", [-1, -1, -1, 2, 3]),
        ("X{2}Y", " ", "a b c", 0, "XbY", [-1, 2, -1]),
        // The whitespace at the end of the shown text is trimmed, a field's or the template's.
        ("{1}   ", " ", "a b", 0, "a", [0]),
        ("{1}", ":", "a :b", 0, "a", [0]),
        ("{1}", ":", "é :b", 0, "é", [0]),
        // A placeholder of index characters that is no expression stands for nothing.
        ("x{0}y{1}", " ", "a b", 0, "xya", [-1, -1, 0]),
        ("{{1}", " ", "a b", 0, "{a", [-1, 0]),
        ("{2} {} {q}", " ", "a b", 0, "b {} {q}", [2, -1, -1, -1, -1, -1, -1, -1]),
        // fzf's own test (test_with_nth_template).
        (
            "{2} {1}. {1}.", " ", "hello world ", 0, "world hello. hello.",
            [6, 7, 8, 9, 10, -1] + [0, 1, 2, 3, 4, -1, -1] + [0, 1, 2, 3, 4, -1]
        ),
        // Index expressions: each field with the delimiter after it, the last one's too (fzf
        // 0.74.5 finds `'a:` with `-d: --with-nth 1`), the whitespace at the end trimmed.
        ("2..", ":", "a:b:c", 0, "b:c", [2, 3, 4]),
        ("3,1", " ", "a b c", 0, "ca", [4, 0]),
        ("1", ":", "a:b:c", 0, "a:", [0, 1]),
        ("1,3", ":", "a:b:c", 0, "a:c", [0, 1, 4]),
        ("3,1", ":", "a:b:c", 0, "ca:", [4, 0, 1]),
    ])
    func theShownTextAndWhereEachCharacterComesFrom(
        spec: String, delimiter: String, line: String, number: Int, text: String, offsets: [Int]
    ) throws {
        let template = try LineTemplate(spec, option: "--with-nth")
        let shown = template.shown(line, number: number, delimiter: Self.delimiter(delimiter))
        #expect(shown.text == text && shown.offsets == offsets, "\(spec) of \(line): \(shown)")
        #expect(template.shownText(of: line, number: number, delimiter: Self.delimiter(delimiter)) == text)
    }

    @Test func indexExpressionsKeepTheFieldsCodePathAndTemplatesDoNot() throws {
        #expect(try LineTemplate("2..", option: "--with-nth").expressions == LineFields("2..", option: "--with-nth"))
        #expect(try LineTemplate("1,-1", option: "--with-nth").expressions == LineFields("1,-1", option: "--with-nth"))
        #expect(try LineTemplate("{2..}", option: "--with-nth").expressions == nil)
        #expect(
            try LineTemplate("{2} {1}", option: "--with-nth").parts == [
                .fields(LineFields("2", option: "")), .text(" "), .fields(LineFields("1", option: "")),
            ])
    }

    @Test(arguments: ["hello", "{}", "{x}", "0", "2,", ""])
    func notATemplateIsAUsageError(spec: String) {
        #expect(throws: ToolFailure.self) { try LineTemplate(spec, option: "--with-nth") }
    }

    /// The query searches the shown text, template text included; `--nth` picks fields of it.
    @Test func theSearchedTextIsTheShownTextAndNthSplitsIt() throws {
        var options = PickerApp.Options()
        options.withNth = try LineTemplate("{2} {1}", option: "--with-nth")
        #expect(options.searchText(of: "a b c", number: 0) == (["b a"], nil))
        options.nth = try LineFields("2", option: "--nth")
        let (fields, offsets) = options.searchText(of: "a b c", number: 0)
        #expect(fields == ["a"] && offsets == [2], "--nth 2 of \"b a\" is \"a\", at 2 of the shown text")
        options.withNth = try LineTemplate("{n}:{2}", option: "--with-nth")
        options.nth = nil
        #expect(options.preparation.searchText?("a b", 5) == ["5:b"])
    }

    /// fzf 0.74.5 searches each range of `--nth` apart (a term within one, `^` at each start),
    /// the delimiter that ends a range kept but for the last range's.
    @Test func eachRangeOfNthIsAFieldOfItsOwn() throws {
        var options = PickerApp.Options()
        options.delimiter = .literal("/")
        options.nth = try LineFields("1,3..", option: "--nth")
        let (fields, offsets) = options.searchText(of: "ab/cd/ef/gh", number: 0)
        #expect(fields == ["ab/", "ef/gh"] && offsets == [0, 1, 2, 6, 7, 8, 9, 10])
        #expect(FilterQuery("^ef").matches(fields: fields) != nil, "^ at the start of the second range")
        #expect(FilterQuery("'b/e").matches(fields: fields) == nil, "no term across two ranges")
        #expect(FilterQuery("'b/").matches(fields: fields)?.positions == [1, 2], "the first range keeps its /")
        #expect(FilterQuery("gh$").matches(fields: fields)?.positions == [6, 7])
    }

    /// The reader's batches number lines with the header lines counted, as `{n}` counts them.
    @Test func aBatchSearchesEachLinesTemplateWithItsNumber() throws {
        var options = PickerApp.Options(headerLines: 1)
        options.withNth = try LineTemplate("{n}:{2}", option: "--with-nth")
        let lines = ["h x", "a b", "c d"]
        let batch = options.preparation.batch(first: 0, count: lines.count) { each in
            for line in lines { Array(line.utf8).withUnsafeBufferPointer { each($0) } }
        }
        #expect(batch.header == ["h x"] && batch.lines == ["a b", "c d"])
        func found(_ query: String) -> [Int32] { batch.index.matches(FilterQuery(query))?.slots ?? [] }
        #expect(found("^1:b$") == [0] && found("^2:d$") == [1] && found("'0:") == [], "searched as 1:b and 2:d")
    }
}
