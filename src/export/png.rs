//! The PNG encoder: resvg renders the map's SVG string at the requested DPI
//! with the embedded DejaVu Sans only (no system fonts), and the `png` crate
//! writes it with a `pHYs` chunk holding that DPI.

use super::ExportError;
use super::drawing::FONT_FAMILY;
use resvg::{tiny_skia, usvg};
use std::sync::{Arc, OnceLock};

/// DejaVu Sans (licence in `templates/fonts/LICENSE-DejaVu.txt`).
pub(crate) static DEJAVU_SANS: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold.
pub(crate) static DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans-Bold.ttf");

/// Highest resolution accepted, in dots per inch.
pub const MAX_DPI: u32 = 2400;
/// Most pixels in one PNG (a 1 GiB RGBA buffer).
pub const MAX_PIXELS: u64 = 1 << 28;

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

/// Renders an SVG (sized in millimetres) at `dpi` and encodes it as PNG.
/// One millimetre becomes exactly `dpi / 25.4` pixels; the image is the page
/// size rounded to whole pixels.
pub fn png(svg: &str, dpi: u32) -> Result<Vec<u8>, ExportError> {
    if dpi == 0 || dpi > MAX_DPI {
        return Err(ExportError::Dpi { dpi });
    }
    let opt = usvg_options(dpi);
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| ExportError::Svg(e.to_string()))?;
    let size = tree.size();
    let (wf, hf) = (
        f64::from(size.width()).round(),
        f64::from(size.height()).round(),
    );
    let (w, h) = (wf.max(1.0) as u64, hf.max(1.0) as u64);
    if w > u64::from(u32::MAX) || h > u64::from(u32::MAX) || w * h > MAX_PIXELS {
        return Err(ExportError::TooLarge {
            width: w,
            height: h,
            dpi,
        });
    }
    let (w, h) = (w as u32, h as u32);
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or(ExportError::TooLarge {
        width: u64::from(w),
        height: u64::from(h),
        dpi,
    })?;
    resvg::render(
        &tree,
        tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    let rgba = pixmap.take_demultiplied();

    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgba);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        let ppm = pixels_per_metre(dpi);
        enc.set_pixel_dims(Some(png::PixelDimensions {
            xppu: ppm,
            yppu: ppm,
            unit: png::Unit::Meter,
        }));
        let mut writer = enc.write_header()?;
        writer.write_image_data(&rgba)?;
        writer.finish()?;
    }
    Ok(out)
}
