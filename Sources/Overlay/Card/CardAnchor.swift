/// The resting places of the journey card, from the least to the most of it shown.
public enum CardAnchor: String, CaseIterable, Sendable {
    /// Station name(s), line roundels, total time and transfers from "you are here".
    case peek
    /// The route's steps.
    case half
    /// The steps with every stop.
    case full
}

/// What the card is doing, as `frames.jsonl` records it.
public enum CardState: String, Sendable {
    case hidden, dragging, springing, resting, dismissing
}
