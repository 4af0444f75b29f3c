import TUIList
import Testing

@testable import TUIListTool

/// The picker's model alone: ``PickerModel/update(_:selection:shown:)`` with no terminal, no
/// program and no clock. Each test names the one-token change to the model that makes it fail.
@Suite struct PickerModelTests {
    private func model(multi: Bool = true, limit: Int? = nil, preview: String? = nil) throws -> PickerModel {
        var options = PickerApp.Options(multi: multi)
        options.multiLimit = limit
        if let preview { options.previewWindow = try PreviewWindow(parsing: preview) }
        return PickerModel(options: options)
    }

    /// No rows are asked for by an action on one row.
    private let noRows: () -> [Int] = {
        Issue.record("the rows shown were asked for")
        return []
    }

    /// `--multi=2`: the mark that makes two is taken, the third is refused (no move is lost:
    /// `toggle` does not move), and unmarking at the limit is never refused.
    /// Fails with `<` → `<=` in ``PickerMarks/set(_:_:)``.
    @Test func aMarkStopsAtTheLimitExactly() throws {
        var m = try model(limit: 2)
        #expect(m.update(.toggleMark, selection: 7, shown: noRows) == [.marksChanged])
        #expect(m.update(.toggleMark, selection: 3, shown: noRows) == [.marksChanged])
        #expect(m.marks.items == [7, 3])
        #expect(m.update(.toggleMark, selection: 5, shown: noRows) == [.marksChanged])
        #expect(m.marks.items == [7, 3], "a third mark is refused under --multi=2")
        _ = m.update(.toggleMark, selection: 7, shown: noRows)
        #expect(m.marks.items == [3])
    }

    /// `select-all` under `--multi=3` with one mark: two more, the first rows shown that are
    /// not marked, in the order shown (not input order), the old mark first.
    /// Fails with `!marked.contains($0)` → `marked.contains($0)` in ``PickerMarks/markAll(_:)``.
    @Test func markAllFillsTheRoomLeftInTheOrderShown() throws {
        var m = try model(limit: 3)
        _ = m.update(.toggleMark, selection: 9, shown: noRows)
        #expect(m.update(.markAll, selection: nil, shown: { [4, 9, 1, 2] }) == [.marksChanged])
        #expect(m.marks.items == [9, 4, 1])
    }

    /// `toggle-all` under `--multi=2`: the marked rows shown are unmarked first, so the room they
    /// leave is taken by the unmarked ones, in the order shown; a mark on a row not shown stays.
    /// Fails with `unmarkAll(shown)` → `markAll(shown)` in ``PickerMarks/toggleAll(_:)``.
    @Test func toggleAllUnmarksBeforeItCountsTheRoom() throws {
        var m = try model(limit: 2)
        _ = m.update(.toggleMark, selection: 5, shown: noRows)
        _ = m.update(.toggleMark, selection: 1, shown: noRows)
        _ = m.update(.toggleAll, selection: 1, shown: { [1, 2, 3] })
        #expect(m.marks.items == [5, 2], "5 is not shown and stays; 1 is unmarked; 2 takes its room")
    }

    /// `tab` marks and moves down, `shift-tab` marks and moves up, `toggle` stays; with nothing
    /// selected (an empty list) nothing is marked and nothing moves.
    /// Fails with `.next : .previous` → `.previous : .previous` in ``PickerModel/update(_:selection:shown:)``.
    @Test func markingMovesTheWayItsKeySays() throws {
        var m = try model()
        #expect(m.update(.mark, selection: 1, shown: noRows) == [.marksChanged, .move(.next)])
        #expect(m.update(.markUp, selection: 2, shown: noRows) == [.marksChanged, .move(.previous)])
        #expect(m.update(.mark, selection: nil, shown: noRows) == [])
        #expect(m.marks.items == [1, 2])
    }

    /// Without `--multi`, marking does nothing (Enter then chooses the selected line).
    /// Fails with `guard multi` → `guard !multi`.
    @Test func withoutMultiNothingIsMarked() throws {
        var m = try model(multi: false)
        #expect(m.update(.mark, selection: 1, shown: noRows) == [])
        #expect(m.update(.markAll, selection: 1, shown: { [1, 2] }) == [])
        #expect(m.marks.isEmpty && !m.hasMarks)
    }

    /// `toggle-preview` hides the pane of the window in force only: under the alternative
    /// (`<N(…)`, the frame too small), the main window's pane stays as it was, as in fzf.
    /// Fails with `hiddenUnder.alternative = newValue` → `hiddenUnder.window = newValue`.
    @Test func togglePreviewActsOnTheWindowInForceOnly() throws {
        var m = try model(preview: "right,50%,<40(up,30%)")
        m.preview.usesAlternative = true
        m.preview.row = 4
        #expect(m.update(.togglePreview, selection: 4, shown: noRows) == [.redraw])
        #expect(m.preview.hidden, "hidden under the alternative")
        #expect(m.preview.row == nil, "shown again, the preview runs anew")
        m.preview.usesAlternative = false
        #expect(!m.preview.hidden, "the main window's pane was not hidden")
    }

    /// `show-preview` on a shown pane changes nothing: no new frame, the output is kept (the
    /// command does not run again).
    /// Fails with `guard preview.hidden == shown` → `guard preview.hidden != shown`.
    @Test func showPreviewOnAShownPaneKeepsItsOutput() throws {
        var m = try model(preview: "right,50%")
        m.preview.row = 4
        #expect(m.update(.showPreview(true), selection: 4, shown: noRows) == [])
        #expect(m.preview.row == 4)
        #expect(m.update(.showPreview(false), selection: 4, shown: noRows) == [.redraw])
        #expect(m.preview.hidden)
    }

    /// `enable-search` while searching is on searches nothing again; `toggle-search` always does.
    /// Fails with `guard search.enabled != enabled` → `guard search.enabled == enabled`.
    @Test func enablingAnEnabledSearchSearchesNothing() throws {
        var m = try model()
        #expect(m.update(.search(true), selection: nil, shown: noRows) == [])
        #expect(m.update(.toggleSearch, selection: nil, shown: noRows) == [.search, .redraw])
        #expect(!m.search.enabled)
        #expect(m.update(.search(true), selection: nil, shown: noRows) == [.search, .redraw])
    }

    /// `change-query` sets the prompt's text and leaves the search to the app (once per run
    /// of edits); the query searched is still the old one until then.
    /// Fails with `[.searchTypedQuery]` → `[]`.
    @Test func changeQueryEditsThePromptNotTheSearch() throws {
        var m = try model()
        #expect(m.update(.changeQuery("abc"), selection: nil, shown: noRows) == [.searchTypedQuery])
        #expect(m.prompt.text == "abc")
        #expect(m.search.query == "")
    }

    /// Moves, commands and choosing are the app's.
    @Test func theAppPerformsWhatNeedsTheList() throws {
        var m = try model()
        #expect(m.update(.move(.next), selection: 1, shown: noRows) == nil)
        #expect(m.update(.choose, selection: 1, shown: noRows) == nil)
    }
}
