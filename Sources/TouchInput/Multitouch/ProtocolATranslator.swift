import CMtdev
import Glibc

/// Multitouch protocol A (anonymous contacts, each ended by SYN_MT_REPORT; many IR frames and older panels) turned
/// into protocol B (slots and tracking ids) by libmtdev, the library libinput itself puts in front of such devices.
/// Matching anonymous contacts from frame to frame is mtdev's job; doing it ourselves would give a recording a
/// different finger assignment than the live panel under libinput.
///
/// mtdev is configured by hand from the recorded axes (there is no device to ask), with as many slots as libinput
/// gives an mtdev device.
final class ProtocolATranslator {
    /// libinput's evdev-fallback uses 10 slots for a device behind mtdev.
    static let slotCount = 10

    /// The protocol-B device the translated events describe: the recorded axes plus ABS_MT_SLOT and tracking ids.
    let translatedDevice: TouchDeviceDescription
    private let device: UnsafeMutablePointer<mtdev>

    init?(device description: TouchDeviceDescription) {
        guard let device = mtdev_new() else { return nil }
        guard mtdev_init(device) == 0 else {
            mtdev_delete(device)
            return nil
        }
        self.device = device
        device.pointee.caps.has_mtdata = 1
        device.pointee.caps.has_slot = 0
        device.pointee.caps.slot.minimum = 0
        device.pointee.caps.slot.maximum = Int32(Self.slotCount - 1)
        for (code, range) in description.axes where code >= EvdevCode.absMTTouchMajor && code <= EvdevCode.absMTPressure {
            mtdev_set_mt_event(device, Int32(code), 1)
            mtdev_set_abs_minimum(device, Int32(code), range.minimum)
            mtdev_set_abs_maximum(device, Int32(code), range.maximum)
        }
        var axes = description.axes
        axes[EvdevCode.absMTSlot] = AxisRange(minimum: 0, maximum: Int32(Self.slotCount - 1))
        axes[EvdevCode.absMTTrackingID] = AxisRange(minimum: 0, maximum: 65535)
        translatedDevice = TouchDeviceDescription(axes: axes, initialSlot: 0)
    }

    deinit {
        mtdev_close_delete(device)
    }

    /// Puts one recorded event in; returns the protocol-B events mtdev has ready (a whole frame after SYN_REPORT).
    /// They carry the time and line of the event that completed them.
    func translate(_ event: EvdevEvent) -> [EvdevEvent] {
        var input = input_event()
        input.time.tv_sec = Int(event.timeMicroseconds / 1_000_000)
        input.time.tv_usec = Int(event.timeMicroseconds % 1_000_000)
        input.type = event.type
        input.code = event.code
        input.value = event.value
        mtdev_put_event(device, &input)
        var output: [EvdevEvent] = []
        while mtdev_empty(device) == 0 {
            var translated = input_event()
            mtdev_get_event(device, &translated)
            output.append(EvdevEvent(timeMicroseconds: event.timeMicroseconds, type: translated.type,
                                     code: translated.code, value: translated.value, line: event.line))
        }
        return output
    }
}
