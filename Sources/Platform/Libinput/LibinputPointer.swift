import CLibinput
import Physics
import TouchInput

/// Mice and tablets: one finger on the left button, the wheel zooms around the pointer.
extension LibinputInput {
    static let leftButton: UInt32 = 0x110  // BTN_LEFT

    func handlePointer(_ event: OpaquePointer, type: libinput_event_type, into out: inout [InputEvent]) {
        guard let pointer = libinput_event_get_pointer_event(event) else { return }
        let time = Int64(libinput_event_pointer_get_time_usec(pointer))
        var frame: TouchFrame?
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION:
            // Relative motion is in the scanout's axes; turn the delta as the image is turned.
            let d = uprightDelta(dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer))
            frame = pointerFinger.move(dx: d.dx, dy: d.dy, timeMicroseconds: time)
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let p = upright(scanoutX: libinput_event_pointer_get_absolute_x_transformed(pointer, UInt32(scanoutWidth)),
                            scanoutY: libinput_event_pointer_get_absolute_y_transformed(pointer, UInt32(scanoutHeight)))
            frame = pointerFinger.moveTo(x: p.x, y: p.y, timeMicroseconds: time)
        case LIBINPUT_EVENT_POINTER_BUTTON where libinput_event_pointer_get_button(pointer) == LibinputInput.leftButton:
            let pressed = libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED
            frame = pointerFinger.button(pressed: pressed, timeMicroseconds: time)
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
            guard libinput_event_pointer_has_axis(pointer, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL) != 0 else { return }
            // v120: 120 per detent; negative is the wheel pushed away, which zooms in.
            let v120 = libinput_event_pointer_get_scroll_value_v120(pointer, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL)
            guard v120 != 0 else { return }
            out.append(.wheel(WheelZoom(steps: -v120 / 120, focus: ScreenPoint(x: pointerFinger.x, y: pointerFinger.y),
                                        timeMicroseconds: time)))
        default:
            break
        }
        if let frame { out.append(.touch(frame)) }
    }
}
