import MetroMap
import Physics
import Raster
import Testing
@testable import Overlay

/// The control column: laid out in millimetres, pressed as iOS buttons are, in colours that read.
struct ControlsTests {
    let identity = MapProjection { ScreenPoint(x: $0.x, y: $0.y) }

    @Test func theColumnSitsInItsCornerWithinTheReachRange() throws {
        var placement = ControlsPlacement()
        placement.corner = .bottomLeft
        let kinds: [ControlKind] = [.zoomIn, .zoomOut, .home]
        let layout = try ControlsLayout.make(kinds, placement: placement, panelMillimetres: MillimetreSize(width: 300, height: 500), insetAspect: nil).get()
        #expect(layout.buttons.map(\.kind) == kinds)
        #expect(layout.buttons[0].rect == MillimetreRect(x: 8, y: 500 - 8 - 62, width: 18, height: 18))
        #expect(layout.buttons[2].rect.y + 18 == 492)
        // Kept between 200 and 400 mm above the panel's bottom edge: the column's bottom rises to 200 mm.
        placement.heightMillimetres = 200...400
        let raised = try ControlsLayout.make(kinds, placement: placement, panelMillimetres: MillimetreSize(width: 300, height: 500), insetAspect: nil).get()
        #expect(raised.buttons[2].rect.y + 18 == 300)
        placement.corner = .topRight
        let top = try ControlsLayout.make(kinds, placement: placement, panelMillimetres: MillimetreSize(width: 300, height: 500), insetAspect: nil).get()
        #expect(top.buttons[0].rect == MillimetreRect(x: 300 - 8 - 18, y: 100, width: 18, height: 18), "400 mm up is 100 mm from the top")
    }

    @Test func aColumnThatCannotFitIsReportedAgainstTheKeyToChange() {
        var placement = ControlsPlacement()
        placement.heightMillimetres = 100...150
        placement.buttonMillimetres = 20
        let kinds = ControlKind.allCases
        guard case let .failure(problems) = ControlsLayout.make(kinds, placement: placement, panelMillimetres: MillimetreSize(width: 300, height: 200), insetAspect: 1)
        else { Issue.record("five 20 mm buttons cannot fit in 50 mm"); return }
        #expect(problems.list.map(\.key) == ["height_mm"])
        placement.heightMillimetres = 100...250
        guard case let .failure(above) = ControlsLayout.make(kinds, placement: placement, panelMillimetres: MillimetreSize(width: 300, height: 200), insetAspect: nil)
        else { Issue.record("250 mm is above a 200 mm panel"); return }
        #expect(above.list.contains { $0.key == "height_mm" && $0.message.contains("200 mm tall") })
        placement = ControlsPlacement()
        placement.insetMillimetres = 150
        guard case let .failure(inset) = ControlsLayout.make(kinds, placement: placement, panelMillimetres: MillimetreSize(width: 160, height: 300), insetAspect: 1)
        else { Issue.record("a 150 mm inset beside the column overlaps it on a 160 mm panel"); return }
        #expect(inset.list.map(\.key) == ["inset_mm"])
    }

    @Test func pressedStateFollowsTheFingerAndOnlyALiftOnTheButtonActs() {
        let button = ControlButton(kind: .home, rect: ScreenRect(x: 100, y: 100, width: 60, height: 60), fonts: nil)
        button.didPresent()
        #expect(!button.touchDown(at: ScreenPoint(x: 101, y: 101), timeMicroseconds: 0), "the square's corner is not the round button")
        #expect(button.touchDown(at: ScreenPoint(x: 130, y: 130), timeMicroseconds: 0))
        #expect(button.isPressed && button.needsRedraw, "pressed at touch-down: redrawn in the next frame")
        button.didPresent()
        button.touchMoved(to: ScreenPoint(x: 200, y: 130), timeMicroseconds: 50_000)
        #expect(!button.isPressed && button.needsRedraw)
        button.touchUp(at: ScreenPoint(x: 200, y: 130), timeMicroseconds: 100_000)
        #expect(button.takeRequests().isEmpty, "slid off: nothing")
        #expect(button.touchDown(at: ScreenPoint(x: 130, y: 130), timeMicroseconds: 200_000))
        button.touchMoved(to: ScreenPoint(x: 200, y: 130), timeMicroseconds: 250_000)
        button.touchMoved(to: ScreenPoint(x: 135, y: 130), timeMicroseconds: 300_000)
        #expect(button.isPressed, "back on the button: pressed again")
        button.touchUp(at: ScreenPoint(x: 135, y: 130), timeMicroseconds: 350_000)
        #expect(button.takeRequests() == [.home] && !button.isPressed)
        #expect(button.touchDown(at: ScreenPoint(x: 130, y: 130), timeMicroseconds: 400_000))
        button.touchCancelled(timeMicroseconds: 450_000)
        #expect(button.takeRequests().isEmpty && !button.isPressed)
    }

