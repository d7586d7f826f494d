import Raster

/// The journey card drawn once into its own buffer, top edge at row 0: the kiosk moves the card by copying rows of
/// this picture to where the sheet is, so a frame with the card open costs a copy, not a redraw of its text.
///
/// From the top: a grab handle, the header (name, other names, roundels, the journey summary: what `peek` shows),
/// the steps (what `half` adds), then every stop of each ride (what `full` adds). Rows below the content are the
/// card's white body, down to the screen's length, so a card stretched past `full` shows no hole.
public struct JourneyCardPicture {
    public let buffer: PixelBuffer
    /// Where the header ends and the steps begin (picture rows): the collapsing header's height.
    public let headerHeight: Int
    /// The last row with content.
    public let contentHeight: Int
    /// Every text the picture holds, top to bottom, each whole (before wrapping): what audio mode must say.
    public let texts: [String]
    /// Where the share code and its quiet zone are in the picture; nil without one.
    public let shareCodeRect: IntRect?

    static let background = Color.white
    static let border = Color(rgb: 0xB0B0B0)
    /// Service notices: a dark red that keeps 7:1 contrast on the white card.
    static let noticeColor = Color(rgb: 0x9E1B1B)

    /// `qrModulePixels`: the side of a module of the share code (`content.shareURL`), whole pixels.
    /// `shareCodeMinimumTop`: the share code starts no higher than this row (the card's extent at `peek`), so a
    /// card resting at peek shows none of it rather than a strip that scans as nothing.
    public init(content: JourneyCardContent, width: Int, minimumHeight: Int, fonts: FontStack?, scalePixels: Float,
                qrModulePixels: Int = 2, shareCodeMinimumTop: Int = 0) {
        let s = scalePixels
        var commands: [(Canvas) -> Void] = []
        let padding = 16 * s
        var y: Float = 22 * s
        let textWidth = Float(width) - 2 * padding
        var texts: [String] = []
        func text(_ string: String, size: Float, color: Color, indent: Float = 0) {
            texts.append(string)
            guard let fonts else {
                y += size * 1.3
                return
            }
            let metrics = fonts.metrics(sizePixels: size)
            for line in Self.wrap(string, width: textWidth - indent, fonts: fonts, size: size) {
                y += metrics.ascent
                let baseline = y, x = padding + indent
                commands.append { $0.draw(fonts.shape(line, sizePixels: size), at: Point(x, baseline), color: color) }
                y += metrics.descent + 4 * s
            }
        }
        text(content.station.name, size: 26 * s, color: .black)
        for other in content.station.otherNames { text(other, size: 15 * s, color: Color(rgb: 0x505050)) }
        // Roundels: a disc in each line's colour before its name, flowing along rows.
        var x = padding
        y += 6 * s
        let roundel = 9 * s, rowHeight = 26 * s
        if !content.station.lines.isEmpty { y += rowHeight / 2 }
        for line in content.station.lines {
            texts.append(line.name)
            let labelWidth = fonts?.measure(line.name, sizePixels: 14 * s) ?? 0
            let itemWidth = 2 * roundel + 6 * s + labelWidth + 14 * s
            if x + itemWidth > Float(width) - padding, x > padding {
                x = padding
                y += rowHeight
            }
            let centre = Point(x + roundel, y), labelX = x + 2 * roundel + 6 * s, baseline = y + 5 * s
            commands.append { canvas in
                canvas.fillCircle(center: centre, radius: roundel, color: line.color)
                if let fonts { canvas.draw(fonts.shape(line.name, sizePixels: 14 * s), at: Point(labelX, baseline), color: .black) }
            }
            x += itemWidth
        }
        if !content.station.lines.isEmpty { y += rowHeight / 2 + 6 * s }
        // The destination's step-free access, its mark before the words (the callout's).
        if let access = content.station.access {
            let mark = 14 * s, top = y + 2 * s
            commands.append { StationAccessFact.drawMark(access.kind, in: Rect(x: padding, y: top, width: mark, height: mark), on: $0) }
            text(access.text, size: 15 * s, color: .black, indent: mark + 6 * s)
        }
        if !content.summary.isEmpty { text(content.summary, size: 17 * s, color: Color(rgb: 0x1A4D8F)) }
        // Live notices first (a closed station matters more than its next train), in full, in the alert colour.
        for notice in content.notices { text(notice, size: 15 * s, color: Self.noticeColor) }
        // Next departures: a bar in the line's colour, the line and direction, then the times.
        if !content.departures.isEmpty { y += 6 * s }
        for row in content.departures {
            let top = y
            text(row.title, size: 15 * s, color: .black, indent: 18 * s)
            text(row.times, size: 15 * s, color: Color(rgb: 0x303030), indent: 18 * s)
            if let color = row.color {
                let bottom = y
                commands.append { $0.fillRect(Rect(x: padding, y: top + 2 * s, width: 8 * s, height: bottom - top - 6 * s), color: color) }
            }
            y += 4 * s
        }
        y += 10 * s
        headerHeight = Int(y.rounded(.up))
        let divider = y
        commands.append { $0.fillRect(Rect(x: padding, y: divider, width: textWidth, height: max(1, s)), color: Self.border) }
        y += 12 * s
        // Steps: a coloured bar for each ride or change.
        for step in content.steps {
            let top = y
            text(step.text, size: 16 * s, color: .black, indent: 18 * s)
            if let color = step.color {
                let bottom = y
                commands.append { $0.fillRect(Rect(x: padding, y: top + 2 * s, width: 8 * s, height: bottom - top - 6 * s), color: color) }
            }
            y += 6 * s
        }
        // The share code under the steps (shown from `half`), on the card's white: the quiet zone is the card itself.
        var shareCode: IntRect?
        if let url = content.shareURL, let code = QRCode(text: url) {
            let module = max(1, qrModulePixels), side = code.sidePixels(modulePixels: module)
            if side <= Int(textWidth) {
                let top = max(Int((y + 4 * s).rounded(.up)), shareCodeMinimumTop), left = Int(padding.rounded())
                commands.append { code.draw(on: $0, x: left, y: top, modulePixels: module) }
                shareCode = IntRect(x: left, y: top, width: side, height: side)
                y = Float(top + side) + 4 * s
            }
        }
        shareCodeRect = shareCode
        // Every stop, ride by ride.
        let rides = content.steps.filter { $0.kind == .ride }
        if !rides.isEmpty {
            y += 8 * s
            text(content.everyStopHeading, size: 15 * s, color: Color(rgb: 0x505050))
            for ride in rides {
                for stop in Self.listedStops(ride.stops) {
                    let centreY = y + 10 * s
                    if let stop, let closed = ride.alertedStops[stop] {
                        // The map's alert mark, small: a ring in amber, or in red and crossed out where it is closed.
                        let color = closed ? AlertedStationsElement.closedColor : AlertedStationsElement.affectedColor
                        let centre = Point(padding + 4 * s, centreY)
                        commands.append { canvas in
                            canvas.strokeCircle(center: centre, radius: 6 * s, width: 2.5 * s, color: color)
                            guard closed else { return }
                            let d = 4 * s
                            for (a, b) in [(Point(centre.x - d, centre.y - d), Point(centre.x + d, centre.y + d)),
                                           (Point(centre.x - d, centre.y + d), Point(centre.x + d, centre.y - d))] {
                                canvas.stroke(polyline: [a, b], style: StrokeStyle(width: 2.5 * s), color: color)
                            }
                        }
                    } else if let color = ride.color, stop != nil {
                        commands.append { $0.fillCircle(center: Point(padding + 4 * s, centreY), radius: 4 * s, color: color) }
                    }
                    text(stop ?? content.foldedStopsRow(Self.foldedCount(ride.stops)), size: 14 * s, color: .black,
                         indent: 18 * s)
                }
                y += 8 * s
            }
        }
        contentHeight = Int(y.rounded(.up))
        self.texts = texts
        buffer = PixelBuffer(width: max(width, 1), height: max(contentHeight, minimumHeight, 1))
        let canvas = Canvas(buffer: buffer)
        canvas.clear(Self.background)
        // The edges (a side sheet stands on the map on three sides) and the grab handle.
        canvas.fillRect(Rect(x: 0, y: 0, width: Float(width), height: max(1, s)), color: Self.border)
        canvas.fillRect(Rect(x: 0, y: 0, width: max(1, s), height: Float(buffer.height)), color: Self.border)
        canvas.fillRect(Rect(x: Float(width) - max(1, s), y: 0, width: max(1, s), height: Float(buffer.height)), color: Self.border)
        canvas.fillRect(Rect(x: Float(width) / 2 - 22 * s, y: 8 * s, width: 44 * s, height: 5 * s), color: Color(rgb: 0xC8C8C8))
        for command in commands { command(canvas) }
    }

