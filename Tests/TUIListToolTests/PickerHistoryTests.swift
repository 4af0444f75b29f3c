import Foundation
import Testing

@testable import TUIListTool

/// `--history`'s file and steps, as fzf 0.74 keeps them (checked beside the pinned fzf by the
/// end-to-end `PickerFzfActionsE2ETests.historyAsFzfs`).
@Suite struct PickerHistoryTests {
    @Test func stepsStopAtEitherEndAndKeepEdits() {
        var history = PickerHistory(path: "/unused", limit: 10, text: "\nfoo\n\nbar\n\n")
        #expect(Array(history.queries) == ["foo", "", "bar"])
        #expect(history.step(-1, leaving: "typed") == "bar")
        #expect(history.step(-1, leaving: "ba") == "")
        #expect(history.step(-1, leaving: "") == "foo")
        #expect(history.step(-1, leaving: "foo") == "foo")  // (the oldest: it stays)
        #expect(history.step(1, leaving: "fo") == "")
        #expect(history.step(1, leaving: "") == "ba")  // (the edit of "bar", for this run)
        #expect(history.step(1, leaving: "ba") == "typed")  // (the query typed before the first step)
        #expect(history.step(1, leaving: "typed") == "typed")
        #expect(history.step(-1, leaving: "typed") == "ba")
        #expect(history.step(-1, leaving: "ba") == "")
        #expect(history.step(-1, leaving: "") == "fo")
    }

    @Test func aTabComesBackAsASpace() {
        var history = PickerHistory(path: "/unused", limit: 10, text: "a\tb\n")
        #expect(history.step(-1, leaving: "") == "a b")
    }

    @Test func recordWritesTheNewestLastAtMostLimitAndNoEmptyQuery() throws {
        let path = NSTemporaryDirectory() + "/picker-history-\(UUID().uuidString.prefix(8))"
        defer { unlink(path) }
        var history = try PickerHistory.open(path, limit: 3)
        #expect(FileManager.default.fileExists(atPath: path))
        let mode = try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        for query in ["one", "", "two", "three", "four"] { try history.record(query) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two\nthree\nfour\n")
        #expect(history.step(-1, leaving: "") == "four")
        let again = try PickerHistory.open(path, limit: 3)
        #expect(Array(again.queries) == ["two", "three", "four"])
    }

    /// The file is lines of bytes, as fzf reads it: a CR stays its line's, bytes that are not
    /// UTF-8 are written back as they were.
    @Test func entriesAreTheFilesBytes() throws {
        let path = NSTemporaryDirectory() + "/picker-history-\(UUID().uuidString.prefix(8))"
        defer { unlink(path) }
        let content: [UInt8] = [0xFF, 0x0A] + Array("a\r\nb\n".utf8)
        try Data(content).write(to: URL(fileURLWithPath: path))
        var history = try PickerHistory.open(path)
        #expect(history.queries.count == 3)
        #expect(history.step(-1, leaving: "") == "b")
        #expect(history.step(-1, leaving: "b") == "a\r")
        try history.record("c")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(content + Array("c\n".utf8)))
    }

    @Test func aFileThatCannotBeReadIsOneLineNamingIt() {
        #expect(throws: ToolFailure("--history: invalid history file: /: is a directory")) {
            _ = try PickerHistory.open("/")
        }
        #expect(throws: ToolFailure("--history-size: must be 1 or more: 0")) {
            _ = try PickerHistory.open("/tmp/x", limit: 0)
        }
    }
}
