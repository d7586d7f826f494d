import MetroMap
import Physics
import Raster

/// Feedback within one frame of a finger: the station under a finger that came down is ringed at once (before the
/// lift decides whether it was a tap), and a tap that missed every station pulses the nearest one, so the passenger
/// sees where a station is to be hit.
public final class TouchFeedbackElement: OverlayElement {
    public static let pulseMicroseconds: Int64 = 600_000
    public static let color = Color(rgb: 0x1A4D8F)

    private let scalePixels: Float
    /// The station under the finger that is down, if any.
    public private(set) var pressedStation: (id: String, position: SchemePoint)?
    /// The station pulsing after a missed tap, and when the pulse began.
    public private(set) var pulse: (id: String, position: SchemePoint, startMicroseconds: Int64)?
    private var time: Int64 = 0
    private var centres: (pressed: Point?, pulse: Point?) = (nil, nil)
    private var presented: (pressed: String?, pulsePhase: Int64?) = (nil, nil)

    public init(screen: IntRect) {
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
    }

    public func press(_ station: (id: String, position: SchemePoint)?) { pressedStation = station }

    public func release() { pressedStation = nil }

    public func pulse(_ station: (id: String, position: SchemePoint), at timeMicroseconds: Int64) {
        pulse = (station.id, station.position, timeMicroseconds)
    }

    private var pulseFraction: Double? {
        guard let pulse else { return nil }
        let fraction = Double(time - pulse.startMicroseconds) / Double(Self.pulseMicroseconds)
        return fraction >= 0 && fraction < 1 ? fraction : nil
    }

    public var frame: ScreenRect? { rings.map(ScreenRect.init) }

    /// The rings drawn, in the rasterizer's units the centres are kept in.
    private var rings: Rect? {
        let radius = 40 * scalePixels
        let points = [centres.pressed, pulseFraction == nil ? nil : centres.pulse].compactMap { $0 }
        guard let first = points.first else { return nil }
        return points.dropFirst().reduce(Rect(minX: first.x - radius, minY: first.y - radius, maxX: first.x + radius, maxY: first.y + radius)) {
            Rect(minX: min($0.minX, $1.x - radius), minY: min($0.minY, $1.y - radius),
                 maxX: max($0.maxX, $1.x + radius), maxY: max($0.maxY, $1.y + radius))
        }
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        time = timeMicroseconds
        if pulse != nil, pulseFraction == nil, timeMicroseconds >= (pulse?.startMicroseconds ?? 0) { pulse = nil }
        centres = (pressedStation.map { Point(map.screenPoint(of: $0.position)) }, pulse.map { Point(map.screenPoint(of: $0.position)) })
    }

    public var needsRedraw: Bool {
        presented.pressed != pressedStation?.id || presented.pulsePhase != pulsePhase
    }

    /// The pulse's frame-to-frame state (nil when none shows): any change redraws.
    private var pulsePhase: Int64? { pulseFraction == nil ? nil : time }

    public var nextChangeMicroseconds: Int64? {
        guard let pulse else { return nil }
        // Each vblank while it pulses; the loop wakes at the next frame for it.
        return pulseFraction == nil ? pulse.startMicroseconds + Self.pulseMicroseconds : time + 1
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    public func draw(on canvas: Canvas) {
        let s = scalePixels
        if let centre = centres.pressed {
            canvas.fillCircle(center: centre, radius: 18 * s, color: Self.color.withAlpha(70))
            canvas.strokeCircle(center: centre, radius: 16 * s, width: 3 * s, color: Self.color)
        }
        if let fraction = pulseFraction, let centre = centres.pulse {
            // A ring that grows and fades out over the pulse.
            let radius = Float(10 + 26 * fraction) * s
            canvas.strokeCircle(center: centre, radius: radius, width: 4 * s,
                                color: Self.color.withAlpha(UInt8(220 * (1 - fraction))))
        }
    }

    public func didPresent() {
        presented = (pressedStation?.id, pulsePhase)
    }
}
