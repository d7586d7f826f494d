import Raster
import Testing
@testable import KioskCore

/// A tall narrow headless --size (3×2000) made 240-wide thumbnails 160,000 pixels tall and a 1.4 GB contact sheet
/// that aborted the run (issue 38): every thumbnail now fits a 240-pixel square, so the sheet has a fixed cap.
struct ContactSheetBoundTests {
    @Test(arguments: [(3, 2000), (2000, 3), (1, 16384), (16384, 1), (1280, 800)])
    func theSheetStaysUnderItsCapWhateverTheFrameSize(width: Int, height: Int) throws {
        var sheet = ContactSheet(frameWidth: width, frameHeight: height)
        #expect(sheet.thumbnailWidth <= 240 && sheet.thumbnailHeight <= 240)
        #expect(sheet.thumbnailWidth >= 1 && sheet.thumbnailHeight >= 1)
        let frame = PixelBuffer(width: width, height: height)
        for label in 0..<47 { sheet.add(frame, label: label) }
        let rendered = try #require(sheet.render())
        #expect(rendered.width * rendered.height * 4 <= ContactSheet.maximumBytes)
    }
}
