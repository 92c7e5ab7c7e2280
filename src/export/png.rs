//! The PNG encoder: resvg renders the map's SVG string at the requested DPI
//! with the embedded DejaVu Sans only (no system fonts), and the `png` crate
//! writes it with a `pHYs` chunk holding that DPI.
//!
//! The image is rendered in horizontal bands of at most [`BAND_PIXELS`]
//! pixels, each streamed to the encoder as soon as it is drawn, so memory
//! stays at one band whatever the map's size: a 16-set dungeon at 300 DPI
//! needs no more than a small one, and a map that fits in one band is
//! rendered whole.
//!
//! ```text
//! SVG ──usvg──▶ Tree ──resvg, band by band──▶ rows ──png stream──▶ map.png
//! ```
//!
//! A band edge is placed where it cuts no curved or slanted shape (text, a
//! token, a wave) and no line thinner than a pixel: tiny-skia approximates a
//! shape cut at the pixmap's edge differently, which showed as seams of up
//! to 58 levels. Only axis-aligned shapes (floor, walls, grid lines, tile
//! outlines) cross band edges, and those rasterise the same in a band as in
//! one whole image. What remains is tiny-skia's float rounding of a
//! translated drawing: a few anti-aliased pixels a few levels off, and
//! hatch or stipple patterns sampled one level off here and there.

use super::drawing::FONT_FAMILY;
use super::error::ExportError;
use resvg::{tiny_skia, usvg};
use std::io::Write;
use std::sync::{Arc, OnceLock};

/// DejaVu Sans (licence in `templates/fonts/LICENSE-DejaVu.txt`).
pub(crate) static DEJAVU_SANS: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub(crate) static DEJAVU_SANS_BOLD: &[u8] =
    include_bytes!("../../templates/fonts/DejaVuSans-Bold.ttf");

/// Highest resolution accepted, in dots per inch.
pub const MAX_DPI: u32 = 2400;

/// Most pixels on either side of a PNG. Memory does not limit the size (the
/// image is rendered band by band); this keeps a mistyped `--dpi` from
/// running for minutes and filling the disk.
pub const MAX_SIDE_PX: u64 = 30_000;

/// Most pixels in one band (64 MiB of RGBA): the image memory rendering
/// needs, whatever the map's size.
pub const BAND_PIXELS: u64 = 1 << 24;

/// Fewest rows in a band, however wide the image.
const MIN_BAND_ROWS: u32 = 16;

/// Bytes of compressed data per `IDAT` chunk.
const IDAT_BYTES: usize = 1 << 20;

/// The font database: the embedded fonts and nothing else, built once.
fn fontdb() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_font_data(DEJAVU_SANS.to_vec());
        db.load_font_data(DEJAVU_SANS_BOLD.to_vec());
        db.set_sans_serif_family(FONT_FAMILY);
        db.set_serif_family(FONT_FAMILY);
        Arc::new(db)
    })
    .clone()
}

/// usvg options for rendering at `dpi` with the embedded fonts only.
pub(crate) fn usvg_options(dpi: u32) -> usvg::Options<'static> {
    usvg::Options {
        dpi: dpi as f32,
        font_family: FONT_FAMILY.to_string(),
        fontdb: fontdb(),
        ..usvg::Options::default()
    }
}

/// Pixels per metre for a DPI, as stored in the `pHYs` chunk.
pub fn pixels_per_metre(dpi: u32) -> u32 {
    (f64::from(dpi) / 0.0254).round() as u32
}

/// Less than a pixel's width that still counts as a whole pixel: usvg keeps
/// the page size in `f32`, so a page of exactly 5700 px may come out a
/// fraction of a thousandth short, and tiny-skia's coverage of an edge
/// that close to a pixel's border is full.
const WHOLE_PX_SLACK: f64 = 1e-3;

/// Whole pixels a page side of `px` (fractional) pixels fills: rounded
/// down, so the page's paper covers every pixel of the image (rounding up
/// left a last row or column only partly covered, so see-through).
pub(crate) fn whole_px(px: f64) -> u64 {
    let v = (px + WHOLE_PX_SLACK).floor();
    if v.is_finite() {
        v.clamp(1.0, 1e15) as u64
    } else {
        u64::MAX
    }
}

/// The PNG size in pixels of a page of `width_mm × height_mm` at `dpi`:
/// the whole pixels it fills (rounded down, see `whole_px`).
pub fn png_size_px(width_mm: f64, height_mm: f64, dpi: u32) -> (u64, u64) {
    let px = |mm: f64| whole_px(mm * f64::from(dpi) / 25.4);
    (px(width_mm), px(height_mm))
}

