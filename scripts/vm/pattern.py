"""The test pattern of `metro-kiosk outputs --test-pattern`, computed independently from its documented definition
(colour bars over the top three quarters, a grey ramp below, a 64 px orange square), turned the way the panel
rotation turns it, as QEMU would show it."""

BARS = [0xFFFFFF, 0xFFFF00, 0x00FFFF, 0x00FF00, 0xFF00FF, 0xFF0000, 0x0000FF, 0x000000]
MARKER = 0xFF8000


def upright_rows(width, height, marker):
    mx, my, mw, mh = marker
    rows = []
    bar_row = bytearray()
    for x in range(width):
        c = BARS[min(7, x * 8 // width)]
        bar_row += bytes(((c >> 16) & 255, (c >> 8) & 255, c & 255))
    ramp_row = bytearray()
    for x in range(width):
        g = x * 255 // (width - 1)
        ramp_row += bytes((g, g, g))
    orange = bytes(((MARKER >> 16) & 255, (MARKER >> 8) & 255, MARKER & 255)) * mw
    for y in range(height):
        row = bytearray(bar_row if y < height * 3 // 4 else ramp_row)
        if my <= y < my + mh:
            row[mx * 3:(mx + mw) * 3] = orange
        rows.append(bytes(row))
    return rows


def expected_scanout(width, height, marker, rotation):
    """(scanout width, scanout height, RGB bytes) for an upright width x height pattern."""
    rows = upright_rows(width, height, marker)
    if rotation == 0:
        return width, height, b"".join(rows)
    if rotation == 180:
        out = [bytes(b"".join(row[i:i + 3] for i in range((width - 1) * 3, -1, -3))) for row in reversed(rows)]
        return width, height, b"".join(out)
    # 90 clockwise: scanout (sx, sy) shows upright (x = sy, y = h-1-sx); 270: upright (x = w-1-sy, y = sx).
    out = bytearray()
    for sy in range(width):
        x = sy if rotation == 90 else width - 1 - sy
        ys = range(height - 1, -1, -1) if rotation == 90 else range(height)
        for y in ys:
            out += rows[y][x * 3:x * 3 + 3]
    return height, width, bytes(out)


def compare(image, width, height, rgb, tolerance=0):
    """None when the screendump shows exactly this picture, else a sentence saying how it differs."""
    if (image.width, image.height) != (width, height):
        return f"screen is {image.width}x{image.height}, expected {width}x{height}"
    if image.rgb == rgb:
        return None
    wrong, first = 0, None
    stride = width * 3
    for y in range(height):
        a, b = image.rgb[y * stride:(y + 1) * stride], rgb[y * stride:(y + 1) * stride]
        if a == b:
            continue
        for x in range(width):
            p, q = a[x * 3:x * 3 + 3], b[x * 3:x * 3 + 3]
            if any(abs(p[i] - q[i]) > tolerance for i in range(3)):
                wrong += 1
                if first is None:
                    first = (x, y, tuple(p), tuple(q))
    if wrong == 0:
        return None
    x, y, got, want = first
    return (f"{wrong} of {width * height} pixels differ; first at ({x},{y}): screen {got}, expected {want}")
