"""The service manager's end of sd_notify inside the VM test's guest: binds a unix datagram socket and writes one
line per datagram, `<CLOCK_MONOTONIC microseconds> <assignments joined by |>`, so the harness can put READY=1 and
the WATCHDOG=1 pings on the same clock as the kiosk's frames log (DRM flip timestamps are CLOCK_MONOTONIC too).
busybox cannot receive unix datagrams, hence this; build-initramfs.py brings the interpreter and exactly the modules
this file imports (python3 -I -S).
    python3 -I -S notify_relay.py SOCKET LOG"""
import os
import socket
import sys
import time


def main():
    path, log = sys.argv[1], sys.argv[2]
    if os.path.exists(path):
        os.unlink(path)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(path)
    with open(log, "a", buffering=1) as out:
        out.write(f"{time.monotonic_ns() // 1000} RELAY-LISTENING\n")
        while True:
            data = s.recv(4096)
            now = time.monotonic_ns() // 1000
            out.write(f"{now} " + data.decode(errors="replace").replace("\n", "|") + "\n")


if __name__ == "__main__":
    main()
