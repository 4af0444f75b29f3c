import ArgumentParser
import TUIList

/// A screen size given as `COLUMNSxROWS` (`100x30`), each 1 to 1000.
package struct ScreenSize: ExpressibleByArgument, Equatable {
    /// Cells per line.
    package var columns: Int
    /// Lines.
    package var rows: Int

    /// Parses `COLUMNSxROWS` (an upper-case `X` too); nil for anything else.
    ///
    /// - Parameter argument: the option's value.
    package init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1 ... 1000).contains(c), (1 ... 1000).contains(r)
        else { return nil }
        columns = c
        rows = r
    }
}

extension SessionHeader {
    /// The screen to play the recording on: `size` when given, else the recorded one.
    ///
    /// - Parameter size: the `--size` option, if given.
    /// - Returns: columns and rows.
    package func screen(_ size: ScreenSize?) -> (columns: Int, rows: Int) {
        (size?.columns ?? columns, size?.rows ?? rows)
    }
}
