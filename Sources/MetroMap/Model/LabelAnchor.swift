/// Where a station's label sits relative to its circle, when the map gives no explicit label box.
public enum LabelAnchor: String, CaseIterable, Hashable, Sendable {
    case right
    case left
    case above
    case below
    case aboveRight = "above-right"
    case aboveLeft = "above-left"
    case belowRight = "below-right"
    case belowLeft = "below-left"
}
