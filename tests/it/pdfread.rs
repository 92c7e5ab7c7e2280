//! Reads the PDFs tilecrawl writes with an independent reader, hayro (a
//! pure-Rust PDF parser and rasteriser), so `cargo test` needs nothing
//! outside Rust: page count and sizes, the text drawn on each page, and
//! pages rasterised to pixels to measure. `.ci/run` checks the same files
//! with poppler, qpdf and rsvg-convert as well.

use hayro::hayro_interpret::font::GlyphRun;
use hayro::hayro_interpret::hayro_cmap::BfString;
use hayro::hayro_interpret::{
    BlendMode, ClipPath, Context, Device, DrawMode, DrawProps, Image, ImageDrawProps,
    InterpreterCache, InterpreterSettings, SoftMask, interpret_page,
};
use hayro::hayro_syntax::Pdf;
use hayro::kurbo::{Affine, BezPath, Rect};
use hayro::vello_cpu::color::palette::css::WHITE;
use hayro::{PixmapSettings, RenderCache, RenderSettings, render};

/// Opens a PDF, failing the test with the reader's complaint.
pub fn open(bytes: &[u8]) -> Pdf {
    Pdf::new(bytes.to_vec()).unwrap_or_else(|e| panic!("not a readable PDF: {e:?}"))
}

/// The number of pages and each page's size in points (width, height), as
/// a viewer shows it (rotation applied).
pub fn info(bytes: &[u8]) -> (usize, Vec<(f64, f64)>) {
    let pdf = open(bytes);
    let sizes: Vec<(f64, f64)> = pdf
        .pages()
        .iter()
        .map(|p| {
            let (w, h) = p.render_dimensions();
            (f64::from(w), f64::from(h))
        })
        .collect();
    (sizes.len(), sizes)
}

/// Asserts every page is `(w, h)` points within 0.01 pt.
pub fn assert_page_size(sizes: &[(f64, f64)], w: f64, h: f64) {
    for (i, (pw, ph)) in sizes.iter().enumerate() {
        assert!(
            (pw - w).abs() < 0.01 && (ph - h).abs() < 0.01,
            "page {} is {pw} × {ph} pt, expected {w} × {h}",
            i + 1
        );
    }
}

/// Rasterises page `page` (1-based) at `dpi` on a white background.
pub fn rasterise(bytes: &[u8], page: usize, dpi: f64) -> image::RgbaImage {
    let pdf = open(bytes);
    let pages = pdf.pages();
    let p = pages
        .get(page - 1)
        .unwrap_or_else(|| panic!("no page {page}"));
    let scale = (dpi / 72.0) as f32;
    let pixmap = render(
        p,
        &RenderCache::new(),
        &InterpreterSettings::default(),
        &RenderSettings::default(),
        &PixmapSettings {
            x_scale: scale,
            y_scale: scale,
            bg_color: WHITE,
        },
    );
    let (w, h) = (u32::from(pixmap.width()), u32::from(pixmap.height()));
    // Opaque on white: premultiplied and straight RGBA are the same bytes.
    image::RgbaImage::from_raw(w, h, pixmap.data_as_u8_slice().to_vec())
        .expect("a pixmap of width × height pixels")
}

/// The text of every page: each run of glyphs on its own line, in the
/// order the page draws them.
pub fn text(bytes: &[u8]) -> Vec<String> {
    each_page(bytes, |d: TextDevice| d.text)
}

/// Runs every page through a fresh `D` (a reader of what the page draws)
/// and keeps what `take` makes of each.
fn each_page<D, R>(bytes: &[u8], take: impl Fn(D) -> R) -> Vec<R>
where
    D: Default + for<'a> Device<'a>,
{
    let pdf = open(bytes);
    let cache = InterpreterCache::new();
    pdf.pages()
        .iter()
        .map(|page| {
            let mut context = Context::new(
                Affine::IDENTITY,
                Rect::new(0.0, 0.0, 1.0, 1.0),
                &cache,
                pdf.xref(),
                InterpreterSettings::default(),
            );
            let mut device = D::default();
            interpret_page(page, &mut context, &mut device);
            take(device)
        })
        .collect()
}

#[derive(Default)]
struct TextDevice {
    text: String,
}