    @Test func aHeldZoomButtonStepsAfterTheHoldDelayAndDoesNotAlsoPressAtTheLift() {
        let button = ControlButton(kind: .zoomOut, rect: ScreenRect(x: 0, y: 0, width: 60, height: 60), fonts: nil)
        _ = button.touchDown(at: ScreenPoint(x: 30, y: 30), timeMicroseconds: 1_000_000)
        #expect(button.nextChangeMicroseconds == 1_400_000)
        button.advance(to: 1_399_999, map: identity)
        #expect(button.takeRequests().isEmpty)
        button.advance(to: 1_400_000, map: identity)
        #expect(button.takeRequests() == [.zoomContinuing(factor: 1 / ControlButton.repeatFactor, about: nil)])
        // A frame late: one step, and the next due time stays on the 200 ms grid.
        button.advance(to: 1_650_000, map: identity)
        #expect(button.takeRequests().count == 1 && button.nextChangeMicroseconds == 1_800_000)
        button.touchUp(at: ScreenPoint(x: 30, y: 30), timeMicroseconds: 1_700_000)
        #expect(button.takeRequests().isEmpty && button.nextChangeMicroseconds == nil)
        // A quick press zooms out by the press factor.
        _ = button.touchDown(at: ScreenPoint(x: 30, y: 30), timeMicroseconds: 2_000_000)
        button.touchUp(at: ScreenPoint(x: 30, y: 30), timeMicroseconds: 2_080_000)
        #expect(button.takeRequests() == [.zoom(factor: 1 / ControlButton.pressFactor, about: nil)])
    }

    @Test func thePressedButtonIsDrawnInThePressedColour() {
        let buffer = PixelBuffer(width: 100, height: 100)
        let button = ControlButton(kind: .zoomIn, rect: ScreenRect(x: 10, y: 10, width: 80, height: 80), fonts: nil)
        button.draw(on: Canvas(buffer: buffer))
        #expect(buffer.pixel(x: 30, y: 30) == ControlPalette.standard.fill.xrgb)
        _ = button.touchDown(at: ScreenPoint(x: 50, y: 50), timeMicroseconds: 0)
        button.draw(on: Canvas(buffer: buffer))
        #expect(buffer.pixel(x: 30, y: 30) == ControlPalette.standard.pressedFill.xrgb)
        #expect(buffer.pixel(x: 50, y: 50) == ControlPalette.standard.glyph.xrgb, "the plus in the middle")
    }

    /// WCAG 1.4.3 / 1.4.6: every text or glyph colour against what is behind it, both palettes.
    @Test func everyTextPairOfBothPalettesHasEnoughContrast() {
        #expect(abs(ContrastRatio.between(.black, .white) - 21) < 1e-9)
        #expect(abs(ContrastRatio.between(Color(rgb: 0x777777), .white) - 4.48) < 0.01, "WCAG's own borderline grey")
        for (palette, minimum) in [(ControlPalette.standard, 4.5), (ControlPalette.highContrast, 7.0)] {
            for pair in palette.textPairs {
                let ratio = ContrastRatio.between(pair.text, pair.background)
                #expect(ratio >= minimum, "\(pair.name): \(ratio):1")
            }
        }
    }

    @Test func theIdleWarningShowsTheLastSecondsAndShrinks() {
        let warning = IdleWarningElement(warningMicroseconds: 10_000_000, screen: IntRect(x: 0, y: 0, width: 1000, height: 500),
                                         barHeight: 40, fonts: nil)
        warning.deadlineMicroseconds = 30_000_000
        warning.advance(to: 19_999_999, map: identity)
        #expect(warning.frame == nil && warning.nextChangeMicroseconds == 20_000_000)
        warning.advance(to: 20_000_000, map: identity)
        #expect(warning.shown?.seconds == 10 && warning.shown?.width == 1000 && warning.needsRedraw)
        warning.didPresent()
        warning.advance(to: 25_000_000, map: identity)
        #expect(warning.shown?.seconds == 5 && warning.shown?.width == 500)
        #expect(warning.nextChangeMicroseconds == 25_010_000, "a pixel of bar later")
        warning.deadlineMicroseconds = 50_000_000
        warning.advance(to: 25_016_000, map: identity)
        #expect(warning.frame == nil, "a touch moved the deadline: hidden")
        #expect(!warning.touchDown(at: ScreenPoint(x: 10, y: 10), timeMicroseconds: 0))
    }
}