/// Refuses a DPI outside 1..=[`MAX_DPI`], or a page that would be more than
/// [`MAX_SIDE_PX`] pixels on a side at `dpi` (the error names the highest
/// DPI that fits). Costs nothing: call it before any work.
pub fn check_png_size(width_mm: f64, height_mm: f64, dpi: u32) -> Result<(), ExportError> {
    if dpi == 0 || dpi > MAX_DPI {
        return Err(ExportError::Dpi { dpi, max: MAX_DPI });
    }
    let (width, height) = png_size_px(width_mm, height_mm, dpi);
    if width.max(height) <= MAX_SIDE_PX {
        return Ok(());
    }
    let fits = |d: u32| {
        let (w, h) = png_size_px(width_mm, height_mm, d);
        w.max(h) <= MAX_SIDE_PX
    };
    let mut fits_dpi =
        (u64::from(dpi) * MAX_SIDE_PX / width.max(height)).min(u64::from(dpi)) as u32;
    while fits_dpi > 0 && !fits(fits_dpi) {
        fits_dpi -= 1;
    }
    Err(ExportError::TooLarge {
        width,
        height,
        dpi,
        fits_dpi,
        print: false,
    })
}

/// How hard the PNG encoder compresses (the pixels are the same).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PngCompression {
    /// fdeflate: compressing takes a fraction of the time zlib needs (zlib
    /// was most of a 300-DPI map's time), for files two to five times
    /// larger on hatched and stippled maps, which its fast matching barely
    /// shrinks.
    #[default]
    Fast,
    /// zlib level 2: a fifth of fdeflate's size on hatched and stippled maps
    /// and half on colour ones. Higher zlib levels were measured at under 1%
    /// smaller for a fifth more time, so this is the smallest worth having.
    /// [`png()`] and [`write_png`] use it (the golden files pin its bytes).
    Best,
}

impl PngCompression {
    fn deflate(self) -> png::DeflateCompression {
        match self {
            PngCompression::Fast => png::DeflateCompression::FdeflateUltraFast,
            PngCompression::Best => png::DeflateCompression::Level(2),
        }
    }

    /// The row filter: `Up` for fast, the pairing the png crate itself picks
    /// for fdeflate (trying all five filters per row took a fifth of a
    /// 300-DPI map's time); adaptive for best.
    fn filter(self) -> png::Filter {
        match self {
            PngCompression::Fast => png::Filter::Up,
            PngCompression::Best => png::Filter::Adaptive,
        }
    }
}

/// Renders an SVG (sized in millimetres) at `dpi` and encodes it as PNG.
/// One millimetre becomes exactly `dpi / 25.4` pixels; the image is the page
/// size rounded down to whole pixels, so the paper covers every pixel.
pub fn png(svg: &str, dpi: u32) -> Result<Vec<u8>, ExportError> {
    png_with(svg, dpi, PngCompression::Best)
}

/// [`png()`] with the given compression.
pub fn png_with(svg: &str, dpi: u32, compression: PngCompression) -> Result<Vec<u8>, ExportError> {
    let mut out = Vec::new();
    write_png_with(svg, dpi, compression, &mut out)?;
    Ok(out)
}

/// [`png()`], streamed into `out` band by band: the image is never whole in memory.
pub fn write_png<W: Write>(svg: &str, dpi: u32, out: W) -> Result<(), ExportError> {
    write_png_with(svg, dpi, PngCompression::Best, out)
}

/// [`write_png`] with the given compression.
pub fn write_png_with<W: Write>(
    svg: &str,
    dpi: u32,
    compression: PngCompression,
    out: W,
) -> Result<(), ExportError> {
    if dpi == 0 || dpi > MAX_DPI {
        return Err(ExportError::Dpi { dpi, max: MAX_DPI });
    }
    let opt = usvg_options(dpi);
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| ExportError::Svg(e.to_string()))?;
    let width = whole_px(f64::from(tree.size().width()));
    // Bands of about half the budget, so one that grows to find a clean edge stays within it.
    let rows = (BAND_PIXELS / 2 / width).clamp(u64::from(MIN_BAND_ROWS), u64::from(u32::MAX / 2));
    render(&tree, dpi, rows as u32, compression, out)
}

