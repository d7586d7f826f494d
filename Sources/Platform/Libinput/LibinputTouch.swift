import CLibinput
import TouchInput

/// Touchscreen events: libinput touch events in scanout coordinates, turned upright, into the frame assembler.
extension LibinputInput {
    func handleTouch(_ event: OpaquePointer, type: libinput_event_type, into out: inout [InputEvent]) {
        guard let touch = libinput_event_get_touch_event(event) else { return }
        let time = Int64(libinput_event_touch_get_time_usec(touch))
        let device = deviceKey(libinput_event_get_device(event))
        if type == LIBINPUT_EVENT_TOUCH_FRAME {
            if let frame = assembler.frame(timeMicroseconds: time) { out.append(.touch(frame)) }
            return
        }
        let slot = Int(libinput_event_touch_get_seat_slot(touch))
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            // Coordinates exist only for down and motion.
            let p = upright(scanoutX: libinput_event_touch_get_x_transformed(touch, UInt32(scanoutWidth)),
                            scanoutY: libinput_event_touch_get_y_transformed(touch, UInt32(scanoutHeight)))
            let phase: TouchPhase = type == LIBINPUT_EVENT_TOUCH_DOWN ? .down : .move
            assembler.add(TouchEvent(slot: slot, phase: phase, x: p.x, y: p.y, timeMicroseconds: time), device: device)
        case LIBINPUT_EVENT_TOUCH_UP:
            assembler.add(TouchEvent(slot: slot, phase: .up, timeMicroseconds: time), device: device)
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            assembler.add(TouchEvent(slot: slot, phase: .cancel, timeMicroseconds: time), device: device)
        default:
            break
        }
    }
}
