import Foundation
import Testing

@testable import TUIList

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The session picture: well-formed XML that shows every frame's text in order, at the recorded
/// times, in the frames' colours; the same frames always give the same bytes.
@Suite struct SVGAnimationWriterTests {
    /// What an SVG holds, read back with an XML parser: the lines in `<defs>`, each frame of
    /// the strip, and the animation's keyframes.
    final class Reading: NSObject, XMLParserDelegate {
        struct Run { var x: Int, text: String, fill: String?, classes: String? }
        var lines: [String: [Run]] = [:]
        var frames: [String: [(line: String, y: Int)]] = [:]
        var frameOrder: [String] = []
        var backgrounds: [String: [(x: Int, width: Int, fill: String)]] = [:]
        var style = ""
        private var currentLine: String?, currentFrame: String?, currentText: Run?, inStyle = false

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch element {
            case "g" where attributes["id"]?.hasPrefix("l") == true: currentLine = attributes["id"]
            case "g" where attributes["id"]?.hasPrefix("f") == true:
                currentFrame = attributes["id"]
                frameOrder.append(attributes["id"]!)
            case "text" where currentLine != nil:
                currentText = Run(x: Int(attributes["x"]!)!, text: "", fill: attributes["fill"], classes: attributes["class"])
            case "rect" where currentLine != nil:
                backgrounds[currentLine!, default: []].append(
                    (Int(attributes["x"]!)!, Int(attributes["width"]!)!, attributes["fill"]!))
            case "use":
                frames[currentFrame!, default: []].append((String(attributes["href"]!.dropFirst()), Int(attributes["y"]!)!))
            case "style": inStyle = true
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inStyle { style += string }
            currentText?.text += string
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            switch element {
            case "text":
                if let run = currentText, let line = currentLine { lines[line, default: []].append(run) }
                currentText = nil
            case "g": if currentLine != nil { currentLine = nil } else { currentFrame = nil }
            case "style": inStyle = false
            default: break
            }
        }

        /// The text of each frame of the strip, one string per screen line, as `Canvas.lines`
        /// gives it (runs placed at their columns, blanks between).
        func text(ofFrame id: String, rows: Int, columns: Int) -> [String] {
            var screen = [String](repeating: String(repeating: " ", count: columns), count: rows)
            for use in frames[id] ?? [] {
                var line = ""
                var column = 0
                for run in lines[use.line] ?? [] {
                    let start = run.x / SVGAnimationWriter.cellWidth
                    line += String(repeating: " ", count: max(0, start - column))
                    line += run.text
                    column = start + TerminalText.columns(of: run.text)
                }
                line += String(repeating: " ", count: max(0, columns - column))
                screen[use.y / SVGAnimationWriter.cellHeight] = line
            }
            return screen
        }

        /// The strip's frame shown at each keyframe, in order: `translateY(-N px)` / height.
        func keyframeFrames(height: Int) -> [Int] {
            style.matches(of: /translateY\(-(\d+)px\)/).map { Int($0.1)! / height }
        }

        /// The keyframes' percentages, in order.
        var keyframePercents: [Double] { style.matches(of: /([\d.]+)%\{/).map { Double($0.1)! } }
    }

    static func read(_ svg: String) -> Reading? {
        let parser = XMLParser(data: Data(svg.utf8))
        let reading = Reading()
        parser.delegate = reading
        return parser.parse() ? reading : nil
    }

    /// Three looks of a 12×3 screen: a selection bar, a swap, wide characters and XML's
    /// special characters.
    static func screens() -> [Canvas] {
        func screen(_ rows: [String], selected: Int) -> Canvas {
            var canvas = Canvas(width: 12, height: 3)
            for (y, row) in rows.enumerated() { canvas.draw(row, x: 0, y: y) }
            canvas.restyle(Rect(x: 0, y: selected, width: 12, height: 1)) { $0.attributes.insert(.reverse) }
            canvas.draw("9", x: 11, y: 2, style: Style(foreground: .ansi(6), attributes: .bold))
            return canvas
        }
        return [
            screen([" Apple", " Banana", " <a & b>"], selected: 0),
            screen([" Banana", " Apple", " 日本 👩‍💻"], selected: 1),
            screen([" Apple", " Banana", " <a & b>"], selected: 0),
        ]
    }