/// Renders `tree` in bands of about `band_rows` rows (at most twice that)
/// and streams the rows to a PNG encoder.
pub(crate) fn render<W: Write>(
    tree: &usvg::Tree,
    dpi: u32,
    band_rows: u32,
    compression: PngCompression,
    out: W,
) -> Result<(), ExportError> {
    let size = tree.size();
    let (w, h) = (
        whole_px(f64::from(size.width())),
        whole_px(f64::from(size.height())),
    );
    let (wf, hf) = (w as f64, h as f64);
    if w.max(h) > MAX_SIDE_PX {
        let mm_per_px = 25.4 / f64::from(dpi);
        check_png_size(wf * mm_per_px, hf * mm_per_px, dpi)?;
        // Only rounding put it over: one DPI less fits.
        return Err(ExportError::TooLarge {
            width: w,
            height: h,
            dpi,
            fits_dpi: dpi - 1,
            print: false,
        });
    }
    let (w, h) = (w as u32, h as u32);
    let band_rows = band_rows.max(1);
    let bands = bands(&free_edges(tree, h), band_rows, band_rows.saturating_mul(2));
    let tallest = bands.iter().map(|b| b.1 - b.0).max().unwrap_or(1);
    let mut buffer = vec![0u8; w as usize * tallest as usize * 4];

    let mut enc = png::Encoder::new(out, w, h);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_deflate_compression(compression.deflate());
    enc.set_filter(compression.filter());
    let ppm = pixels_per_metre(dpi);
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    let mut writer = enc.write_header()?;
    let mut stream = writer.stream_writer_with_size(IDAT_BYTES)?;
    let mut row = vec![0u8; w as usize * 4];
    for (top, bottom) in bands {
        let rows = bottom - top;
        // A pixmap exactly as tall as the band: a shape crossing the image's
        // bottom edge is cut there, as in a whole render.
        let bytes = &mut buffer[..w as usize * rows as usize * 4];
        bytes.fill(0);
        let mut band =
            tiny_skia::PixmapMut::from_bytes(bytes, w, rows).ok_or(ExportError::TooLarge {
                width: u64::from(w),
                height: u64::from(h),
                dpi,
                fits_dpi: 0,
                print: false,
            })?;
        resvg::render(
            tree,
            tiny_skia::Transform::from_translate(0.0, -(top as f32)),
            &mut band,
        );
        for line in band.data_mut().chunks_exact(w as usize * 4) {
            // An opaque row is the same premultiplied or not: it goes to the
            // encoder as it is (maps have a paper background, so that is
            // nearly every row); others are un-premultiplied pixel by pixel.
            if opaque(line) {
                stream.write_all(line).map_err(ExportError::Write)?;
                continue;
            }
            for (px, out) in line.chunks_exact(4).zip(row.chunks_exact_mut(4)) {
                let c = tiny_skia::PremultipliedColorU8::from_rgba(px[0], px[1], px[2], px[3])
                    .map(|c| c.demultiply())
                    .unwrap_or(tiny_skia::ColorU8::from_rgba(0, 0, 0, 0));
                out.copy_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
            }
            stream.write_all(&row).map_err(ExportError::Write)?;
        }
    }
    stream.finish()?;
    writer.finish()?;
    Ok(())
}

/// Is every pixel of a row of RGBA bytes fully opaque? Sixteen pixels at a
/// time without an early exit inside a block, so the compiler checks a
/// block in a few vector instructions (this check reads every pixel of
/// every map).
fn opaque(line: &[u8]) -> bool {
    let blocks = line.chunks_exact(64);
    let tail = blocks.remainder();
    blocks.into_iter().all(|b| {
        b.chunks_exact(4)
            .fold(true, |ok, px| ok & (px[3] == u8::MAX))
    }) && tail.chunks_exact(4).all(|px| px[3] == u8::MAX)
}

/// For each row edge `r` (between pixel rows `r - 1` and `r`, `0..=h`),
/// whether a band may end there: no shape that rasterises differently when
/// cut (curves, slanted lines, round caps and joins, text, isolated groups)
/// reaches across it.
pub(crate) fn free_edges(tree: &usvg::Tree, h: u32) -> Vec<bool> {
    // Covered edges as a difference array: +1 where a shape starts, -1 after it ends.
    let mut diff = vec![0i32; h as usize + 2];
    let mut cover = |r: tiny_skia::Rect| {
        // Two pixels either side for anti-aliasing.
        let top = (f64::from(r.top()).floor() - 2.0).max(1.0);
        let bottom = (f64::from(r.bottom()).ceil() + 2.0).min(f64::from(h) - 1.0);
        if top <= bottom {
            diff[top as usize] += 1;
            diff[bottom as usize + 1] -= 1;
        }
    };
    visit(tree.root(), &mut cover);
    let mut depth = 0;
    (0..=h as usize)
        .map(|r| {
            depth += diff[r];
            depth == 0
        })
        .collect()
}

