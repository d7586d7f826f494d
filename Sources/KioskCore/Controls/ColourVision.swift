import Foundation
import Raster

/// How a colour looks to a traveller with a common colour-vision deficiency, and how far apart two colours look:
/// Machado, Oliveira and Fernandes (2009), "A physiologically-based model for simulation of color vision
/// deficiency", at severity 1 (dichromacy, the hardest case), applied in linear RGB; distances are CIE76 ΔE in
/// CIELAB (D65), where about 2.3 is just noticeable and 10 reads as a different colour at a glance.
public enum ColourVision: String, CaseIterable, Sendable {
    case normal, protan, deutan, tritan

    /// Machado 2009, table for severity 1.0, rows giving linear R, G, B.
    private var matrix: [[Double]]? {
        switch self {
        case .normal: return nil
        case .protan: return [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        case .deutan: return [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        case .tritan: return [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        }
    }

    /// CIELAB of `color` as seen with this vision.
    public func lab(_ color: Color) -> (l: Double, a: Double, b: Double) {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        var rgb = [linear(color.red), linear(color.green), linear(color.blue)]
        if let matrix {
            rgb = matrix.map { row in min(max(row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2], 0), 1) }
        }
        let x = 0.4124564 * rgb[0] + 0.3575761 * rgb[1] + 0.1804375 * rgb[2]
        let y = 0.2126729 * rgb[0] + 0.7151522 * rgb[1] + 0.0721750 * rgb[2]
        let z = 0.0193339 * rgb[0] + 0.1191920 * rgb[1] + 0.9503041 * rgb[2]
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y), fz = f(z / 1.08883)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIE76 ΔE between two colours as seen with this vision.
    public func difference(_ a: Color, _ b: Color) -> Double {
        let p = lab(a), q = lab(b)
        return ((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b)).squareRoot()
    }

    /// The smallest ΔE between two colours over every vision: how far apart they stay for anyone.
    public static func worstDifference(_ a: Color, _ b: Color) -> Double {
        allCases.map { $0.difference(a, b) }.min() ?? 0
    }
}
