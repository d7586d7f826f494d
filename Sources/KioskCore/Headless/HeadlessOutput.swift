import Foundation
import OutputFile
import Raster

/// A display that exists only in memory: frames are "presented" exactly at their predicted vblank on a simulated
/// clock, and kept as PNGs and a contact sheet a person can look at.
public final class HeadlessOutput: KioskOutput {
    public enum PNGPolicy: String, CaseIterable, Sendable {
        case every, last, none
    }

    public let width: Int
    public let height: Int
    public let refreshMillihertz: Int
    private let clock: SimulatedClock
    private let directory: String
    private let policy: PNGPolicy
    private var frameNumber = 0
    private var lastFrame: PixelBuffer?
    private var contactSheet: ContactSheet

    public init(width: Int, height: Int, refreshMillihertz: Int, clock: SimulatedClock, directory: String, png: PNGPolicy) {
        self.width = width
        self.height = height
        self.refreshMillihertz = refreshMillihertz
        self.clock = clock
        self.directory = directory
        policy = png
        contactSheet = ContactSheet(frameWidth: width, frameHeight: height)
    }

    public func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        frameNumber += 1
        switch policy {
        case .every:
            try writePNG(frame, to: path(String(format: "frame-%05d.png", frameNumber)), symlinks: .replace)
        case .last:
            let copy = lastFrame ?? PixelBuffer(width: width, height: height)
            for y in 0..<height { copy.row(y).update(from: frame.row(y), count: width) }
            lastFrame = copy
        case .none:
            break
        }
        contactSheet.add(frame, label: frameNumber)
        clock.advance(to: predictedMicroseconds)
        return predictedMicroseconds
    }

    /// Writes what is kept until the end: the last frame and the contact sheet.
    public func finish() throws {
        if let lastFrame { try writePNG(lastFrame, to: path("last.png"), symlinks: .replace) }
        if let sheet = contactSheet.render() { try writePNG(sheet, to: path("contact-sheet.png"), symlinks: .replace) }
    }

    private func path(_ name: String) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(name).path
    }
}
