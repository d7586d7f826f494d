import CCairo
import CFreeType
import Raster

/// Executes a `Scene` with cairo's image backend into an XRGB8888 buffer (CAIRO_FORMAT_RGB24 has the same layout),
/// with the same geometry, the same HarfBuzz glyph positions and default anti-aliasing: the peer we measure against.
final class CairoSceneRenderer {
    let buffer: PixelBuffer
    private let surface: OpaquePointer
    private let context: OpaquePointer
    private let fonts: CairoFontFaces
    private var glyphs: [cairo_glyph_t] = []

    init?(buffer: PixelBuffer, fonts: CairoFontFaces) {
        guard cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(buffer.width)) <= Int32(buffer.strideBytes)
        else { return nil }
        let data = UnsafeMutableRawPointer(buffer.pixels).assumingMemoryBound(to: UInt8.self)
        guard let surface = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_RGB24, Int32(buffer.width),
                                                                Int32(buffer.height), Int32(buffer.strideBytes)),
              let context = cairo_create(surface) else { return nil }
        self.buffer = buffer
        self.surface = surface
        self.context = context
        self.fonts = fonts
        // Unhinted outlines, like ours; anti-aliasing stays cairo's default.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(context, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    private func setColor(_ c: Color) {
        cairo_set_source_rgba(context, Double(c.red) / 255, Double(c.green) / 255, Double(c.blue) / 255,
                              Double(c.alpha) / 255)
    }

    func draw(_ scene: Scene) {
        let cr = context
        cairo_save(cr)
        if let clip = scene.clip {
            cairo_rectangle(cr, Double(clip.x0), Double(clip.y0), Double(clip.width), Double(clip.height))
            cairo_clip(cr)
        }
        if let background = scene.background {
            setColor(background.withAlpha(255))
            cairo_paint(cr)
        }
        for command in scene.commands {
            switch command {
            case .fillPath(let path, let color):
                appendPath(path)
                setColor(color)
                cairo_fill(cr)
            case .strokePolyline(let points, let style, let color):
                guard let first = points.first else { continue }
                cairo_move_to(cr, Double(first.x), Double(first.y))
                for p in points.dropFirst() { cairo_line_to(cr, Double(p.x), Double(p.y)) }
                cairo_set_line_width(cr, Double(style.width))
                switch style.join {
                case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
                case .miter(let limit):
                    cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
                    cairo_set_miter_limit(cr, Double(limit))
                }
                switch style.cap {
                case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
                case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
                }
                setColor(color)
                cairo_stroke(cr)
            case .circle(let center, let radius, let color):
                cairo_new_sub_path(cr)
                cairo_arc(cr, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
                setColor(color)
                cairo_fill(cr)
            case .ring(let center, let radius, let width, let color):
                cairo_new_sub_path(cr)
                cairo_arc(cr, Double(center.x), Double(center.y), Double(radius), 0, 2 * .pi)
                cairo_set_line_width(cr, Double(width))
                setColor(color)
                cairo_stroke(cr)
            case .rect(let rect, let color):
                cairo_rectangle(cr, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
                setColor(color)
                cairo_fill(cr)
            case .text(let text):
                // A halo the way cairo draws one: the glyph outlines stroked wide, under the filled text.
                if let halo = text.halo {
                    for run in text.line.runs where setGlyphs(run, origin: text.origin) {
                        cairo_new_path(cr)
                        glyphs.withUnsafeBufferPointer { cairo_glyph_path(cr, $0.baseAddress, Int32($0.count)) }
                        cairo_set_line_width(cr, Double(2 * ShapedLine.haloRadius(sizePixels: text.line.sizePixels)))
                        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                        setColor(halo)
                        cairo_stroke(cr)
                    }
                }
                for run in text.line.runs where setGlyphs(run, origin: text.origin) {
                    setColor(text.color)
                    glyphs.withUnsafeBufferPointer { cairo_show_glyphs(cr, $0.baseAddress, Int32($0.count)) }
                }
            }
        }
        cairo_restore(cr)
        cairo_surface_flush(surface)
    }

    /// Loads one run's glyphs and sets its face and size; false when cairo has no face for the run's font.
    private func setGlyphs(_ run: ShapedRun, origin: Point) -> Bool {
        guard let face = fonts.face(for: run.font) else { return false }
        glyphs.removeAll(keepingCapacity: true)
        for g in run.shaped.glyphs {
            glyphs.append(cairo_glyph_t(index: UInt(g.glyphID), x: Double(origin.x + run.x + g.x), y: Double(origin.y + g.y)))
        }
        cairo_set_font_face(context, face)
        cairo_set_font_size(context, Double(run.shaped.sizePixels))
        return true
    }

    /// Paints `source` scaled by `zoom` about `centre` with bilinear filtering over a white background.
    func drawScaled(_ source: PixelBuffer, zoom: Double, about centre: Point) {
        let data = UnsafeMutableRawPointer(source.pixels).assumingMemoryBound(to: UInt8.self)
        guard let image = cairo_image_surface_create_for_data(data, CAIRO_FORMAT_RGB24, Int32(source.width),
                                                              Int32(source.height), Int32(source.strideBytes))
        else { return }
        let cr = context
        cairo_save(cr)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_translate(cr, Double(centre.x), Double(centre.y))
        cairo_scale(cr, zoom, zoom)
        cairo_translate(cr, -Double(centre.x), -Double(centre.y))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_surface_flush(surface)
        cairo_surface_destroy(image)
    }

    private func appendPath(_ path: Path) {
        let cr = context
        var i = 0
        var current = Point(0, 0)
        for verb in path.verbs {
            switch verb {
            case .move:
                current = path.points[i]; i += 1
                cairo_move_to(cr, Double(current.x), Double(current.y))
            case .line:
                current = path.points[i]; i += 1
                cairo_line_to(cr, Double(current.x), Double(current.y))
            case .quad:
                let c = path.points[i], p = path.points[i + 1]; i += 2
                let c1 = current + (c - current) * (2.0 / 3.0), c2 = p + (c - p) * (2.0 / 3.0)
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .cubic:
                let c1 = path.points[i], c2 = path.points[i + 1], p = path.points[i + 2]; i += 3
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .close:
                cairo_close_path(cr)
            }
        }
    }
}

/// Cairo font faces over their own FreeType faces (cairo sets the size of a face while drawing, so it must not share
/// ours), one per font file for the whole run. They are never freed: cairo keeps scaled fonts in caches that outlive
/// a context, and a freed FT_Face whose address is reused would make cairo draw with the wrong font.
final class CairoFontFaces {
    private var library: FT_Library?
    private var faces: [String: OpaquePointer] = [:]

    init() {
        if FT_Init_FreeType(&library) != 0 { library = nil }
    }

    func face(for font: Font) -> OpaquePointer? {
        let key = "\(font.path)#\(font.faceIndex)"
        if let cached = faces[key] { return cached }
        var face: FT_Face?
        guard let library, FT_New_Face(library, font.path, FT_Long(font.faceIndex), &face) == 0, let face,
              let cairoFace = cairo_ft_font_face_create_for_ft_face(face, 0) else { return nil }
        faces[key] = cairoFace
        return cairoFace
    }
}
