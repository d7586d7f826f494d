import CALSA
import Speech
#if canImport(Glibc)
import Glibc
#endif

/// The sound card's "Headphone Jack" control (ALSA control interface, iface CARD, as HDA codecs expose the jack's
/// sense pin): read once at start and again after each control event the card sends, through the control device's
/// poll descriptors. Used from the jack watch's thread only (`HeadphoneJackWatch`).
public final class ALSAJackControl: HeadphoneJackSource {
    private let ctl: OpaquePointer
    private let value: OpaquePointer
    private let event: OpaquePointer
    /// The control's name on this card ("Headphone Jack", "Front Headphone Jack").
    public let name: String

    /// The jack of card `card` (ALSA's card index); nil when the card cannot be opened or has no such control.
    public init?(card: Int32) {
        var handle: OpaquePointer?
        guard snd_ctl_open(&handle, "hw:\(card)", Int32(SND_CTL_NONBLOCK)) >= 0, let handle else { return nil }
        guard let (numid, name) = Self.jackControl(handle) else {
            snd_ctl_close(handle)
            return nil
        }
        var value: OpaquePointer?
        var event: OpaquePointer?
        guard snd_ctl_elem_value_malloc(&value) >= 0, let value, snd_ctl_event_malloc(&event) >= 0, let event else {
            snd_ctl_close(handle)
            return nil
        }
        snd_ctl_elem_value_set_numid(value, numid)
        // Without a subscription the control device never becomes readable on a change.
        _ = snd_ctl_subscribe_events(handle, 1)
        ctl = handle
        self.value = value
        self.event = event
        self.name = name
    }

    deinit {
        snd_ctl_elem_value_free(value)
        snd_ctl_event_free(event)
        snd_ctl_close(ctl)
    }

    /// The numid and name of the card's first CARD-interface control whose name contains "Headphone Jack".
    private static func jackControl(_ ctl: OpaquePointer) -> (UInt32, String)? {
        var list: OpaquePointer?
        guard snd_ctl_elem_list_malloc(&list) >= 0, let list else { return nil }
        defer { snd_ctl_elem_list_free(list) }
        guard snd_ctl_elem_list(ctl, list) >= 0 else { return nil }
        let count = snd_ctl_elem_list_get_count(list)
        guard count > 0, snd_ctl_elem_list_alloc_space(list, count) >= 0 else { return nil }
        defer { snd_ctl_elem_list_free_space(list) }
        guard snd_ctl_elem_list(ctl, list) >= 0 else { return nil }
        for index in 0..<snd_ctl_elem_list_get_used(list) {
            guard snd_ctl_elem_list_get_interface(list, index) == SND_CTL_ELEM_IFACE_CARD,
                  let raw = snd_ctl_elem_list_get_name(list, index) else { continue }
            let name = String(cString: raw)
            if name.contains("Headphone Jack") { return (snd_ctl_elem_list_get_numid(list, index), name) }
        }
        return nil
    }

    public func read() -> HeadphoneJack {
        guard snd_ctl_elem_read(ctl, value) >= 0 else { return .unknown }
        return snd_ctl_elem_value_get_boolean(value, 0) != 0 ? .plugged : .unplugged
    }

    public func waitForChange(timeoutMilliseconds: Int32) -> Bool {
        let count = snd_ctl_poll_descriptors_count(ctl)
        guard count > 0 else { return false }
        var fds = [pollfd](repeating: pollfd(), count: Int(count))
        guard snd_ctl_poll_descriptors(ctl, &fds, UInt32(count)) == count else { return false }
        let ready = poll(&fds, nfds_t(count), timeoutMilliseconds)
        if ready < 0 { return errno == EINTR }
        if ready == 0 { return true }
        var revents: UInt16 = 0
        guard snd_ctl_poll_descriptors_revents(ctl, &fds, UInt32(count), &revents) >= 0,
              Int32(revents) & (Int32(POLLERR) | Int32(POLLHUP) | Int32(POLLNVAL)) == 0 else { return false }
        // Drain the events: the control is read afresh whatever they were.
        while snd_ctl_read(ctl, event) > 0 {}
        return true
    }
}
