import Foundation
import MetroMap
import Raster

/// A line's name where a traveller looks for it: a box in the line's colour with its number or short name, just
/// beyond each terminus along the line (Paris' roundels, Beijing's boxes, Moscow's numbered circles). A badge
/// keeps one size on the panel at every zoom, like the labels, and labels keep off it.
public struct LineBadges {
    struct Badge {
        var text: String
        /// Its line, an index into the map's lines.
        var lineIndex: Int
        var color: Color
        /// Black or white, whichever reads on `color`.
        var textColor: Color
        /// The terminus, scheme units.
        var station: SchemePoint
        /// Unit vector from the line's last hop out past the terminus.
        var direction: (x: Float, y: Float)
        /// Pixels, at every scale.
        var width: Float
        var height: Float
        var textWidth: Float
    }

    let badges: [Badge]
    let textSize: Float

    /// `widths`: the label fonts, for the badges' widths.
    init(drawing: MapDrawing, style: MapStyle, widths: TextWidthCache) {
        // The badge's text is as tall as a label's, so a line's number reads from as far as a station's name.
        let textSize = style.labelPixels()
        self.textSize = textSize
        let height = textSize * 1.3
        badges = drawing.termini.compactMap { terminus in
            let text = terminus.shortName
            guard !text.isEmpty, terminus.station.x.isFinite, terminus.station.y.isFinite else { return nil }
            let textWidth = widths.width(of: text, sizePixels: textSize)
            let luma = 0.299 * Double(terminus.color.red) + 0.587 * Double(terminus.color.green) + 0.114 * Double(terminus.color.blue)
            return Badge(text: text, lineIndex: terminus.lineIndex, color: terminus.color, textColor: luma > 150 ? Color(rgb: 0x000000) : Color(rgb: 0xFFFFFF),
                         station: terminus.station, direction: terminus.direction, width: max(height, textWidth + height * 0.5),
                         height: height, textWidth: textWidth)
        }
    }

    /// The badge's box in world pixels at `scale` ((scheme point − `origin`) × scale): past the station's mark on the
    /// line's direction, its near edge a couple of pixels beyond the mark's outline.
    func box(_ badge: Badge, scale: Double, origin: SchemePoint, style: MapStyle) -> Rect {
        let x = Float((badge.station.x - origin.x) * scale), y = Float((badge.station.y - origin.y) * scale)
        let radius = style.stationRadiusPixels(scale: scale)
        let gap = radius + max(radius * 0.3, 1.25) + 2
        let ux = badge.direction.x, uy = badge.direction.y
        let reach = gap + abs(ux) * badge.width / 2 + abs(uy) * badge.height / 2
        let cx = x + ux * reach, cy = y + uy * reach
        return Rect(minX: cx - badge.width / 2, minY: cy - badge.height / 2, maxX: cx + badge.width / 2, maxY: cy + badge.height / 2)
    }

    /// The line of the badge drawn over `point` at `scale` (the badges keep their pixel size at every scale, so
    /// which one is hit depends on it); nil: none there, or only one `commands` leaves out over the scheme's own
    /// caption.
    func line(at point: SchemePoint, scale: Double, style: MapStyle, background: BackgroundObstacles? = nil) -> Int? {
        // World pixels about the point itself: the point is at (0, 0).
        badges.first { badge in
            let box = box(badge, scale: scale, origin: point, style: style)
            guard box.minX <= 0 && 0 < box.maxX && box.minY <= 0 && 0 < box.maxY else { return false }
            return !(background?.hits(box, scale: scale, origin: point) ?? false)
        }?.lineIndex
    }

    /// Whether `rect` (world pixels at `scale`) meets a badge.
    func hits(_ rect: Rect, scale: Double, origin: SchemePoint, style: MapStyle) -> Bool {
        let s = Float(scale), ox = Float(origin.x * scale), oy = Float(origin.y * scale)
        for badge in badges {
            // Cheap rejection: a badge lies within a few of its own sizes of its station.
            let x = Float(badge.station.x) * s - ox, y = Float(badge.station.y) * s - oy
            let far = badge.width + badge.height + style.stationRadiusPixels(scale: scale) * 2 + 4
            if x + far < rect.minX || x - far > rect.maxX || y + far < rect.minY || y - far > rect.maxY { continue }
            let b = box(badge, scale: scale, origin: origin, style: style)
            if rect.overlaps(b) { return true }
        }
        return false
    }

    /// Draw commands for the badges meeting `view` (world pixels), shifted to the screen by `shift`. A badge over the
    /// scheme's own caption or bullet is left out: the scheme names the line there already (New York's bullets).
    func commands(scale: Double, origin: SchemePoint, style: MapStyle, view: Rect, shift: Raster.Point,
                  fonts: FontStack, background: BackgroundObstacles? = nil) -> [SceneCommand] {
        var commands: [SceneCommand] = []
        for badge in badges {
            let b = box(badge, scale: scale, origin: origin, style: style)
            guard b.overlaps(view),
                  !(background?.hits(b, scale: scale, origin: origin) ?? false) else { continue }
            let cx = (b.minX + b.maxX) / 2 - shift.x, cy = (b.minY + b.maxY) / 2 - shift.y, h = badge.height
            if badge.width <= h + 0.01 {
                // One or two narrow characters: a roundel.
                commands.append(.circle(center: Raster.Point(cx, cy), radius: h / 2, color: badge.color))
            } else {
                // A rounded box: a stroke as thick as the badge with round caps.
                let half = (badge.width - h) / 2
                commands.append(.strokePolyline([Raster.Point(cx - half, cy), Raster.Point(cx + half, cy)],
                                                StrokeStyle(width: h, join: .round, cap: .round), badge.color))
            }
            // The text centred in the box by its ink: centring the line box (ascent over descent) set "NE", "CC"
            // and figures low in their roundels, the descent below them being empty.
            let line = fonts.shape(badge.text, sizePixels: textSize)
            commands.append(.text(TextCommand(line: line, origin: Raster.Point(cx - badge.textWidth / 2, line.baseline(centringInkAt: cy)),
                                              color: badge.textColor)))
        }
        return commands
    }

    /// What a line is called on a badge: a short name as it is (U1, S41, M), the route letter or number before a
    /// dash (New York's "1 - Broadway - 7 Av Local"), else the number pMetro gives the line (its section `LineN`),
    /// else the name's initial.
    public static func shortName(name: String, id: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty && trimmed.count <= 3 { return trimmed }
        if let dash = trimmed.range(of: " - ") {
            let head = trimmed[..<dash.lowerBound].trimmingCharacters(in: .whitespaces)
            if !head.isEmpty && head.count <= 3 { return head }
        }
        let digits = id.reversed().prefix { $0.isNumber }
        if !digits.isEmpty && digits.count <= 3 { return String(digits.reversed()) }
        return trimmed.first.map { String($0).uppercased() } ?? ""
    }
}