impl Device<'_> for TextDevice {
    fn draw_path(&mut self, _: &BezPath, _: DrawProps<'_>, _: &DrawMode) {}
    fn push_clip_path(&mut self, _: &ClipPath) {}
    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'_>>, _: BlendMode) {}
    fn draw_glyph_run(&mut self, run: &GlyphRun<'_, '_>, _: DrawProps<'_>, _: &DrawMode) {
        for glyph in run.glyphs() {
            match glyph.as_unicode() {
                Some(BfString::Char(c)) => self.text.push(c),
                Some(BfString::String(s)) => self.text.push_str(&s),
                None => self.text.push('\u{fffd}'),
            }
        }
        self.text.push('\n');
    }
    fn draw_image(&mut self, _: Image<'_, '_>, _: ImageDrawProps<'_>) {}
    fn pop_clip(&mut self) {}
    fn pop_transparency_group(&mut self) {}
}

/// One element of a tagged PDF's structure tree: its type (`H1`, `P`,
/// `Table`, `TD`, `Figure`...), its alternate text, how many pieces of
/// page content it points at directly, and its child elements in order.
#[derive(Debug)]
pub struct Elem {
    pub kind: String,
    pub alt: Option<String>,
    pub content: usize,
    pub children: Vec<Elem>,
}

impl Elem {
    /// Every element below this one, depth first, in reading order.
    pub fn all(&self) -> Vec<&Elem> {
        let mut out = Vec::new();
        for c in &self.children {
            out.push(c);
            out.extend(c.all());
        }
        out
    }

    /// The children's types, in order.
    pub fn kinds(&self) -> Vec<&str> {
        self.children.iter().map(|c| c.kind.as_str()).collect()
    }
}

/// A PDF text string: UTF-16BE after its byte order mark, or else (in
/// what tilecrawl writes) ASCII.
fn text_string(bytes: &[u8]) -> String {
    match bytes.strip_prefix(&[0xfe, 0xff]) {
        Some(utf16) => {
            let units: Vec<u16> = utf16
                .chunks(2)
                .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        None => String::from_utf8_lossy(bytes).into_owned(),
    }
}

/// The document's language (the catalog's `/Lang`) and its structure tree
/// (the `/StructTreeRoot`'s elements under a root `Elem` of kind "root"),
/// or `None` for an untagged PDF.
pub fn structure(bytes: &[u8]) -> Option<(Option<String>, Elem)> {
    use hayro::hayro_syntax::object::{Dict, Object};
    fn walk(k: Object, into: &mut Elem) {
        match k {
            Object::Array(a) => {
                for o in a.iter::<Object>() {
                    walk(o, into);
                }
            }
            Object::Dict(d) => {
                if let Some(s) = d.get::<hayro::hayro_syntax::object::Name>(b"S") {
                    into.children.push(elem(s.as_str().to_string(), &d));
                } else {
                    // A marked-content or object reference.
                    into.content += 1;
                }
            }
            Object::Number(_) => into.content += 1,
            _ => {}
        }
    }
    fn elem(kind: String, d: &Dict) -> Elem {
        let alt = d
            .get::<hayro::hayro_syntax::object::String>(b"Alt")
            .map(|s| text_string(s.as_bytes()));
        let mut e = Elem {
            kind,
            alt,
            content: 0,
            children: Vec::new(),
        };
        if let Some(k) = d.get::<Object>(b"K") {
            walk(k, &mut e);
        }
        e
    }
    let pdf = open(bytes);
    let xref = pdf.xref();
    let catalog: Dict = xref.get(xref.root_id())?;
    let lang = catalog
        .get::<hayro::hayro_syntax::object::String>(b"Lang")
        .map(|s| text_string(s.as_bytes()));
    let root: Dict = catalog.get(b"StructTreeRoot")?;
    Some((lang, elem("root".into(), &root)))
}

/// One run of glyphs on a page and the marked content it is drawn in: the
/// tags of the sequences around it (outermost first) and the innermost
/// marked-content id, which is what ties content to an element of the
/// structure tree (an artifact has none).
#[derive(Debug)]
pub struct MarkedRun {
    pub tags: Vec<String>,
    pub mcid: Option<i32>,
    pub text: String,
}

/// The runs of glyphs of every page, in the order the page draws them,
/// each with the marked content it is in.
pub fn marked_text(bytes: &[u8]) -> Vec<Vec<MarkedRun>> {
    each_page(bytes, |d: MarkedDevice| d.runs)
}

#[derive(Default)]
struct MarkedDevice {
    open: Vec<(String, Option<i32>)>,
    runs: Vec<MarkedRun>,
}

impl Device<'_> for MarkedDevice {
    fn draw_path(&mut self, _: &BezPath, _: DrawProps<'_>, _: &DrawMode) {}
    fn push_clip_path(&mut self, _: &ClipPath) {}
    fn push_transparency_group(&mut self, _: f32, _: Option<SoftMask<'_>>, _: BlendMode) {}
    fn draw_glyph_run(&mut self, run: &GlyphRun<'_, '_>, _: DrawProps<'_>, _: &DrawMode) {
        let mut text = String::new();
        for glyph in run.glyphs() {
            match glyph.as_unicode() {
                Some(BfString::Char(c)) => text.push(c),
                Some(BfString::String(s)) => text.push_str(&s),
                None => text.push('\u{fffd}'),
            }
        }
        self.runs.push(MarkedRun {
            tags: self.open.iter().map(|(t, _)| t.clone()).collect(),
            mcid: self.open.iter().rev().find_map(|(_, m)| *m),
            text,
        });
    }
    fn draw_image(&mut self, _: Image<'_, '_>, _: ImageDrawProps<'_>) {}
    fn pop_clip(&mut self) {}
    fn pop_transparency_group(&mut self) {}
    fn begin_marked_content(
        &mut self,
        tag: &[u8],
        properties: Option<&hayro::hayro_syntax::object::Dict<'_>>,
    ) {
        let mcid = properties.and_then(|d| d.get::<i32>(b"MCID"));
        self.open
            .push((String::from_utf8_lossy(tag).into_owned(), mcid));
    }
    fn end_marked_content(&mut self) {
        self.open.pop();
    }
}
