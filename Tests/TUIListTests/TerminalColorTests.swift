import Testing

@testable import TUIList

@Suite("TerminalColor palette mapping")
struct TerminalColorTests {
    @Test func defaultAndMonochrome() {
        #expect(TerminalColor.default.paletteIndex(colors: 256) == -1)
        #expect(TerminalColor.red.paletteIndex(colors: 2) == -1)
        #expect(TerminalColor.rgb(255, 0, 0).paletteIndex(colors: 0) == -1)
    }

    @Test func ansiColours() {
        #expect(TerminalColor.ansi(1).paletteIndex(colors: 256) == 1)
        #expect(TerminalColor.ansi(9).paletteIndex(colors: 16) == 9)
        #expect(TerminalColor.ansi(9).paletteIndex(colors: 8) == 1)  // bright red → red
        #expect(TerminalColor.ansi(15).paletteIndex(colors: 8) == 7)
    }

    @Test func indexedColours() {
        #expect(TerminalColor.indexed(208).paletteIndex(colors: 256) == 208)
        #expect(TerminalColor.indexed(196).paletteIndex(colors: 8) == 1)  // cube red → red
        #expect(TerminalColor.indexed(21).paletteIndex(colors: 8) == 4)  // cube blue → blue
        #expect(TerminalColor.indexed(232).paletteIndex(colors: 8) == 0)  // near-black grey → black
        #expect(TerminalColor.indexed(255).paletteIndex(colors: 16) == 7)  // grey 238 is nearest to white (229)
    }

    @Test func rgbToXterm256() {
        #expect(TerminalColor.rgb(255, 0, 0).paletteIndex(colors: 256) == 196)
        #expect(TerminalColor.rgb(0, 0, 0).paletteIndex(colors: 256) == 16)
        #expect(TerminalColor.rgb(255, 255, 255).paletteIndex(colors: 256) == 231)
        #expect(TerminalColor.rgb(128, 128, 128).paletteIndex(colors: 256) == 244)  // grey ramp
        #expect(TerminalColor.rgb(0x5f, 0x87, 0xff).paletteIndex(colors: 256) == 16 + 36 * 1 + 6 * 2 + 5)
        // Every mapped entry is in range and no entry of the cube and grey ramp (16...255) is
        // closer to the colour asked for.
        for value in stride(from: 0, through: 255, by: 15) {
            let rgb = (value, 255 - value, value / 2)
            let index = TerminalColor.rgb(UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2)).paletteIndex(colors: 256)
            #expect((16 ... 255).contains(index))
            let chosen = TerminalColor.distance(TerminalColor.xtermRGB(index), rgb)
            let best = (16 ... 255).map { TerminalColor.distance(TerminalColor.xtermRGB($0), rgb) }.min()!
            #expect(chosen == best, "rgb\(rgb) → \(index) at distance \(chosen); the nearest entry is at \(best)")
        }
    }

    @Test func rgbToBasic() {
        #expect(TerminalColor.rgb(250, 10, 10).paletteIndex(colors: 8) == 1)
        #expect(TerminalColor.rgb(10, 200, 10).paletteIndex(colors: 8) == 2)
        #expect(TerminalColor.rgb(255, 128, 0).paletteIndex(colors: 8) == 3)  // orange → yellow
        #expect(TerminalColor.rgb(250, 250, 250).paletteIndex(colors: 8) == 7)
        #expect(TerminalColor.rgb(250, 250, 250).paletteIndex(colors: 16) == 15)
    }

    @Test func xtermPaletteRGB() {
        #expect(TerminalColor.xtermRGB(16) == (0, 0, 0))
        #expect(TerminalColor.xtermRGB(231) == (255, 255, 255))
        #expect(TerminalColor.xtermRGB(232) == (8, 8, 8))
        #expect(TerminalColor.xtermRGB(255) == (238, 238, 238))
    }
}
