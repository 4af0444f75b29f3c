import TUIList
import TUIListTool

/// Sends `events` to an editor a little later on the program's manual clock, then steps until
/// the screen at rest satisfies `condition` (or ten seconds of that clock pass, or the editor
/// waits for input with nothing scheduled: nothing will change then).
/// - Returns: Whether the screen satisfies `condition` at the end.
func sendEditorKeys(
    _ events: [InputEvent], _ program: Program, _ app: EditorApp, _ terminal: HeadlessTerminal,
    until condition: ([String]) -> Bool
) -> Bool {
    terminal.schedule(events, at: program.clock.now + 0.1)
    let deadline = program.clock.now + 10
    while program.clock.now < deadline && !program.isFinished {
        program.step(app)
        if condition(terminal.lines) && !app.isAnimating && terminal.pendingEventCount == 0 { return true }
        if terminal.isWaitingForInput { break }
    }
    return condition(terminal.lines)
}
