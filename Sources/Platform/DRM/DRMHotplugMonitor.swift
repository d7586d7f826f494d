import CUdev
#if canImport(Glibc)
import Glibc
#endif

/// Tells when a display was plugged or unplugged: udev reports a `drm` change event with HOTPLUG=1.
public final class DRMHotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    public init?() {
        guard let udev = udev_new() else { return nil }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            return nil
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        guard udev_monitor_enable_receiving(monitor) == 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            return nil
        }
        self.udev = udev
        self.monitor = monitor
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Polls readable when udev has an event queued.
    public var fileDescriptor: Int32 { udev_monitor_get_fd(monitor) }

    /// Reads every queued event; true when one of them may mean a display came or went (time to call
    /// `DRMOutput.reprobe()`). HOTPLUG=1 is the kernel's mark; a plain `change` of a card (drivers without
    /// connector polling, `udevadm trigger`, a forced connector) counts too: a reprobe that finds nothing new
    /// costs one connector scan, a missed display costs a black kiosk.
    public func drainHotplugEvents() -> Bool {
        var hotplug = false
        while let device = udev_monitor_receive_device(monitor) {
            let property = udev_device_get_property_value(device, "HOTPLUG").map { String(cString: $0) }
            let action = udev_device_get_action(device).map { String(cString: $0) }
            let devtype = udev_device_get_devtype(device).map { String(cString: $0) }
            if property == "1" || (action == "change" && devtype == "drm_minor") { hotplug = true }
            udev_device_unref(device)
        }
        return hotplug
    }
}
