/// The first line of a session recording: what it is and how it was made.
///
/// ```json
/// {"format":"tuilist-session","version":1,"columns":80,"rows":24,"seed":7,"program":"tuilist-demo 0.1.0","start":"2026-11-21T23:30:00Z"}
/// ```
public struct SessionHeader: Codable, Equatable, Sendable {
    /// Always `tuilist-session`: tells a recording from any other JSON-lines file.
    var format: String = SessionHeader.formatName
    /// The format version; readers refuse versions they do not know.
    var version: Int = SessionHeader.currentVersion
    /// The terminal size when recording started.
    public var columns: Int
    /// The terminal's height in lines when recording started.
    public var rows: Int
    /// The seed of every random action, so a session can be re-run exactly.
    public var seed: UInt64?
    /// The program and its version, e.g. `tuilist-demo 0.1.0`.
    public var program: String
    /// When recording started, ISO 8601 in UTC.
    public var start: String
    /// A title for players (asciicast export uses it).
    public var title: String?

    /// The value of `format` in every recording: `tuilist-session`.
    static let formatName = "tuilist-session"
    /// The version this library writes and the newest it reads.
    static let currentVersion = 1

    /// A header for a recording starting now.
    ///
    /// - Parameters:
    ///   - columns: the terminal's width.
    ///   - rows: the terminal's height.
    ///   - seed: the seed of the program's random actions, if it has any.
    ///   - program: the program and its version, e.g. `myapp 1.0`.
    ///   - start: when recording started, ISO 8601 in UTC.
    ///   - title: a title for players.
    public init(columns: Int, rows: Int, seed: UInt64? = nil, program: String, start: String, title: String? = nil) {
        self.columns = columns
        self.rows = rows
        self.seed = seed
        self.program = program
        self.start = start
        self.title = title
    }
}
