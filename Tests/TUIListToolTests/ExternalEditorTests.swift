import Foundation
import TUIListTool
import Testing

/// `!`'s editor: which command runs, and a real run through `/bin/sh` on a scratch copy.
@Suite struct ExternalEditorTests {
    @Test func visualThenEditorThenVi() {
        func command(_ variables: [String: String]) -> String { ExternalEditor.command { variables[$0] } }
        #expect(command(["VISUAL": "code --wait", "EDITOR": "nano"]) == "code --wait")
        #expect(command(["VISUAL": "code --wait", "EDITOR": "nano", "TERM": "dumb"]) == "nano", "no VISUAL on a dumb terminal")
        #expect(command(["VISUAL": "", "EDITOR": "nano"]) == "nano", "an empty VISUAL is skipped")
        #expect(command([:]) == "vi")
    }

    @Test func theEditorEditsAScratchCopyNamedLikeTheFileThenItIsGone() throws {
        let record = NSTemporaryDirectory() + "/tuilist-editor-\(UUID().uuidString.prefix(8)).txt"
        defer { try? FileManager.default.removeItem(atPath: record) }
        let command = "f() { echo \"$1\" > '\(record)'; sed -i 's/^a$/A/' \"$1\"; }; f"
        let saved = try ExternalEditor.edit(Array("a\nb\n".utf8), name: "git-rebase-todo", command: command, input: 0, output: 1)
        #expect(saved == Array("A\nb\n".utf8))
        let path = try String(contentsOfFile: record, encoding: .utf8).trimmingCharacters(in: .newlines)
        #expect(path.hasSuffix("/git-rebase-todo"), "editors pick their mode by the name")
        #expect(!FileManager.default.fileExists(atPath: path), "the scratch copy is removed")
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent), "and its folder")
    }

    @Test func aFailingEditorChangesNothing() {
        #expect(throws: ToolFailure("the editor (false) exited with status 1: the list is as it was")) {
            try ExternalEditor.edit(Array("a\n".utf8), name: "todo", command: "false", input: 0, output: 1)
        }
        #expect(throws: ToolFailure("the editor (kill -9 $$;) was ended by signal 9: the list is as it was")) {
            try ExternalEditor.edit(Array("a\n".utf8), name: "todo", command: "kill -9 $$;", input: 0, output: 1)
        }
    }
}
