"""One QEMU guest of the VM test: the process, its QMP socket, the serial log it writes, and the control port the
guest waits on at each checkpoint."""
import json
import os
import re
import socket
import subprocess
import time
import zlib


class GuestError(Exception):
    pass


class Image:
    """An RGB picture as QEMU's screendump writes it (binary PPM)."""

    def __init__(self, width, height, rgb):
        self.width, self.height, self.rgb = width, height, rgb

    @staticmethod
    def load_ppm(path):
        data = open(path, "rb").read()
        # P6 <w> <h> <max>\n<rgb bytes>; QEMU writes no comments.
        m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
        if not m:
            raise GuestError(f"{path} is not a binary PPM")
        w, h = int(m.group(1)), int(m.group(2))
        rgb = data[m.end():m.end() + w * h * 3]
        if len(rgb) != w * h * 3:
            raise GuestError(f"{path}: {len(rgb)} bytes of pixels for {w}x{h}")
        return Image(w, h, rgb)

    @staticmethod
    def load_png(path):
        """An 8-bit, non-interlaced RGB or RGBA PNG (what `metro-kiosk snapshot` writes), as RGB."""
        data = open(path, "rb").read()
        if data[:8] != b"\x89PNG\r\n\x1a\n":
            raise GuestError(f"{path} is not a PNG")
        pos, idat, header = 8, [], None
        while pos + 8 <= len(data):
            length = int.from_bytes(data[pos:pos + 4], "big")
            kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b"IHDR":
                header = body
            elif kind == b"IDAT":
                idat.append(body)
            elif kind == b"IEND":
                break
        if header is None:
            raise GuestError(f"{path}: no IHDR")
        w, h = int.from_bytes(header[0:4], "big"), int.from_bytes(header[4:8], "big")
        depth, color, interlace = header[8], header[9], header[12]
        if depth != 8 or color not in (2, 6) or interlace != 0:
            raise GuestError(f"{path}: bit depth {depth}, colour type {color}, interlace {interlace} not supported")
        bpp = 3 if color == 2 else 4
        raw = zlib.decompress(b"".join(idat))
        stride = w * bpp
        previous = bytearray(stride)
        rgb = bytearray()
        for y in range(h):
            start = y * (stride + 1)
            kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
            if kind == 1:
                for i in range(bpp, stride):
                    line[i] = (line[i] + line[i - bpp]) & 0xFF
            elif kind == 2:
                line = bytearray((a + b) & 0xFF for a, b in zip(line, previous))
            elif kind == 3:
                for i in range(stride):
                    left = line[i - bpp] if i >= bpp else 0
                    line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
            elif kind == 4:
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0
                    b, c = previous[i], previous[i - bpp] if i >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
            elif kind != 0:
                raise GuestError(f"{path}: row {y} has filter {kind}")
            rgb += line if bpp == 3 else b"".join(bytes(line[i:i + 3]) for i in range(0, stride, 4))
            previous = line
        return Image(w, h, bytes(rgb))

    def pixel(self, x, y):
        i = (y * self.width + x) * 3
        return tuple(self.rgb[i:i + 3])


