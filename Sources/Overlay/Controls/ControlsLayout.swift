import Physics

/// Which corner of the screen the control column sits in.
public enum ControlCorner: String, CaseIterable, Equatable, Sendable {
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    public var isLeft: Bool { self == .topLeft || self == .bottomLeft }
    public var isTop: Bool { self == .topLeft || self == .topRight }
}

/// The buttons of the control column, top to bottom. Search heads the column: in a bottom corner (the default) the
/// column grows upwards, so the buttons below it stay where passengers and the recorded replays find them.
public enum ControlKind: String, CaseIterable, Equatable, Sendable {
    case search, zoomIn, zoomOut, home, language, accessible
}

/// A rectangle in millimetres on the panel, measured from its top-left corner like the screen.
public struct MillimetreRect: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    public func overlaps(_ other: MillimetreRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}

/// Where the operator wants the controls, in millimetres: the sizes a kiosk needs are physical (a fingertip is
/// ~10 mm, kiosk guidance asks for 15–20 mm targets) and reach is physical (ADA §308: 380–1220 mm above the floor).
public struct ControlsPlacement: Equatable, Sendable {
    public var corner: ControlCorner = .bottomRight
    /// Side of each square button.
    public var buttonMillimetres = 18.0
    public var gapMillimetres = 4.0
    /// From the screen's edges to the column and the inset.
    public var marginMillimetres = 8.0
    /// The heights above the panel's bottom edge that every button must lie within (an operator measures them from
    /// the mounting: a reach range from the floor minus the height of the panel's bottom edge); nil: anywhere.
    public var heightMillimetres: ClosedRange<Double>?
    /// Width of the overview inset (its height follows the map's shape, at most this).
    public var insetMillimetres = 50.0

    public init() {}

    public static let buttonRange = 12.0...40.0
    public static let gapRange = 1.0...30.0
    public static let marginRange = 0.0...100.0
    public static let insetRange = 25.0...200.0
}

/// The control column and the inset's corners laid out on a panel, in millimetres; or why they cannot be.
public struct ControlsLayout: Equatable, Sendable {
    public var buttons: [(kind: ControlKind, rect: MillimetreRect)]
    /// The inset's four resting places, by corner; on the column's side it sits beside the column.
    public var insetCorners: [(corner: ControlCorner, rect: MillimetreRect)]

    /// A problem and the `[controls]` key it comes from, for a located config error.
    public struct Problem: Equatable, Sendable, Error {
        public var key: String
        public var message: String
    }

    /// Every problem found, in one error.
    public struct Problems: Error, Equatable, Sendable {
        public var list: [Problem]
    }

    public static func == (a: ControlsLayout, b: ControlsLayout) -> Bool {
        a.buttons.map(\.kind) == b.buttons.map(\.kind) && a.buttons.map(\.rect) == b.buttons.map(\.rect)
            && a.insetCorners.map(\.corner) == b.insetCorners.map(\.corner) && a.insetCorners.map(\.rect) == b.insetCorners.map(\.rect)
    }

    /// Lays `kinds` out in a column in `placement.corner`, kept within the height range; `insetAspect` is the inset's
    /// height over its width (nil: no inset). Every problem is returned, none half-solved.
    public static func make(_ kinds: [ControlKind], placement: ControlsPlacement, panelMillimetres panel: MillimetreSize,
                            insetAspect: Double?) -> Result<ControlsLayout, Problems> {
        var problems: [Problem] = []
        let button = placement.buttonMillimetres, gap = placement.gapMillimetres, margin = placement.marginMillimetres
        let column = Double(kinds.count) * button + Double(max(kinds.count - 1, 0)) * gap
        // Vertical span the column may use, as distances from the panel's top edge.
        var top = margin, bottom = panel.height - margin
        if let range = placement.heightMillimetres {
            if range.upperBound > panel.height {
                problems.append(Problem(key: "height_mm", message: "height_mm reaches \(format(range.upperBound)) mm but the panel is only "
                                        + "\(format(panel.height)) mm tall"))
            }
            top = max(top, panel.height - range.upperBound)
            bottom = min(bottom, panel.height - range.lowerBound)
        }
        if column > bottom - top {
            let room = max(bottom - top, 0)
            problems.append(Problem(key: placement.heightMillimetres == nil ? "button_mm" : "height_mm",
                                    message: "the \(kinds.count) buttons need \(format(column)) mm of height but only \(format(room)) mm "
                                        + "is free there: they would overlap each other or leave the reach range"))
        }
        if button + 2 * margin > panel.width {
            problems.append(Problem(key: "button_mm", message: "a \(format(button)) mm button with \(format(margin)) mm margins is wider "
                                    + "than the \(format(panel.width)) mm panel"))
        }
        let x = placement.corner.isLeft ? margin : panel.width - margin - button
        let y0 = placement.corner.isTop ? top : bottom - column
        let buttons = kinds.enumerated().map { index, kind in
            (kind, MillimetreRect(x: x, y: y0 + Double(index) * (button + gap), width: button, height: button))
        }
        var corners: [(ControlCorner, MillimetreRect)] = []
        if let insetAspect {
            let width = placement.insetMillimetres, height = width * insetAspect
            let besideColumn = button + gap
            for corner in ControlCorner.allCases {
                let shift = corner.isLeft == placement.corner.isLeft ? besideColumn : 0
                let ix = corner.isLeft ? margin + shift : panel.width - margin - shift - width
                let iy = corner.isTop ? margin : panel.height - margin - height
                corners.append((corner, MillimetreRect(x: ix, y: iy, width: width, height: height)))
            }
            let room = panel.width - 2 * margin
            if width + besideColumn > room || height > panel.height - 2 * margin
                || corners.contains(where: { inset in buttons.contains { $0.1.overlaps(inset.1) } }) {
                problems.append(Problem(key: "inset_mm", message: "a \(format(width)) mm inset overlaps the buttons or leaves the "
                                        + "\(format(panel.width))×\(format(panel.height)) mm panel in some corner"))
            }
        }
        guard problems.isEmpty else { return .failure(Problems(list: problems)) }
        return .success(ControlsLayout(buttons: buttons, insetCorners: corners))
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
