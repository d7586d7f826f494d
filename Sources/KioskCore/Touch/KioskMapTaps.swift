import MetroMap

/// The kiosk's own reactions to a map tap, topmost first: a line's badge lists its stations in the search sheet;
/// an open sheet goes away; with `[map] you_are_here` a station raises the journey card (elsewhere the card goes),
/// else the station's callout shows (elsewhere it hides).
enum KioskMapTaps {
    static func responders(of loop: KioskLoop) -> [any MapTapResponder] {
        let last: any MapTapResponder = loop.journey == nil ? CalloutTap(loop: loop) : JourneyTap(loop: loop)
        return [LineBadgeTap(loop: loop), SearchSheetTap(loop: loop), last]
    }

    /// A line's badge (`[map] line_badges`) is the line's own control: it lists the line's stations, with a sheet
    /// to list them in.
    final class LineBadgeTap: MapTapResponder {
        private unowned let loop: KioskLoop
        init(loop: KioskLoop) { self.loop = loop }

        func mapTapped(_ tap: MapTap) -> Bool {
            guard loop.search != nil, let line = loop.renderer.builder.lineBadge(at: tap.scheme, scale: tap.scale) else { return false }
            loop.browseLine(loop.map.lines[line].id, at: tap.timeMicroseconds)
            return true
        }
    }

    /// A tap on the map beside an open sheet puts the search away, as a tap outside a phone's sheet does; the tap
    /// goes on to what it landed on.
    final class SearchSheetTap: MapTapResponder {
        private unowned let loop: KioskLoop
        init(loop: KioskLoop) { self.loop = loop }

        func mapTapped(_ tap: MapTap) -> Bool {
            loop.search?.close()
            return false
        }
    }

    /// On a station, its journey card and route; elsewhere the card goes and the nearest station pulses.
    final class JourneyTap: MapTapResponder {
        private unowned let loop: KioskLoop
        init(loop: KioskLoop) { self.loop = loop }

        func mapTapped(_ tap: MapTap) -> Bool {
            guard let journey = loop.journey else { return false }
            journey.tapped(stationID: tap.stationID, nearest: loop.nearestStation(to: tap.scheme),
                           language: loop.shownLanguage, at: tap.timeMicroseconds)
            loop.perform(loop.overlay.takeRequests(), time: tap.timeMicroseconds)
            return true
        }
    }

    /// On a station, what it is; elsewhere the callout hides.
    final class CalloutTap: MapTapResponder {
        private unowned let loop: KioskLoop
        init(loop: KioskLoop) { self.loop = loop }

        func mapTapped(_ tap: MapTap) -> Bool {
            loop.showCallout(tap.stationID.flatMap { loop.stationInfo($0, language: loop.shownLanguage) }, at: tap.timeMicroseconds)
            return true
        }
    }
}