class Guest:
    def __init__(self, name, kernel, initrd, gpu_args, workdir, append=""):
        self.name = name
        self.workdir = workdir
        os.makedirs(workdir, exist_ok=True)
        self.serial_path = os.path.join(workdir, "serial.log")
        self.qmp_path = os.path.join(workdir, "qmp.sock")
        self.control_path = os.path.join(workdir, "control.sock")
        for p in (self.qmp_path, self.control_path, self.serial_path):
            if os.path.exists(p):
                os.unlink(p)
        cmdline = "console=ttyS0 quiet loglevel=3 panic=-1 vt.global_cursor_default=0 " + append
        self.command = [
            "qemu-system-x86_64", "-accel", "tcg", "-m", "1024", "-smp", "1",
            "-nodefaults", "-no-reboot", "-display", "none", "-vga", "none",
            "-kernel", kernel, "-initrd", initrd, "-append", cmdline,
            "-serial", f"file:{self.serial_path}",
            "-qmp", f"unix:{self.qmp_path},server=on,wait=off",
            "-device", "virtio-serial-pci",
            "-chardev", f"socket,id=control,path={self.control_path},server=on,wait=off",
            "-device", "virtserialport,chardev=control,name=metro.control",
            "-device", "virtio-tablet-pci",
        ] + gpu_args
        self.process = None
        self.qmp = None
        self.control = None
        self.log_offset = 0
        self.pending = b""
        self.lines = []

    # -- lifecycle -------------------------------------------------------------------------------------------

    def start(self):
        stderr = open(os.path.join(self.workdir, "qemu.stderr"), "wb")
        self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=stderr, stderr=stderr)
        self.qmp = self._connect(self.qmp_path)
        self.qmp_file = self.qmp.makefile("rwb")
        self._qmp_read()  # greeting
        self.execute("qmp_capabilities")
        self.control = self._connect(self.control_path)

    def _connect(self, path, timeout=20):
        deadline = time.monotonic() + timeout
        while True:
            if self.process.poll() is not None:
                raise GuestError(f"QEMU exited with {self.process.returncode} before {path} appeared: "
                                 + open(os.path.join(self.workdir, "qemu.stderr"), "rb").read().decode(errors="replace"))
            try:
                s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                s.connect(path)
                return s
            except OSError:
                if time.monotonic() > deadline:
                    raise GuestError(f"could not connect to {path}")
                time.sleep(0.05)

    def stop(self, timeout=30):
        """Waits for the guest to power off, then makes sure QEMU is gone."""
        if self.process is None:
            return
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                self.execute("quit")
            except Exception:
                pass
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        for s in (self.qmp, self.control):
            if s:
                s.close()

    # -- QMP -------------------------------------------------------------------------------------------------

    def _qmp_read(self):
        line = self.qmp_file.readline()
        if not line:
            raise GuestError("QMP connection closed")
        return json.loads(line)

    def execute(self, command, **arguments):
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.qmp_file.write(json.dumps(message).encode() + b"\n")
        self.qmp_file.flush()
        while True:
            reply = self._qmp_read()
            if "event" in reply:
                continue
            if "error" in reply:
                raise GuestError(f"QMP {command}: {reply['error'].get('desc')}")
            return reply.get("return")

    def screendump(self, name, device=None, head=None):
        path = os.path.join(self.workdir, name + ".ppm")
        if os.path.exists(path):
            os.unlink(path)
        where = {} if device is None else {"device": device, "head": head or 0}
        self.execute("screendump", filename=path, **where)
        return Image.load_ppm(path)

    # -- serial log and control port ------------------------------------------------------------------------

    def _read_log(self):
        try:
            with open(self.serial_path, "rb") as f:
                f.seek(self.log_offset)
                chunk = f.read()
        except FileNotFoundError:
            return
        self.log_offset += len(chunk)
        self.pending += chunk
        *complete, self.pending = self.pending.split(b"\n")
        for raw in complete:
            self.lines.append(raw.decode(errors="replace").rstrip("\r"))

    def wait_for(self, pattern, timeout, what):
        """The first unread serial line matching `pattern` (a regex); fails on a guest failure, QEMU's exit or
        the timeout, saying what was awaited."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        while True:
            self._read_log()
            while self.lines:
                line = self.lines.pop(0)
                if line.startswith("GUEST-FAIL") or "Kernel panic" in line:
                    raise GuestError(f"while waiting for {what}: {line}")
                m = regex.search(line)
                if m:
                    return m
                self.seen(line)
            if self.process.poll() is not None:
                raise GuestError(f"QEMU exited ({self.process.returncode}) while waiting for {what}")
            if time.monotonic() > deadline:
                raise GuestError(f"timed out after {timeout} s waiting for {what}")
            time.sleep(0.05)

    def seen(self, line):
        """Lines passed over while waiting; kept for checks that look back (module failures)."""
        self.__dict__.setdefault("history", []).append(line)

    def resume(self):
        self.control.sendall(b"continue\n")
