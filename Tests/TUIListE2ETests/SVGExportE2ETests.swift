import Foundation
import Testing

@testable import TUIList

/// The session picture in a real browser: a still of a frame, rendered by headless Chromium
/// (Debian's), read back cell by cell (`scripts/png-cells`), has ink where the frame has letters
/// and digits, none where it has blanks, and each cell's background colour; the README's
/// picture is what its recording gives today, byte for byte.
@Suite(.needsChromium) struct SVGExportE2ETests {
    /// What the screenshot shows, cell by cell.
    struct Cells: Decodable {
        var backgrounds: [[String]]
        var ink: [String]
    }

    /// Renders `svg` (a `columns`×`rows` picture) in headless Chromium and reads it as cells.
    static func screenshot(_ svg: String, columns: Int, rows: Int) throws -> Cells {
        let chromium = try ReferenceTools.requireChromium()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("still.svg"), shot = folder.appendingPathComponent("still.png")
        try svg.write(to: picture, atomically: true, encoding: .utf8)
        let width = columns * SVGAnimationWriter.cellWidth, height = rows * SVGAnimationWriter.cellHeight
        // A HOME of its own: a profile per run, so runs at once do not hand off to each other
        // (Chromium's --user-data-dir draws small windows blank).
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.path
        let run = try Subprocess.run(
            [
                chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                "--screenshot=\(shot.path)", "--window-size=\(width),\(height)", picture.absoluteString,
            ], environment: environment)
        try #require(FileManager.default.fileExists(atPath: shot.path), "chromium wrote no screenshot: \(run.output)")
        let cells = try Subprocess.run(
            [
                TestPaths.packageRoot.appendingPathComponent("scripts/png-cells").path, shot.path, "\(columns)x\(rows)",
                "\(SVGAnimationWriter.cellWidth)x\(SVGAnimationWriter.cellHeight)",
            ])
        try #require(cells.status == 0, "png-cells: \(cells.output)")
        return try JSONDecoder().decode(Cells.self, from: Data(cells.output.utf8))
    }

    /// Where the screenshot's ink disagrees with `lines`: a letter or digit with no ink, or a
    /// blank with ink (other characters, small or filling their cell, are not judged).
    static func inkMismatches(_ cells: Cells, _ lines: [String]) -> [String] {
        var mismatches: [String] = []
        for (y, line) in lines.enumerated() {
            var column = 0
            for character in line {
                let ink = Array(cells.ink[y])
                let expected: Character? = character.isLetter || character.isNumber ? "#" : character == " " ? "." : nil
                if let expected, column < ink.count, ink[column] != expected {
                    mismatches.append("line \(y) column \(column) \(character): \(ink[column])")
                }
                column += max(1, TerminalText.columns(of: character))
            }
        }
        return mismatches
    }

    /// A frame with the looks the picture must keep: a reverse-video bar, a coloured
    /// background, bold and dim text, a wide character. Fails if the picture loses a colour (the
    /// default text colour once drew black), places text off its columns, or draws blanks.
    @Test func aStillInTheBrowserShowsTheFramesCellsAndColours() throws {
        var canvas = Canvas(width: 24, height: 5)
        canvas.draw(" Fruit", x: 0, y: 0, style: Style(attributes: .bold))
        canvas.draw(" Apple      Crisp 1.20", x: 0, y: 1)
        canvas.restyle(Rect(x: 0, y: 1, width: 24, height: 1)) { $0.attributes.insert(.reverse) }
        canvas.draw(" Banana     Ripe  0.25", x: 0, y: 2, style: Style(attributes: .dim))
        canvas.draw(" 日本 Kiwi", x: 0, y: 3)
        canvas.fill(Rect(x: 12, y: 4, width: 12, height: 1), with: " ", style: Style(background: .ansi(4)))
        canvas.draw("done", x: 14, y: 4, style: Style(foreground: .ansi(3), background: .ansi(4)))
        var writer = SVGAnimationWriter(columns: 24, rows: 5)
        writer.frame(canvas, at: 0)
        let cells = try Self.screenshot(writer.still(at: 0), columns: 24, rows: 5)
        #expect(Self.inkMismatches(cells, canvas.lines).isEmpty, "\(Self.inkMismatches(cells, canvas.lines))")
        #expect(
            cells.backgrounds[1].allSatisfy { $0 == SVGAnimationWriter.defaultForeground }, "the bar: \(cells.backgrounds[1])")
        #expect(cells.backgrounds[0].allSatisfy { $0 == SVGAnimationWriter.defaultBackground }, "\(cells.backgrounds[0])")
        #expect(cells.backgrounds[4][..<12].allSatisfy { $0 == SVGAnimationWriter.defaultBackground })
        #expect(cells.backgrounds[4][12...].allSatisfy { $0 == "#0000ee" }, "ANSI blue: \(cells.backgrounds[4])")
        #expect(cells.ink[3].prefix(6) == ".####.", "the wide characters keep two columns each: \(cells.ink[3])")
    }

    /// The README's picture, `tuilist-demo export --svg --svg-at` on the committed recording:
    /// the still at 6.6 s in the browser has ink where that frame (`--frames`) has text; and
    /// the committed animation is what the recording gives today (run scripts/readme-svg after
    /// a change to the demo's look).
    @Test func theReadmePictureIsTheRecordingsFrames() throws {
        let demo = try #require(TestPaths.executable("tuilist-demo"), "build tuilist-demo first")
        let recording = TestPaths.packageRoot.appendingPathComponent("Resources/readme/demo-session.jsonl").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("svg-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let still = folder.appendingPathComponent("still.svg").path, frames = folder.appendingPathComponent("frames.txt").path
        let animated = folder.appendingPathComponent("demo.svg").path
        let export = try Subprocess.run([
            demo, "export", recording, "--svg", still, "--svg-at", "6.6", "--frames", frames, "--output", "/dev/null",
        ])
        #expect(export.status == 0 && export.output.contains("the frame at 6.6 s"), "\(export.output)")
        let again = try Subprocess.run([demo, "export", recording, "--svg", animated])
        #expect(again.status == 0 && again.output.contains("looping"), "\(again.output)")
        let committed = try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Resources/readme/demo.svg"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: animated)) == committed, "run scripts/readme-svg")

        // The frame on screen at 6.6 s, from the export's text of every frame.
        var shown: [String] = []
        for chunk in try String(contentsOfFile: frames, encoding: .utf8).components(separatedBy: "--- t=").dropFirst() {
            let lines = chunk.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let time = Double(lines[0]), time <= 6.6 else { break }
            shown = Array(lines.dropFirst().prefix(16))
        }
        try #require(shown.count == 16)
        let cells = try Self.screenshot(try String(contentsOfFile: still, encoding: .utf8), columns: 72, rows: 16)
        #expect(Self.inkMismatches(cells, shown).isEmpty, "\(Self.inkMismatches(cells, shown))")
    }
}
