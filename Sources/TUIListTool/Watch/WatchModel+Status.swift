import TUIList

extension WatchModel {
    /// The title bar's detail: `PAUSED`, the sort, which older run is viewed (`run 2/5`), the
    /// first column shown (`--no-wrap`) and the filter (`/` alone while an empty one is typed),
    /// joined by ` · `; empty when none applies.
    package var titleDetail: String {
        let query = filter.query
        var parts: [String] = []
        if runs.isPaused { parts.append("PAUSED") }
        if let sort { parts.append("sort \(sort.argument)") }
        if !history.runs.isEmpty && !history.isFollowing {
            parts.append("run \(history.position + 1)/\(history.runs.count)")
        }
        if firstColumn > 0 { parts.append("column \(firstColumn + 1)") }
        if isEditingFilter || !query.isEmpty { parts.append("/\(query)") }
        return parts.joined(separator: " · ")
    }

    /// The status line: the time and exit code of the run on screen (an older run's when one
    /// is viewed, else the last run's, or what failed), the last change, rows.
    /// - Parameters:
    ///   - lastChange: the short form of the last change the list showed (`−2 +1`), or empty.
    ///   - shownRows: the rows the list shows (after the filter).
    ///   - recording: what to say of the recording (`● REC`, `REC failed`), nil without one.
    package func statusText(lastChange: String, shownRows: Int, recording: String?) -> String {
        var parts: [String] = []
        if let run = history.shown, !history.isFollowing {
            // An older run is viewed: its own time and exit code.
            parts.append("\(run.wallTime) exit \(run.exitCode)")
        } else if let (result, wallTime) = runs.last.map({ ($0.result, $0.wallTime) }) {
            if result.answered {
                // What it printed is on screen, stderr included.
                parts.append("\(wallTime) exit \(result.exitCode ?? 0)")
            } else {
                let code = result.exitCode.map { "exit \($0)" } ?? "failed"
                parts.append(
                    "\(wallTime) \(code)" + (result.problem.map { ": \($0)" } ?? "")
                        + (history.runs.isEmpty ? "" : " (last list kept)"))
            }
        } else {
            parts.append("running…")
        }
        if !lastChange.isEmpty { parts.append(lastChange) }
        if let run = history.shown {
            let total = run.snapshot.numberOfItems
            parts.append(shownRows == total ? "\(total) rows" : "\(shownRows)/\(total) rows")
        }
        if let recording { parts.append(recording) }
        if runs.isFrozen { parts.insert("stopped (-e), a key exits", at: 0) }
        return parts.joined(separator: " · ")
    }
}
