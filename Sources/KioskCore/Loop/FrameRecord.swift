import Cartography
import Overlay
import Raster

/// One frame the loop drew, as `frames.jsonl` records it and the device logs it.
public struct FrameRecord: Sendable {
    public var presentationMicroseconds: Int64
    public var camera: Camera
    public var state: CameraState
    public var touches: Int
    /// Pixels that changed; nil when the picture did not (the camera came to rest where it already was).
    public var damage: IntRect?
    public var method: MapFrameRenderer.Method
    /// The station whose callout or journey card is on screen, if any.
    public var station: String?
    /// The journey card, when the kiosk has one (`[map] you_are_here`).
    public var card: CardRecord?
    /// The station ids of the route the card shows; empty without one.
    public var route: [String]?
    /// From the oldest input event this frame answers to its presentation (`InputLatency`); nil when the frame
    /// answers no input (an animation running on, a clock tick).
    public var inputLatencyMicroseconds: Int64? = nil
    /// The search sheet while it is open; nil when closed.
    public var search: SearchRecord? = nil
    /// Map pixels drawn or resampled for this frame (`MapFrameRenderer.Frame.drawnPixels`); not journaled.
    public var mapPixelsDrawn = 0

    public struct CardRecord: Sendable, Equatable {
        public var anchor: String?
        /// How far the card reaches into the screen, output pixels.
        public var offset: Double
        public var state: String
        /// How far the card's step list is scrolled (its header's collapse included), output pixels; nil without one.
        public var listOffset: Double? = nil
        /// "dragging" while a finger holds the list, else its scroll phase (decelerating, bouncing, rest).
        public var listState: String? = nil
    }

    public struct SearchRecord: Sendable, Equatable {
        /// What the field shows.
        public var query: String
        /// The stations the list shows, best first.
        public var results: [String]
        /// The key under a finger (its letter, "space", "backspace", or "close"), if any.
        public var pressed: String?
        /// The line whose stations the list shows (browsing by line with the field empty); nil: the list of lines,
        /// or the results of what was typed.
        public var line: String? = nil
        /// The row the keypad's focus is on (audio mode), ringed on the screen; nil: none.
        public var focused: FocusedRow? = nil
    }

    /// A row of the search sheet's list by its place and what a tap on it does: so a replay tells which station or
    /// line a traveller stood on, not only which row.
    public struct FocusedRow: Sendable, Equatable {
        public enum Target: String, Sendable, Equatable {
            /// A station (`id`), whose journey the row opens.
            case station
            /// A line (`id`), whose stations the row lists.
            case line
            /// The row leading back from a line's stations to the lines (no `id`).
            case lines
        }

        /// From 0, the list's first row.
        public var row: Int
        public var target: Target
        public var id: String?

        public init(row: Int, target: Target, id: String?) {
            self.row = row
            self.target = target
            self.id = id
        }
    }
}

extension FrameRecord.CardRecord {
    init(_ journey: KioskJourney) {
        let scroll = journey.card.scroll
        self.init(anchor: journey.card.anchor?.rawValue, offset: journey.card.extent, state: journey.card.state.rawValue,
                  listOffset: scroll?.offset, listState: scroll.map { $0.isDragging ? "dragging" : $0.phase.rawValue })
    }
}