    /// A ride's stops longer than this are folded in the every-stop list.
    static let longestListedRide = 41
    /// How many stops a folded ride keeps at each end.
    static let keptAtEachEnd = 20

    /// The stops the list shows for one ride: all of them, or for a ride past `longestListedRide` its first and last
    /// `keptAtEachEnd` around one folded row (nil; drawn saying how many stops it stands for), the way printed
    /// journey plans fold a long ride. A ride of 20,000 stops drew a picture of 936 MB (issue 38); the card now stays
    /// the same size past 41 stops.
    public static func listedStops(_ stops: [String]) -> [String?] {
        guard stops.count > longestListedRide else { return stops }
        return stops.prefix(keptAtEachEnd).map { $0 } + [nil] + stops.suffix(keptAtEachEnd).map { $0 }
    }

    /// How many stops `listedStops` folds into its one row: none for a ride it lists in full.
    public static func foldedCount(_ stops: [String]) -> Int {
        stops.count > longestListedRide ? stops.count - 2 * keptAtEachEnd : 0
    }

    /// The collapsed header: the station name in smaller type in a bar, what the header shrinks into as the list
    /// scrolls.
    public static func bar(title: String, width: Int, fonts: FontStack?, scalePixels s: Float) -> PixelBuffer {
        let height = Int((44 * s).rounded())
        let buffer = PixelBuffer(width: max(width, 1), height: height)
        let canvas = Canvas(buffer: buffer)
        canvas.clear(background)
        canvas.fillRect(Rect(x: 0, y: 0, width: Float(width), height: max(1, s)), color: border)
        canvas.fillRect(Rect(x: 0, y: Float(height) - max(1, s), width: Float(width), height: max(1, s)), color: border)
        if let fonts {
            let metrics = fonts.metrics(sizePixels: 18 * s)
            let baseline = (Float(height) + metrics.ascent - metrics.descent) / 2
            canvas.draw(fonts.shape(title, sizePixels: 18 * s), at: Point(16 * s, baseline), color: .black)
        }
        return buffer
    }

    /// Words of `text` in lines no wider than `width`; a word wider than the line stays whole.
    static func wrap(_ text: String, width: Float, fonts: FontStack, size: Float) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty, fonts.measure(candidate, sizePixels: size) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }
}
