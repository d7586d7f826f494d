"""Times Skia (skia-python, CPU raster) on the draw lists metro-bench dumps; see scripts/bench-peers."""
import argparse
import glob
import json
import os
import statistics
import sys
import time

import numpy
import skia


def color(c):
    return skia.Color(int(c[0]), int(c[1]), int(c[2]), int(c[3]))


class Fonts:
    """One typeface per font file, unhinted with sub-pixel positions like our rasterizer and cairo's settings."""

    def __init__(self):
        self.typefaces = {}

    def font(self, path, size):
        typeface = self.typefaces.get(path)
        if typeface is None:
            typeface = skia.Typeface.MakeFromFile(path)
            self.typefaces[path] = typeface
        font = skia.Font(typeface, size)
        font.setHinting(skia.FontHinting.kNone)
        font.setSubpixel(True)
        font.setEdging(skia.Font.Edging.kAntiAlias)
        return font


def record(scene, fonts):
    """The scene's commands as an SkPicture, recorded once."""
    recorder = skia.PictureRecorder()
    canvas = recorder.beginRecording(skia.Rect.MakeWH(scene["width"], scene["height"]))
    canvas.save()
    if "clip" in scene:
        x0, y0, x1, y1 = scene["clip"]
        canvas.clipRect(skia.Rect.MakeLTRB(x0, y0, x1, y1))
    if "background" in scene:
        canvas.drawColor(color(scene["background"]), skia.BlendMode.kSrc)
    for command in scene["commands"]:
        paint = skia.Paint(AntiAlias=True, Color=color(command["color"]))
        op = command["op"]
        if op == "fill":
            path = skia.Path()
            for verb in command["path"]:
                kind, points = verb[0], verb[1:]
                if kind == "M":
                    path.moveTo(*points[0])
                elif kind == "L":
                    path.lineTo(*points[0])
                elif kind == "Q":
                    path.quadTo(*points[0], *points[1])
                elif kind == "C":
                    path.cubicTo(*points[0], *points[1], *points[2])
                else:
                    path.close()
            canvas.drawPath(path, paint)
        elif op == "stroke":
            points = command["points"]
            if not points:
                continue
            path = skia.Path()
            path.moveTo(*points[0])
            for p in points[1:]:
                path.lineTo(*p)
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(command["width"])
            paint.setStrokeCap({"round": skia.Paint.kRound_Cap, "butt": skia.Paint.kButt_Cap,
                                "square": skia.Paint.kSquare_Cap}[command["cap"]])
            paint.setStrokeJoin({"round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join,
                                 "miter": skia.Paint.kMiter_Join}[command["join"]])
            paint.setStrokeMiter(command["miter_limit"])
            canvas.drawPath(path, paint)
        elif op == "circle":
            canvas.drawCircle(*command["center"], command["radius"], paint)
        elif op == "ring":
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(command["width"])
            canvas.drawCircle(*command["center"], command["radius"], paint)
        elif op == "rect":
            canvas.drawRect(skia.Rect.MakeLTRB(*command["rect"]), paint)
        elif op == "glyphs":
            glyphs = command["glyphs"]
            if not glyphs:
                continue
            builder = skia.TextBlobBuilder()
            builder.allocRunPos(fonts.font(command["font"], command["size"]), [g[0] for g in glyphs],
                                [skia.Point(g[1], g[2]) for g in glyphs])
            blob = builder.make()
            if blob is not None:
                if "halo" in command:
                    # The halo as the cairo peer draws it: glyph outlines stroked wide under the text.
                    halo = skia.Paint(AntiAlias=True, Color=color(command["halo"]), Style=skia.Paint.kStroke_Style,
                                      StrokeWidth=command["halo_width"], StrokeJoin=skia.Paint.kRound_Join)
                    canvas.drawTextBlob(blob, 0, 0, halo)
                canvas.drawTextBlob(blob, 0, 0, paint)
        else:
            raise SystemExit(f"unknown op {op!r}")
    canvas.restore()
    return recorder.finishRecordingAsPicture()


def median_ms(frame, seconds, cpu_time=False, fastest=False):
    """Median (or fastest) of repeated frames after three warm-up frames: metro-bench's FrameTimer, with the same
    --cpu-time (process CPU time instead of the wall clock) and --fastest options."""
    clock = time.process_time if cpu_time else time.perf_counter
    for _ in range(3):
        frame()
    samples = []
    start = time.perf_counter()
    while len(samples) < 10 or time.perf_counter() - start < seconds:
        t0 = clock()
        frame()
        samples.append((clock() - t0) * 1000)
        if len(samples) >= 1000:
            break
    return min(samples) if fastest else statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("directory", help="what metro-bench --dump-scene wrote")
    parser.add_argument("--seconds", type=float, default=1.0, help="time spent per case (at least 10 frames)")
    parser.add_argument("--cpu-time", action="store_true", help="time by process CPU time, as metro-bench --cpu-time")
    parser.add_argument("--fastest", action="store_true", help="the fastest frame, as metro-bench --fastest")
    args = parser.parse_args()
    files = sorted(glob.glob(os.path.join(args.directory, "*.json")))
    if not files:
        raise SystemExit(f"{args.directory}: no scenes (run metro-bench --dump-scene {args.directory} first)")
    fonts = Fonts()
    for file in files:
        with open(file, encoding="utf-8") as f:
            scene = json.load(f)
        width, height = scene["width"], scene["height"]
        picture = record(scene, fonts)
        # BGRA premultiplied, the raster surface Skia draws fastest into; opaque output makes it XRGB8888.
        surface = skia.Surface.MakeRaster(skia.ImageInfo.MakeN32Premul(width, height))
        canvas = surface.getCanvas()

        def frame():
            canvas.drawPicture(picture)
            surface.flushAndSubmit() if hasattr(surface, "flushAndSubmit") else None

        peer_ms = median_ms(frame, args.seconds, cpu_time=args.cpu_time, fastest=args.fastest)
        difference = None
        ours_png = os.path.splitext(file)[0] + ".png"
        if os.path.exists(ours_png):
            ours = skia.Image.open(ours_png).convert(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kPremul_AlphaType)
            theirs = surface.makeImageSnapshot().convert(colorType=skia.kRGBA_8888_ColorType,
                                                          alphaType=skia.kPremul_AlphaType)
            a = numpy.asarray(ours.toarray(), dtype=numpy.int16)[:, :, :3]
            b = numpy.asarray(theirs.toarray(), dtype=numpy.int16)[:, :, :3]
            difference = float(numpy.abs(a - b).mean())
            if os.environ.get("BENCH_PEERS_PNG"):
                theirs.save(os.path.splitext(file)[0] + "-skia.png")
        ours_ms = scene.get("ours_ms")
        row = {"case": scene["case"], "ours_ms": ours_ms, "peer_ms": round(peer_ms, 3),
               "ratio": round(ours_ms / peer_ms, 3) if ours_ms and peer_ms > 0 else None, "peer": "skia",
               "mean_channel_difference": None if difference is None else round(difference, 3)}
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    sys.exit(main())