/// Calls `cover` with the canvas box of every node a band edge must not cut.
fn visit(g: &usvg::Group, cover: &mut impl FnMut(tiny_skia::Rect)) {
    for node in g.children() {
        match node {
            usvg::Node::Group(g) if g.should_isolate() => {
                cover(g.abs_layer_bounding_box().to_rect())
            }
            usvg::Node::Group(g) => visit(g, cover),
            usvg::Node::Path(p) => visit_path(p, cover),
            usvg::Node::Image(i) => cover(i.abs_bounding_box()),
            usvg::Node::Text(t) => {
                cover(t.abs_stroke_bounding_box());
                visit(t.flattened(), cover);
            }
        }
    }
}

/// A path rasterises the same when a band edge cuts it if it is made of
/// horizontal and vertical lines only, stroked (if at all) with butt or
/// square caps, mitred joins and no dashes, under a transform without
/// rotation: then it is left free, except that a stroke thinner than a pixel
/// (which tiny-skia draws as a faded hairline) keeps band edges off its
/// horizontal lines and line ends. Anything else keeps band edges off its
/// whole box.
fn visit_path(p: &usvg::Path, cover: &mut impl FnMut(tiny_skia::Rect)) {
    let whole = p.abs_stroke_bounding_box();
    let ts = p.abs_transform();
    if ts.kx != 0.0 || ts.ky != 0.0 {
        return cover(whole);
    }
    let mut hairline = false;
    if let Some(s) = p.stroke() {
        if s.linecap() == usvg::LineCap::Round
            || !matches!(
                s.linejoin(),
                usvg::LineJoin::Miter | usvg::LineJoin::MiterClip
            )
            || s.dasharray().is_some()
        {
            return cover(whole);
        }
        let w = s.width().get();
        hairline = (w * ts.sx).abs() <= 1.01 && (w * ts.sy).abs() <= 1.01;
    }
    // Rows (in canvas pixels) of horizontal lines and line ends, for hairlines.
    let mut rows = Vec::new();
    let mut at = tiny_skia::Point::zero();
    let mut start = at;
    let line = |a: tiny_skia::Point, b: tiny_skia::Point, rows: &mut Vec<f32>| {
        if a.x != b.x && a.y != b.y {
            return false;
        }
        if hairline {
            rows.push(a.y * ts.sy + ts.ty);
            rows.push(b.y * ts.sy + ts.ty);
        }
        true
    };
    for seg in p.data().segments() {
        let clean = match seg {
            tiny_skia::PathSegment::MoveTo(q) => {
                start = q;
                at = q;
                true
            }
            tiny_skia::PathSegment::LineTo(q) => {
                let clean = line(at, q, &mut rows);
                at = q;
                clean
            }
            tiny_skia::PathSegment::Close => {
                let clean = line(at, start, &mut rows);
                at = start;
                clean
            }
            tiny_skia::PathSegment::QuadTo(..) | tiny_skia::PathSegment::CubicTo(..) => false,
        };
        if !clean {
            return cover(whole);
        }
    }
    for y in rows {
        if let Some(r) = tiny_skia::Rect::from_ltrb(whole.left(), y - 1.0, whole.right(), y + 1.0) {
            cover(r);
        }
    }
}

/// Splits rows `0..h` (`free.len() == h + 1`) into bands of about `target`
/// rows, each ending on a free edge: the last one between a quarter of the
/// target and the target, else the first one after it within `max` rows;
/// if there is none, at the target anyway.
pub(crate) fn bands(free: &[bool], target: u32, max: u32) -> Vec<(u32, u32)> {
    let h = free.len() as u32 - 1;
    let mut out = Vec::new();
    let mut top = 0;
    while top < h {
        let want = top + target;
        if want >= h {
            out.push((top, h));
            break;
        }
        let is_free = |r: &u32| free[*r as usize];
        let end = (top + target.div_ceil(4)..=want)
            .rev()
            .find(is_free)
            .or_else(|| (want + 1..=(top + max).min(h)).find(is_free))
            .unwrap_or(want);
        out.push((top, end));
        top = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::opaque;

    #[test]
    fn a_row_is_opaque_only_when_every_alpha_is_full_wherever_the_odd_pixel_lies() {
        // Rows of 0 to 40 pixels: whole 16-pixel blocks and a tail.
        for pixels in 0..40 {
            let row: Vec<u8> = (0..pixels).flat_map(|i| [i as u8, 7, 9, 255]).collect();
            assert!(opaque(&row), "{pixels} opaque pixels");
            for odd in 0..pixels {
                for alpha in [0, 1, 254] {
                    let mut r = row.clone();
                    r[odd * 4 + 3] = alpha;
                    assert!(!opaque(&r), "pixel {odd} of {pixels} has alpha {alpha}");
                    // A colour channel at 255 elsewhere does not count.
                    r[odd * 4] = 255;
                    assert!(!opaque(&r));
                }
            }
        }
    }
}