    /// Fails if a frame is dropped, reordered, or drawn at other columns (wide characters), or if
    /// a special character breaks the XML.
    @Test func theAnimationShowsEveryFramesTextInOrderAtItsTime() throws {
        var writer = SVGAnimationWriter(columns: 12, rows: 3)
        let screens = Self.screens()
        writer.frame(screens[0], at: 0)
        writer.frame(screens[0], at: 0.5)  // unchanged: no frame
        writer.frame(screens[1], at: 1)
        writer.frame(screens[2], at: 3)  // as the first: the strip's first frame again
        #expect(writer.frameCount == 3 && writer.duration == 3)
        let svg = writer.animated()
        let reading = try #require(Self.read(svg), "well-formed XML")
        #expect(reading.frameOrder == ["f0", "f1"], "identical frames are drawn once")
        let height = 3 * SVGAnimationWriter.cellHeight
        let shown = reading.keyframeFrames(height: height)
        #expect(shown == [0, 1, 0, 0], "a keyframe per frame, then the last one held")
        let texts = shown.dropLast().map { reading.text(ofFrame: "f\($0)", rows: 3, columns: 12) }
        #expect(texts == [screens[0].lines, screens[1].lines, screens[2].lines])
        let total = 3 + SVGAnimationWriter.holdSeconds
        #expect(reading.keyframePercents == [0, 1 / total * 100, 3 / total * 100, 100].map { ($0 * 1000).rounded() / 1000 })
        #expect(svg.contains("animation:play 5.000s steps(1,end) infinite"))
        #expect(!svg.contains("<script"))
        #expect(writer.animated() == svg, "the same frames give the same bytes")
    }

    /// The selected row's reverse video is a light bar under dark text; the badge keeps its
    /// colour and weight; a blank default line draws nothing.
    @Test func colorsAndAttributesComeFromTheCells() throws {
        var writer = SVGAnimationWriter(columns: 12, rows: 3)
        writer.frame(Self.screens()[0], at: 0)
        let reading = try #require(Self.read(writer.still(at: 0)))
        #expect(reading.style.range(of: "@keyframes") == nil, "a still does not move")
        let uses = reading.frames["f0"] ?? []
        let bar = try #require(uses.first { $0.y == 0 }?.line)
        #expect(
            reading.backgrounds[bar]?.map(\.fill) == [SVGAnimationWriter.defaultForeground],
            "reverse video: the default text colour as the background")
        #expect(reading.lines[bar]?.first?.fill == SVGAnimationWriter.defaultBackground)
        let last = try #require(uses.first { $0.y == 2 * SVGAnimationWriter.cellHeight }?.line)
        let badge = try #require(reading.lines[last]?.last)
        #expect(badge.text == "9" && badge.fill == "#00cdcd" && badge.classes == "b")
        var empty = SVGAnimationWriter(columns: 4, rows: 2)
        empty.frame(Canvas(width: 4, height: 2), at: 0)
        #expect(try #require(Self.read(empty.animated())).frames["f0"] == nil, "nothing drawn on a blank screen")
    }

    /// A still shows the frame on screen at its time: the first before the first frame.
    @Test func aStillIsTheFrameOnScreenAtItsTime() throws {
        var writer = SVGAnimationWriter(columns: 12, rows: 3)
        let screens = Self.screens()
        writer.frame(screens[0], at: 1)
        writer.frame(screens[1], at: 2)
        for (time, expected) in [(0.0, 0), (1.5, 0), (2.0, 1), (60, 1)] {
            let reading = try #require(Self.read(writer.still(at: time)))
            #expect(reading.text(ofFrame: "f0", rows: 3, columns: 12) == screens[expected].lines, "at \(time) s")
        }
    }
}
