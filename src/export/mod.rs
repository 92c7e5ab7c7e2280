//! Export: one drawing model of the map, and the encoders that write it.
//!
//! [`drawing`] turns a [`Scenario`] into a [`Drawing`]: the page in
//! millimetres, one square = `scenario.square_mm`, with ordered layers of
//! typed primitives (rock, terrain, grid, markers, outlines, features, labels,
//! frame). [`svg`] serialises that drawing as it is; [`png`] renders the very
//! same SVG string with resvg, so the SVG and the PNG are one picture.
//!
//! ```text
//! Scenario ──drawing──▶ Drawing ──svg──▶ map.svg ──png──▶ map.png (pHYs = DPI)
//! ```

pub mod characters;
pub mod ddd;
mod drawing;
mod error;
pub mod paper;
pub mod pdf;
mod png;
pub mod sheet;
pub mod style;
mod svg;
pub mod uvtt;

pub use self::drawing::{
    Anchor, Circle, Color, DoorKind, DoorMark, Dots, Drawing, FONT_FAMILY, Fill, Hatch, Layer,
    Line, MapOptions, Paint, Polygon, Polyline, Pt, Rect, SQUARE_MM, Shape, Stroke, Style, Text,
    Token, WmtLook, cutout_drawing, drawing, page_mm, ruler_need_mm, ruler_reach_mm, ruler_size_mm,
    ruler_step, square_mm,
};
pub use self::drawing::{
    dw10_cutout_drawing, dw10_doors, dw10_drawing, dw10_master_drawing, dw10_square_mm,
    furnishing_mark,
};
pub use self::error::ExportError;
pub use self::png::{
    BAND_PIXELS, MAX_DPI, MAX_SIDE_PX, PngCompression, check_png_size, pixels_per_metre, png,
    png_size_px, png_with, write_png, write_png_with,
};
pub use self::style::StyleError;
pub use self::svg::svg;

use crate::mkd::scenario::Scenario;

/// The map of a scenario as an SVG document (true scale, in millimetres).
pub fn map_svg(s: &Scenario, opts: &MapOptions) -> String {
    svg(&drawing(s, opts))
}

/// Checks, before any drawing, that the map's PNG can be made at `opts.dpi`
/// (see [`check_png_size`]).
pub fn check_png(s: &Scenario, opts: &MapOptions) -> Result<(), ExportError> {
    let (w, h) = page_mm(s, opts);
    check_png_size(w, h, opts.dpi)
}

/// The map of a scenario as a PNG at `opts.dpi`: resvg's rendering of [`map_svg`].
pub fn map_png(s: &Scenario, opts: &MapOptions) -> Result<Vec<u8>, ExportError> {
    check_png(s, opts)?;
    png(&map_svg(s, opts), opts.dpi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::scenario::*;
    use crate::scenario::{
        CentralChamber, Entrance, FORMAT, Opening, PlacedTile, Point, RulesetId, Size,
    };
    use crate::tileset::{FaceSide, Side, TileKind};

    /// A chamber and a hallway turned east-west, with every kind of feature.
    ///
    /// ```text
    ///   0123456789
    /// 0 ##.##_____    C1 (chamber, front 0°) at 0,0; dead end north at 2,0
    /// 1 #..~######    H1 (hallway, back 90°) at 5,1; a water marker at 2,1
    /// 2 #.........    entrance at 9,2 from the east
    /// 3 #,X=######
    /// 4 #####_____
    /// ```
    pub(crate) fn fixture(square_mm: f64) -> Scenario {
        let grid = [
            "##.##_____",
            "#..~######",
            "#.........",
            "#,X=######",
            "#####_____",
        ];
        Scenario {
            format: FORMAT.into(),
            generator: crate::GENERATOR.into(),
            seed: 42,
            ruleset: RulesetId::MkdAdventure,
            square_mm,
            size: Size {
                width: 10,
                height: 5,
            },
            table_offset: Point { x: 0, y: 0 },
            grid: grid.iter().map(|r| r.to_string()).collect(),
            tiles: vec![
                PlacedTile {
                    id: "C1".into(),
                    kind: TileKind::Chamber,
                    face: FaceSide::Front,
                    rotation: 0,
                    x: 0,
                    y: 0,
                    width: 5,
                    height: 5,
                    void: vec![],
                },
                PlacedTile {
                    id: "H1".into(),
                    kind: TileKind::Hallway,
                    face: FaceSide::Back,
                    rotation: 90,
                    x: 5,
                    y: 1,
                    width: 5,
                    height: 3,
                    void: vec![],
                },
            ],
            connections: vec![[0, 1]],
            entrance: Entrance {
                tile: 1,
                x: 9,
                y: 2,
                side: Side::E,
                length: 1,
            },
            central_chamber: CentralChamber { tile: 0, depth: 1 },
            dead_ends: vec![Opening {
                tile: 0,
                x: 2,
                y: 0,
                side: Side::N,
                length: 1,
            }],
            game: MkdPart {
                mission: "quest".into(),
                params: Params {
                    sets: 1,
                    hero_value: 200,
                    tileset: "test tiles".into(),
                    table: Size {
                        width: 40,
                        height: 40,
                    },
                    exit_dice: crate::build::layout::ExitDice::Fair,
                    difficulty: crate::mkd::scenario::Difficulty::Normal,
                    markers: true,
                    dressing: false,
                },
                chests: vec![Chest {
                    x: 1,
                    y: 1,
                    facing: Side::E,
                    level: 3,
                    quest: true,
                    tile: 0,
                }],
                wmts: vec![
                    Wmt {
                        x: 1,
                        y: 3,
                        color: WmtColor::Red,
                        number: 6,
                        guardian: true,
                        tile: 0,
                    },
                    Wmt {
                        x: 3,
                        y: 1,
                        color: WmtColor::Yellow,
                        number: 2,
                        guardian: false,
                        tile: 0,
                    },
                ],
                markers: vec![Marker {
                    kind: MarkerKind::Water,
                    x: 2,
                    y: 1,
                }],
                turn_limit: None,
                prisoner: None,
                second_entrance: None,
                staircase: None,
                floor: None,
                pools: Pools {
                    chests: vec![1, 2],
                    wmts: vec![],
                    wmt_reveal_bonus: 0,
                    guardian_reveal_bonus: 2,
                    guardian: None,
                    accessories: Accessories {
                        doors: 1,
                        terrain_markers: vec![],
                        furnishings: vec![],
                    },
                    monsters: Default::default(),
                },
            },
            log: vec![],
        }
    }

    /// The value of attribute `name` in the first tag of `tag` (e.g. `<svg`).
    fn attr<'a>(svg: &'a str, tag: &str, name: &str) -> &'a str {
        let start = svg.find(tag).expect("tag present");
        let end = start + svg[start..].find('>').expect("tag closes");
        let t = &svg[start..end];
        let key = format!(" {name}=\"");
        let a = t.find(&key).unwrap_or_else(|| panic!("{tag} has {name}")) + key.len();
        &t[a..a + t[a..].find('"').expect("attribute closes")]
    }

    /// The `(x1, y1, x2, y2)` of every `<line>` in the group `id`.
    fn group_lines(svg: &str, id: &str) -> Vec<[f64; 4]> {
        let open = format!("<g id=\"{id}\">");
        let start = svg.find(&open).expect("group present") + open.len();
        let body = &svg[start..start + svg[start..].find("</g>").expect("group closes")];
        body.lines()
            .filter(|l| l.starts_with("<line "))
            .map(|l| {
                let v = |n: &str| attr(l, "<line", n).parse::<f64>().expect("number");
                [v("x1"), v("y1"), v("x2"), v("y2")]
            })
            .collect()
    }

    fn distinct_sorted(mut v: Vec<f64>) -> Vec<f64> {
        v.sort_by(f64::total_cmp);
        v.dedup_by(|a, b| (*a - *b).abs() < 1e-6);
        v
    }

    #[test]
    fn fixture_passes_the_scenario_checks() {
        let s = fixture(25.4);
        let again = from_yaml(&to_yaml(&s), "fixture").expect("fixture is a valid scenario");
        assert_eq!(again, s);
    }

    #[test]
    fn svg_page_is_true_scale_in_millimetres() {
        for sq in [25.4, 25.0, 10.0] {
            let s = fixture(sq);
            let d = drawing(&s, &MapOptions::default());
            let svg = svg(&d);
            let margin = sq.max(15.0);
            let (w, h) = (10.0 * sq + 2.0 * margin, 5.0 * sq + 2.0 * margin);
            assert_eq!(d.margin_mm, margin);
            let width = attr(&svg, "<svg", "width");
            let height = attr(&svg, "<svg", "height");
            let wv: f64 = width
                .strip_suffix("mm")
                .expect("width in mm")
                .parse()
                .unwrap();
            let hv: f64 = height
                .strip_suffix("mm")
                .expect("height in mm")
                .parse()
                .unwrap();
            // The page is the map (`h`) and the legend below it.
            assert!(
                (wv - w).abs() < 1e-3 && (hv - d.height_mm).abs() < 1e-3,
                "{width} × {height} for {sq} mm"
            );
            assert!((d.map_height_mm() - h).abs() < 1e-9);
            let vb: Vec<f64> = attr(&svg, "<svg", "viewBox")
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            assert_eq!(vb.len(), 4);
            assert!(
                vb[0] == 0.0
                    && vb[1] == 0.0
                    && (vb[2] - w).abs() < 1e-3
                    && (vb[3] - d.height_mm).abs() < 1e-3
            );

            // Grid lines: one vertical per column edge, one horizontal per row edge,
            // each exactly one square apart, starting at the margin.
            let lines = group_lines(&svg, "grid");
            let xs = distinct_sorted(
                lines
                    .iter()
                    .filter(|l| l[0] == l[2])
                    .map(|l| l[0])
                    .collect(),
            );
            let ys = distinct_sorted(
                lines
                    .iter()
                    .filter(|l| l[1] == l[3])
                    .map(|l| l[1])
                    .collect(),
            );
            assert_eq!((xs.len(), ys.len()), (11, 6), "grid lines {xs:?} {ys:?}");
            assert!((xs[0] - margin).abs() < 1e-3 && (ys[0] - margin).abs() < 1e-3);
            for pair in xs.windows(2).chain(ys.windows(2)) {
                assert!(
                    (pair[1] - pair[0] - sq).abs() <= 1.1e-3,
                    "lines {pair:?} are not {sq} mm apart"
                );
            }
            // No grid line over the rock (row 0, columns 5-9 have no tile).
            assert!(!lines.iter().any(|l| l[1] == l[3]
                && (l[1] - margin).abs() < 1e-3
                && l[2] > margin + 5.0 * sq + 1e-3));
        }
    }

    #[test]
    fn map_shows_every_feature() {
        let svg = map_svg(&fixture(25.4), &MapOptions::default());
        for text in [
            ">C1</text>",
            ">H1</text>",
            ">front 0°</text>",
            ">back 90°</text>",
            ">Entrance</text>",
            ">Central Chamber</text>",
            ">Quest</text>",
            ">G</text>",
            ">6</text>",
            ">2</text>",
            ">3</text>",
            ">W</text>",
            ">N</text>",
            "1 square = 25.4 mm — print at 100%",
            "seed 42",
            "hero value 200",
            "tile set test tiles",
        ] {
            assert!(svg.contains(text), "{text} missing");
        }
        let d = drawing(&fixture(25.4), &MapOptions::default());
        let ids: Vec<&str> = d.layers.iter().map(|l| l.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "paper", "rock", "terrain", "grid", "markers", "outlines", "features", "labels",
                "frame", "rulers", "legend"
            ]
        );
        // Two tile outlines plus the Central Chamber highlight.
        assert_eq!(d.layer("outlines").unwrap().shapes.len(), 3);
        let st = Style::default();
        // WMT colours and terrain kinds each show.
        for f in [
            st.wmt_red.fill,
            st.wmt_yellow.fill,
            st.water,
            st.hindering,
            st.crevice,
            st.blocking,
            st.wall,
        ] {
            let c = f.solid().expect("the colour style fills with colours");
            assert!(
                svg.contains(&format!("fill=\"{}\"", c.hex())),
                "{} missing",
                c.hex()
            );
        }
    }

    #[test]
    fn text_is_escaped_and_the_svg_still_parses() {
        let mut s = fixture(25.4);
        s.tiles[0].id = r#"A<&"b"#.into();
        s.game.params.tileset = "Tiles & <Co> 'x'".into();
        let svg = map_svg(&s, &MapOptions::default());
        // User text sits only in text nodes, where `&`, `<` and `>` are escaped
        // and quotes are plain characters.
        assert!(svg.contains(r#">A&lt;&amp;"b</text>"#));
        assert!(!svg.contains(r#"A<&"b"#));
        assert!(svg.contains("Tiles &amp; &lt;Co&gt; 'x'"));
        assert!(!svg.contains("Tiles & <Co>"));
        let tree = resvg::usvg::Tree::from_str(&svg, &png::usvg_options(96)).expect("SVG parses");
        // The text node holds the id as written.
        fn texts(g: &resvg::usvg::Group, out: &mut Vec<String>) {
            for n in g.children() {
                match n {
                    resvg::usvg::Node::Group(g) => texts(g, out),
                    resvg::usvg::Node::Text(t) => {
                        out.extend(t.chunks().iter().map(|c| c.text().to_string()))
                    }
                    _ => {}
                }
            }
        }
        let mut all = Vec::new();
        texts(tree.root(), &mut all);
        assert!(all.iter().any(|t| t == r#"A<&"b"#), "texts: {all:?}");
        assert!(
            all.iter().any(|t| t.contains("Tiles & <Co> 'x'")),
            "texts: {all:?}"
        );
        assert!(
            map_png(
                &s,
                &MapOptions {
                    dpi: 20,
                    ..Default::default()
                }
            )
            .is_ok()
        );
    }

    /// Centres of the dark lines crossing pixel row `y` between columns `x0` and `x1`.
    fn dark_line_centres(img: &image::RgbaImage, y: u32, x0: u32, x1: u32) -> Vec<f64> {
        let lum = |x: u32| {
            let p = img.get_pixel(x, y).0;
            0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2])
        };
        let bright = (x0..x1).map(lum).fold(0.0, f64::max);
        let mut centres = Vec::new();
        let mut x = x0;
        while x < x1 {
            if lum(x) < bright - 40.0 {
                let (mut sum, mut weight) = (0.0, 0.0);
                // Take the whole run, edges included.
                let start = x.saturating_sub(1);
                while x < x1 && lum(x) < bright - 40.0 {
                    x += 1;
                }
                for px in start..=x.min(x1 - 1) {
                    let w = (bright - lum(px)).max(0.0);
                    // Pixel `px` covers [px, px + 1): its centre is px + 0.5.
                    sum += w * (f64::from(px) + 0.5);
                    weight += w;
                }
                centres.push(sum / weight);
            }
            x += 1;
        }
        centres
    }

    /// The fixture with the chamber's west wall square on row 2 turned to
    /// floor, so that row 2 is floor from the first grid line to the last.
    fn open_row_fixture(square_mm: f64) -> Scenario {
        let mut s = fixture(square_mm);
        s.grid[2].replace_range(0..1, ".");
        s
    }

    /// Decodes a PNG, checking its `pHYs` chunk holds `dpi`.
    fn decode(bytes: &[u8], dpi: u32) -> image::RgbaImage {
        let decoder = ::png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().expect("PNG header");
        let dims = reader.info().pixel_dims.expect("pHYs chunk");
        assert_eq!(dims.unit, ::png::Unit::Meter);
        let ppm = pixels_per_metre(dpi);
        assert_eq!((dims.xppu, dims.yppu), (ppm, ppm));
        image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
            .expect("decodes")
            .to_rgba8()
    }

    /// Checks in the PNG of `s` that grid lines are one `square_mm` apart at
    /// `dpi`: each pair of neighbours within a pixel, and the first and last
    /// lines across the whole width (10 squares) within 0.1 mm.
    fn check_png_scale(s: &Scenario, opts: &MapOptions, square_mm: f64) {
        let dpi = opts.dpi;
        let d = drawing(s, opts);
        assert_eq!(d.square_mm, square_mm);
        let img = decode(&map_png(s, opts).expect("renders"), dpi);
        let px_per_mm = f64::from(dpi) / 25.4;
        let (w, h) = png_size_px(d.width_mm, d.height_mm, dpi);
        assert_eq!((u64::from(img.width()), u64::from(img.height())), (w, h));

        let px_per_square = px_per_mm * square_mm;
        let to_px = |squares: f64| ((d.margin_mm + squares * square_mm) * px_per_mm).round() as u32;
        // Row 2, clear of the entrance arrow (in the middle of the row) and the tokens.
        let row = to_px(2.8);
        let centres = dark_line_centres(&img, row, to_px(-0.4), to_px(10.4));
        assert_eq!(
            centres.len(),
            11,
            "{square_mm} mm at {dpi} DPI: found lines at {centres:?}"
        );
        for pair in centres.windows(2) {
            let gap = pair[1] - pair[0];
            assert!(
                (gap - px_per_square).abs() <= 1.0,
                "lines {pair:?} are {gap} px apart; expected {px_per_square} at {dpi} DPI"
            );
        }
        // The whole width: 10 squares, within 0.1 mm.
        let span = centres[10] - centres[0];
        let expected = 10.0 * px_per_square;
        assert!(
            (span - expected).abs() <= 0.1 * px_per_mm,
            "first to last line: {span} px, expected {expected} px ({} mm off) for {square_mm} mm at {dpi} DPI",
            (span - expected).abs() / px_per_mm
        );
        // And the first one sits where the SVG put it.
        let first = d.margin_mm * px_per_mm;
        assert!(
            (centres[0] - first).abs() <= 0.1 * px_per_mm,
            "{} vs {first}",
            centres[0]
        );
    }

    #[test]
    fn the_paper_covers_the_whole_page_legend_band_included() {
        // A see-through legend band showed as a dark or checkered strip in
        // viewers, and the seams of its swatches' hatch tiles rendered
        // differently band by band (up to 255 levels apart).
        let s = open_row_fixture(25.4);
        for style in style::BUILTIN {
            let opts = MapOptions {
                dpi: 60,
                style: style::builtin(style).unwrap(),
                ..Default::default()
            };
            let d = drawing(&s, &opts);
            assert!(d.height_mm > d.map_height_mm(), "{style}: a legend band");
            let img = decode(&map_png(&s, &opts).unwrap(), 60);
            // The image is the page rounded to whole pixels: a last row the
            // page covers only in part is not counted.
            let whole_rows = (d.height_mm * 60.0 / 25.4).floor() as u32;
            assert!(whole_rows + 1 >= img.height() && whole_rows > 0);
            let clear = img
                .enumerate_pixels()
                .filter(|(_, y, p)| *y < whole_rows && p[3] != u8::MAX)
                .count();
            assert_eq!(clear, 0, "{style}: {clear} pixels are not opaque");
        }
    }

    #[test]
    fn png_is_true_scale_with_its_dpi_stored() {
        // Square size, DPI, image size in pixels (10 × 5 squares + margins).
        for (sq, dpi, size) in [
            (25.4, 150, (1800, 1050)),
            (25.4, 300, (3600, 2100)),
            (25.0, 100, (1181, 689)),
        ] {
            let s = open_row_fixture(sq);
            let opts = MapOptions {
                dpi,
                ..Default::default()
            };
            let img = decode(&map_png(&s, &opts).unwrap(), dpi);
            // The map part is `size`; the legend adds its rows below it.
            let d = drawing(&s, &opts);
            let legend_px =
                ((d.height_mm - d.map_height_mm()) * f64::from(dpi) / 25.4).round() as u32;
            assert_eq!(img.width(), size.0);
            assert!(
                img.height().abs_diff(size.1 + legend_px) <= 1,
                "{}",
                img.height()
            );
            check_png_scale(&s, &opts, sq);
        }
        // The ink style prints at the same scale.
        let opts = MapOptions {
            dpi: 150,
            style: style::builtin("ink").unwrap(),
            ..Default::default()
        };
        check_png_scale(&open_row_fixture(25.4), &opts, 25.4);
    }

    #[test]
    fn square_option_sets_the_print_scale() {
        // A one-inch tile set printed at 25 mm squares.
        let s = open_row_fixture(25.4);
        let opts = MapOptions {
            dpi: 100,
            square_mm: Some(25.0),
            ..Default::default()
        };
        let d = drawing(&s, &opts);
        assert_eq!((d.square_mm, d.margin_mm), (25.0, 25.0));
        // 175 mm of map; the legend below it adds to the page.
        assert!((d.width_mm - 300.0).abs() < 1e-9 && (d.map_height_mm() - 175.0).abs() < 1e-9);
        assert!(d.height_mm > 175.0);
        let svg = svg(&d);
        assert_eq!(attr(&svg, "<svg", "width"), "300mm");
        assert_eq!(
            attr(&svg, "<svg", "height"),
            format!("{}mm", svg::num(d.height_mm))
        );
        assert!(svg.contains("1 square = 25 mm — print at 100%"));
        // Grid lines exactly 25.0 mm apart in the SVG.
        let lines = group_lines(&svg, "grid");
        let xs = distinct_sorted(
            lines
                .iter()
                .filter(|l| l[0] == l[2])
                .map(|l| l[0])
                .collect(),
        );
        assert_eq!(xs.len(), 11);
        for (i, x) in xs.iter().enumerate() {
            assert_eq!(*x, 25.0 + 25.0 * i as f64, "line {i}");
        }
        // And 25 / 25.4 × 100 px apart in the PNG.
        check_png_scale(&s, &opts, 25.0);

        // Tokens and text follow the square, not the scenario.
        let big = drawing(
            &s,
            &MapOptions {
                square_mm: Some(50.8),
                ..Default::default()
            },
        );
        let small = drawing(&s, &MapOptions::default());
        let radius = |d: &Drawing| {
            d.layer("features")
                .unwrap()
                .shapes
                .iter()
                .find_map(|sh| match sh {
                    Shape::Circle(c) if c.paint.fill != Fill::None => Some(c.radius),
                    _ => None,
                })
                .unwrap()
        };
        assert!((radius(&big) - 2.0 * radius(&small)).abs() < 1e-9);

        // Out-of-range or unusable values are kept within the limits.
        let sq = |v: f64| {
            square_mm(
                &s,
                &MapOptions {
                    square_mm: Some(v),
                    ..Default::default()
                },
            )
        };
        assert_eq!(sq(f64::NAN), 25.4);
        assert_eq!(sq(f64::INFINITY), 25.4);
        assert_eq!(sq(1000.0), SQUARE_MM.1);
        assert_eq!(sq(0.0), SQUARE_MM.0);
        assert_eq!(sq(-3.0), SQUARE_MM.0);
    }

    /// The whole-image render the banded encoder replaces: one pixmap, demultiplied.
    fn whole_render(svg: &str, dpi: u32) -> Vec<u8> {
        let tree = resvg::usvg::Tree::from_str(svg, &png::usvg_options(dpi)).unwrap();
        let size = tree.size();
        let (w, h) = (
            png::whole_px(f64::from(size.width())) as u32,
            png::whole_px(f64::from(size.height())) as u32,
        );
        let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h).unwrap();
        resvg::render(
            &tree,
            resvg::tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
        pixmap.take_demultiplied()
    }

    /// Pixels that differ between two RGBA buffers, and the largest difference.
    fn pixel_diff(a: &[u8], b: &[u8]) -> (usize, u8) {
        assert_eq!(a.len(), b.len());
        let differ = a
            .chunks_exact(4)
            .zip(b.chunks_exact(4))
            .filter(|(a, b)| a != b)
            .count();
        let max = a
            .iter()
            .zip(b)
            .map(|(a, b)| a.abs_diff(*b))
            .max()
            .unwrap_or(0);
        (differ, max)
    }

    /// The banded encoder against one whole render. One band is the whole
    /// render, byte for byte. Cut into bands of about 100 and 256 rows (2 to
    /// 13 bands), band edges land only where no curved shape or hairline is
    /// cut; what still differs is tiny-skia's float rounding of a translated
    /// drawing: at 100 and 150 DPI nothing in colour and one level on a few
    /// hatch and stipple pixels in ink; at 60 DPI, where lines are thinner
    /// than a pixel, a few edge pixels up to 16 levels (under 1%).
    #[test]
    fn band_render_matches_whole_render() {
        for style in style::BUILTIN {
            let opts = MapOptions {
                style: style::builtin(style).unwrap(),
                ..Default::default()
            };
            let s = open_row_fixture(25.4);
            let svg = map_svg(&s, &opts);
            for dpi in [150, 100, 60] {
                let whole = whole_render(&svg, dpi);
                let pixels = whole.len() / 4;
                let tree = resvg::usvg::Tree::from_str(&svg, &png::usvg_options(dpi)).unwrap();
                let height = png::whole_px(f64::from(tree.size().height())) as u32;
                let free = png::free_edges(&tree, height);
                for band in [100, 256, 5000] {
                    let plan = png::bands(&free, band, band * 2);
                    assert!(
                        plan.iter().all(|b| free[b.1 as usize]),
                        "a band edge cuts a shape: {plan:?}"
                    );
                    let mut bytes = Vec::new();
                    png::render(&tree, dpi, band, PngCompression::Best, &mut bytes).unwrap();
                    let (differ, max) = pixel_diff(decode(&bytes, dpi).as_raw(), &whole);
                    let what = format!(
                        "{style} at {dpi} DPI in {} bands: {differ} of {pixels} pixels differ, by up to {max}",
                        plan.len()
                    );
                    match (plan.len(), dpi, style) {
                        (1, _, _) | (_, 100.., "color") => assert_eq!(differ, 0, "{what}"),
                        (_, 100.., _) => assert!(max <= 1 && differ * 500 < pixels, "{what}"),
                        _ => assert!(max <= 16 && differ * 100 < pixels, "{what}"),
                    }
                }
            }
            // The public encoder renders this small map in one band.
            let whole = whole_render(&svg, 150);
            let (differ, _) =
                pixel_diff(decode(&map_png(&s, &opts).unwrap(), 150).as_raw(), &whole);
            assert_eq!(differ, 0);
        }
    }

    #[test]
    fn bands_end_clear_of_curved_shapes() {
        // Free edges every 10 rows from row 5; bands of about 20 rows.
        let free: Vec<bool> = (0..=100)
            .map(|r| r == 0 || r == 100 || r % 10 == 5)
            .collect();
        let b = png::bands(&free, 20, 80);
        assert_eq!(b.first().unwrap().0, 0);
        assert_eq!(b.last().unwrap().1, 100);
        for w in b.windows(2) {
            assert_eq!(w[0].1, w[1].0, "contiguous");
            assert!(free[w[0].1 as usize], "{w:?} ends on a covered edge");
        }
        assert_eq!(b[0], (0, 15));
        // No free edge in reach: cut at the target anyway, never beyond `max`.
        let none: Vec<bool> = (0..=100).map(|r| r == 0 || r == 100).collect();
        assert_eq!(png::bands(&none, 30, 40), [(0, 30), (30, 60), (60, 100)]);
        // One row and one band.
        assert_eq!(png::bands(&[true, true], 256, 1024), [(0, 1)]);
        // Tiny bands still give a whole, decodable image.
        let svg = map_svg(&fixture(25.4), &MapOptions::default());
        let tree = resvg::usvg::Tree::from_str(&svg, &png::usvg_options(20)).unwrap();
        for band in [1, 3] {
            let mut bytes = Vec::new();
            png::render(&tree, 20, band, PngCompression::Best, &mut bytes).unwrap();
            let d = drawing(&fixture(25.4), &MapOptions::default());
            let want = png_size_px(d.width_mm, d.height_mm, 20).1;
            assert_eq!(u64::from(decode(&bytes, 20).height()), want);
        }
    }

    #[test]
    fn absurd_png_sizes_are_refused_before_any_work() {
        // 2,048 squares of 200 mm at 1,200 DPI: about 19 million pixels wide.
        let mut big = fixture(200.0);
        big.size.width = 2048;
        for row in &mut big.grid {
            row.push_str(&"_".repeat(2038));
        }
        for dpi in [1200, 300, 10] {
            let opts = MapOptions {
                dpi,
                ..Default::default()
            };
            let err = check_png(&big, &opts).unwrap_err();
            let ExportError::TooLarge {
                width,
                height,
                fits_dpi,
                ..
            } = err
            else {
                panic!("{err}")
            };
            let (w_mm, h_mm) = page_mm(&big, &opts);
            assert_eq!((width, height), png_size_px(w_mm, h_mm, dpi));
            // The suggested DPI fits, one more does not.
            let side = |d: u32| {
                let (w, h) = png_size_px(w_mm, h_mm, d);
                w.max(h)
            };
            assert!(
                fits_dpi >= 1 && side(fits_dpi) <= MAX_SIDE_PX && side(fits_dpi + 1) > MAX_SIDE_PX
            );
            let msg = err.to_string();
            assert!(!msg.contains('\n'));
            for part in [
                format!("would be {width}×{height} px at {dpi} DPI"),
                "the limit is 30,000 px a side".into(),
                format!("lower --dpi ({fits_dpi} DPI fits)"),
                "for paper, --print letter|a4 makes PDFs at 100 % whatever the DPI".into(),
            ] {
                assert!(msg.contains(&part), "{part:?} not in {msg}");
            }
            // Asked for PDFs already: the advice does not suggest --print again.
            let msg = check_png(&big, &opts)
                .unwrap_err()
                .with_print(true)
                .to_string();
            assert!(
                msg.contains(&format!("lower --dpi ({fits_dpi} DPI fits)"))
                    && msg.contains("the PDFs of --print stay at 100 %")
                    && !msg.contains("letter|a4"),
                "{msg}"
            );
            // map_png checks first; the encoder checks too.
            assert!(matches!(
                map_png(&big, &opts),
                Err(ExportError::TooLarge { .. })
            ));
        }
        // Just over the limit in one direction, at an ordinary DPI.
        let mut long = fixture(25.4);
        long.size.width = 200;
        for row in &mut long.grid {
            row.push_str(&"_".repeat(190));
        }
        let opts = MapOptions {
            dpi: 150,
            ..Default::default()
        };
        let err = png(&map_svg(&long, &opts), 150).unwrap_err();
        assert!(err.to_string().contains("(148 DPI fits)"), "{err}");
        assert!(
            matches!(err, ExportError::TooLarge { width: 30300, .. }),
            "{err}"
        );
        assert!(
            check_png(
                &long,
                &MapOptions {
                    dpi: 148,
                    ..opts.clone()
                }
            )
            .is_ok()
        );
        assert!(check_png(&long, &MapOptions { dpi: 149, ..opts }).is_err());
    }

    #[test]
    fn ink_map_uses_patterns_and_shapes_not_colours() {
        let s = fixture(25.4);
        let opts = MapOptions {
            style: style::builtin("ink").unwrap(),
            ..Default::default()
        };
        let svg = map_svg(&s, &opts);
        // Patterns are defined once, before use, with ids in order.
        let defs_at = svg.find("<defs>").expect("defs");
        assert!(defs_at < svg.find("<g id=\"paper\">").unwrap());
        let n = svg.matches("<pattern ").count();
        assert!(n >= 4, "{n} patterns");
        for i in 0..n {
            assert!(svg.contains(&format!("id=\"pattern-{i}\"")), "pattern-{i}");
            assert!(
                svg.contains(&format!("fill=\"url(#pattern-{i})\"")),
                "pattern-{i} unused"
            );
        }
        assert!(!svg.contains(&format!("pattern-{n}")));
        assert_eq!(svg.matches("patternUnits=\"userSpaceOnUse\"").count(), n);
        // Every colour in the document is a grey.
        for attr in ["fill=\"#", "stroke=\"#"] {
            for (i, _) in svg.match_indices(attr) {
                let hex = &svg[i + attr.len()..i + attr.len() + 6];
                assert!(
                    hex[0..2] == hex[2..4] && hex[2..4] == hex[4..6],
                    "a colour in the ink map: #{hex}"
                );
            }
        }
        // The WMTs carry their colour's initial; the red one is solid black.
        for t in [">R</text>", ">Y</text>"] {
            assert!(svg.contains(t), "{t}");
        }
        let d = drawing(&s, &opts);
        let discs: Vec<&Circle> = d
            .layer("features")
            .unwrap()
            .shapes
            .iter()
            .filter_map(|sh| match sh {
                Shape::Circle(c) if (c.radius - 0.28 * 25.4).abs() < 1e-9 => Some(c),
                _ => None,
            })
            .collect();
        assert_eq!(discs.len(), 2);
        assert_eq!(discs[0].paint.fill, Fill::Solid(Color::rgb(0, 0, 0)));
        assert_eq!(discs[1].paint.fill, Fill::Solid(Color::rgb(255, 255, 255)));
        // It renders, in both renderers' eyes a valid SVG.
        resvg::usvg::Tree::from_str(&svg, &png::usvg_options(96)).expect("SVG parses");
        assert!(map_png(&s, &MapOptions { dpi: 30, ..opts }).is_ok());
    }

    #[test]
    fn same_scenario_same_bytes() {
        let s = fixture(25.4);
        let opts = MapOptions {
            dpi: 60,
            ..Default::default()
        };
        assert_eq!(map_svg(&s, &opts), map_svg(&s.clone(), &opts));
        assert_eq!(
            map_png(&s, &opts).unwrap(),
            map_png(&s.clone(), &opts).unwrap()
        );
        // The rock texture follows the seed.
        let mut other = s.clone();
        other.seed = 7;
        let rock = |s: &Scenario| drawing(s, &opts).layer("rock").unwrap().clone();
        assert_eq!(rock(&s), rock(&s));
        assert_ne!(rock(&s), rock(&other));
        // In ink too: the stipple follows the seed.
        let ink = MapOptions {
            style: style::builtin("ink").unwrap(),
            ..opts
        };
        assert_eq!(map_svg(&s, &ink), map_svg(&s.clone(), &ink));
        assert_eq!(
            map_png(&s, &ink).unwrap(),
            map_png(&s.clone(), &ink).unwrap()
        );
        let rock = |s: &Scenario| drawing(s, &ink).layer("rock").unwrap().clone();
        assert_ne!(rock(&s), rock(&other));
        assert!(rock(&s).shapes.len() > 1, "no stipple patches");
    }

    #[test]
    fn rock_texture_stays_cheap_on_a_big_map() {
        let mut s = fixture(25.4);
        s.size = Size {
            width: 300,
            height: 200,
        };
        for row in &mut s.grid {
            row.push_str(&"_".repeat(290));
        }
        s.grid.extend((5..200).map(|_| "_".repeat(300)));
        let d = drawing(&s, &MapOptions::default());
        let n = d.layer("rock").unwrap().shapes.len();
        assert!((2..=401).contains(&n), "{n} rock shapes");
        // In ink the stippled rock is drawn only off the tiles, in runs; a
        // grid of many small gaps falls back to one rectangle.
        let ink = MapOptions {
            style: style::builtin("ink").unwrap(),
            ..Default::default()
        };
        let n = drawing(&s, &ink).layer("rock").unwrap().shapes.len();
        assert!((200..=2000).contains(&n), "{n} rock shapes");
        for (y, row) in s.grid.iter_mut().enumerate() {
            *row = (0..300)
                .map(|x| if (x + y) % 2 == 0 { '.' } else { '_' })
                .collect();
        }
        let n = drawing(&s, &ink).layer("rock").unwrap().shapes.len();
        assert!((1..=401).contains(&n), "{n} rock shapes");
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let svg = map_svg(&fixture(25.4), &MapOptions::default());
        assert!(matches!(png(&svg, 0), Err(ExportError::Dpi { dpi: 0, .. })));
        assert!(matches!(
            png(&svg, MAX_DPI + 1),
            Err(ExportError::Dpi { .. })
        ));
        assert!(matches!(png("<svg", 150), Err(ExportError::Svg(_))));
        let mut big = fixture(200.0);
        big.size.width = 2048;
        for row in &mut big.grid {
            row.push_str(&"_".repeat(2038));
        }
        let err = map_png(
            &big,
            &MapOptions {
                dpi: 2400,
                ..Default::default()
            },
        )
        .unwrap_err();
        assert!(matches!(err, ExportError::TooLarge { .. }), "{err}");
        assert!(!err.to_string().contains('\n'));

        // A style built in code skips the file checks: nonsense values are
        // kept within bounds, never a panic or a runaway pattern.
        let mut st = style::builtin("ink").unwrap();
        st.wall = Fill::Hatch(Hatch {
            color: Color::rgb(0, 0, 0),
            background: None,
            angle: f64::NAN,
            spacing_mm: 0.0,
            line_mm: f64::INFINITY,
            cross: true,
        });
        st.rock = Fill::Dots(Dots {
            color: Color::rgb(0, 0, 0),
            background: None,
            spacing_mm: f64::NAN,
            dot_mm: -1.0,
        });
        st.grid_mm = f64::NAN;
        st.wmt_red.letter = "<&>".into();
        let opts = MapOptions {
            dpi: 20,
            style: st,
            square_mm: Some(f64::NEG_INFINITY),
            ..Default::default()
        };
        let svg = map_svg(&fixture(25.4), &opts);
        assert!(svg.len() < 200_000 && svg.contains(">&lt;&amp;&gt;</text>"));
        assert!(map_png(&fixture(25.4), &opts).is_ok());
    }

    #[test]
    fn l_shaped_tile_outline_follows_its_squares() {
        let mut s = fixture(25.4);
        // Turn the hallway into an L by voiding its east end's north and south squares.
        s.tiles[1].void = vec![Point { x: 9, y: 1 }, Point { x: 9, y: 3 }];
        s.grid[1].replace_range(9..10, "_");
        s.grid[3].replace_range(9..10, "_");
        let d = drawing(&s, &MapOptions::default());
        let outlines = &d.layer("outlines").unwrap().shapes;
        let Shape::Polygon(p) = &outlines[2] else {
            panic!("polygon")
        };
        // A rectangle with a notch cut from two corners: 8 corners.
        assert_eq!(p.points.len(), 8, "{:?}", p.points);
    }

    /// A plain door between the chamber and the hallway, a secret one inside
    /// the chamber, a locked one at the hallway's end.
    fn doors() -> Vec<DoorMark> {
        vec![
            DoorMark {
                a: (4, 2),
                b: (5, 2),
                kind: DoorKind::Plain,
            },
            DoorMark {
                a: (2, 1),
                b: (2, 2),
                kind: DoorKind::Secret,
            },
            DoorMark {
                a: (8, 2),
                b: (9, 2),
                kind: DoorKind::Locked,
            },
        ]
    }

    #[test]
    fn doors_are_drawn_and_a_secret_one_only_on_the_game_masters_map() {
        let s = fixture(25.4);
        let gm = MapOptions {
            dpi: 40,
            doors: doors(),
            ..MapOptions::default()
        };
        let d = drawing(&s, &gm);
        let layer = d.layer("doors").expect("a doors layer");
        // Three bars, the keyhole and the secret door's letter.
        assert_eq!(layer.shapes.len(), 5);
        let gm_svg = map_svg(&s, &gm);
        assert!(gm_svg.contains(">S</text>"));
        let player = MapOptions {
            player_map: true,
            ..gm.clone()
        };
        let player_svg = map_svg(&s, &player);
        let group = &player_svg[player_svg.find("<g id=\"doors\">").unwrap()..];
        let group = &group[..group.find("</g>").unwrap()];
        assert_eq!(group.matches("<rect").count(), 2, "{group}");
        assert!(!group.contains(">S</text>"));

        // Only the secret door: the player's map is the door-less map, byte
        // for byte, in SVG and PNG; the game master's shows the door.
        let secret_only = |player_map| MapOptions {
            dpi: 40,
            doors: vec![doors()[1]],
            player_map,
            ..MapOptions::default()
        };
        let bare = MapOptions {
            dpi: 40,
            ..MapOptions::default()
        };
        assert_eq!(map_svg(&s, &secret_only(true)), map_svg(&s, &bare));
        let bare_png = map_png(&s, &bare).unwrap();
        assert_eq!(map_png(&s, &secret_only(true)).unwrap(), bare_png);
        let gm_png = map_png(&s, &secret_only(false)).unwrap();
        let (a, b) = (
            image_at(&gm_png, &s, &bare, (2.5, 2.0)),
            image_at(&bare_png, &s, &bare, (2.5, 2.0)),
        );
        assert_ne!(a, b, "the secret door shows on the game master's PNG");
    }

    /// The pixel of a map PNG at square coordinates `at`.
    fn image_at(png: &[u8], s: &Scenario, opts: &MapOptions, at: (f64, f64)) -> [u8; 4] {
        let img = image::load_from_memory(png).unwrap().to_rgba8();
        let d = drawing(s, opts);
        let px_per_mm = f64::from(opts.dpi) / 25.4;
        let x = (d.origin.x + at.0 * d.square_mm) * px_per_mm;
        let y = (d.origin.y + at.1 * d.square_mm) * px_per_mm;
        img.get_pixel(x as u32, y as u32).0
    }

    #[test]
    fn doors_become_portals_and_a_secret_one_stays_off_the_vtt_image() {
        let s = fixture(25.4);
        let opts = MapOptions {
            doors: doors(),
            ..MapOptions::default()
        };
        let vtt = uvtt::VttOptions {
            pixels_per_grid: 20,
        };
        let bytes = uvtt::uvtt(&s, &opts, &vtt, PngCompression::Best).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        let portals = v["portals"].as_array().unwrap();
        assert_eq!(portals.len(), 3);
        let p = &portals[0];
        assert_eq!(
            (p["position"]["x"].as_f64(), p["position"]["y"].as_f64()),
            (Some(5.0), Some(2.5))
        );
        assert_eq!(p["bounds"][0]["x"].as_f64(), Some(5.0));
        assert_eq!(p["bounds"][1]["y"].as_f64(), Some(3.0));
        assert_eq!(p["closed"], true);
        assert_eq!(p["freestanding"], false);
        assert_eq!(portals[1]["rotation"].as_f64(), Some(0.0));
        assert!((p["rotation"].as_f64().unwrap() - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
        // The image (what the players see) hides the secret door.
        let with_secret = MapOptions {
            doors: vec![doors()[1]],
            ..MapOptions::default()
        };
        assert_eq!(
            uvtt::image(&s, &with_secret, &vtt, PngCompression::Best).unwrap(),
            uvtt::image(&s, &MapOptions::default(), &vtt, PngCompression::Best).unwrap()
        );
        // The image embedded in the file shows the plain and the locked
        // door's bar (paper white) a third of a square along the edge, where
        // the secret door's edge shows floor (a user's audit: the VTT
        // picture drew no door at all).
        use base64::Engine as _;
        let png = base64::engine::general_purpose::STANDARD
            .decode(v["image"].as_str().unwrap())
            .unwrap();
        let img = image::load_from_memory(&png).unwrap().to_rgba8();
        let at = |x: f64, y: f64| img.get_pixel((x * 20.0) as u32, (y * 20.0) as u32).0;
        let (paper, floor) = ([255, 255, 255, 255], [0xf6, 0xf1, 0xe6, 255]);
        for (x, y) in [(5.04, 2.2), (4.96, 2.8), (9.04, 2.2), (8.96, 2.8)] {
            assert_eq!(at(x, y), paper, "a door's bar at {x},{y}");
        }
        for (x, y) in [(2.2, 2.06), (2.8, 1.94)] {
            let p = at(x, y);
            let off = p.iter().zip(floor).map(|(a, b)| a.abs_diff(b)).max();
            assert!(off <= Some(16), "the secret door's edge at {x},{y}: {p:?}");
        }
    }

    fn feature_texts<'a>(d: &'a Drawing, layer: &str) -> Vec<&'a Text> {
        d.layer(layer)
            .unwrap()
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text(t) => Some(t),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_staircase_letter_sits_below_its_treads() {
        let mut s = fixture(25.4);
        s.game.staircase = Some(crate::scenario::Spot {
            x: 6,
            y: 2,
            tile: 1,
        });
        for sq in [25.4, 12.0, 40.0] {
            let d = drawing(
                &s,
                &MapOptions {
                    square_mm: Some(sq),
                    ..MapOptions::default()
                },
            );
            let (x0, y0) = (d.origin.x + 6.0 * sq, d.origin.y + 2.0 * sq);
            let inside = |p: &Pt| p.x > x0 && p.x < x0 + sq && p.y > y0 && p.y < y0 + sq;
            let treads: Vec<&Line> = d
                .layer("features")
                .unwrap()
                .shapes
                .iter()
                .filter_map(|s| match s {
                    Shape::Line(l) if inside(&l.from) && inside(&l.to) && l.from.y == l.to.y => {
                        Some(l)
                    }
                    _ => None,
                })
                .collect();
            assert_eq!(treads.len(), 3);
            let lowest = treads
                .iter()
                .map(|l| l.from.y + l.stroke.width / 2.0)
                .fold(f64::MIN, f64::max);
            let letter = feature_texts(&d, "features")
                .into_iter()
                .find(|t| t.text == "S" && inside(&t.at))
                .expect("the staircase's S");
            // The top of a capital is 0.73 em above the baseline in DejaVu Sans.
            let cap_top = letter.at.y - 0.73 * letter.size;
            assert!(
                cap_top > lowest,
                "at {sq} mm the S (top {cap_top:.2}) touches the lowest tread ({lowest:.2})"
            );
        }
    }

    #[test]
    fn a_token_on_a_marker_leaves_the_marker_letter_in_sight() {
        let mut s = fixture(25.4);
        // The yellow WMT moves onto the water marker's square.
        s.game.wmts[1].x = 2;
        s.game.wmts[1].y = 1;
        let d = drawing(&s, &MapOptions::default());
        let sq = d.square_mm;
        let c = d.square_centre(2.0, 1.0);
        let w = feature_texts(&d, "markers")
            .into_iter()
            .find(|t| t.text == "W")
            .expect("the marker's letter");
        // The whole letter lies outside the WMT disc (radius 0.28 squares + its outline).
        let half = w.size * 0.53;
        let corners = [
            (w.at.x, w.at.y),
            (w.at.x + 2.0 * half, w.at.y),
            (w.at.x, w.at.y - w.size * 0.73),
            (w.at.x + 2.0 * half, w.at.y - w.size * 0.73),
        ];
        for (x, y) in corners {
            let r = ((x - c.x).powi(2) + (y - c.y).powi(2)).sqrt();
            assert!(r > 0.3 * sq, "the W at {x:.1},{y:.1} is under the WMT");
        }
        // And still on its square.
        assert!(w.at.x > c.x - sq / 2.0 && w.at.y < c.y + sq / 2.0);
        // Without a token on it, the letter stays in the middle of the marker.
        let d = drawing(&fixture(25.4), &MapOptions::default());
        let w = feature_texts(&d, "markers")
            .into_iter()
            .find(|t| t.text == "W")
            .unwrap();
        assert!((w.at.x - c.x).abs() < 1e-9);
    }

    /// Every pixel of every map PNG is opaque, in every game and style, on
    /// pages whose size is no whole number of pixels (a user's audit: the
    /// last row or column, only partly covered by the page, was
    /// see-through on 25 of 45 maps).
    #[test]
    fn every_pixel_of_a_map_png_is_opaque_on_any_page_size() {
        let mkd = fixture(25.4);
        let w = crate::dw10::setup::generate(
            &crate::tileset::pendraken_tileset(),
            &crate::dw10::setup::GenerateParams::default(),
        )
        .unwrap();
        let d = crate::ddd::setup::generate(7, &crate::ddd::setup::DddOptions::default()).unwrap();
        let mut partial = 0;
        for style in style::BUILTIN {
            for (sq, dpi) in [(25.0, 20), (25.4, 23), (28.3, 17), (21.7, 31)] {
                let opts = MapOptions {
                    dpi,
                    square_mm: Some(sq),
                    style: style::builtin(style).unwrap(),
                    ..Default::default()
                };
                for drawn in [
                    drawing(&mkd, &opts),
                    dw10_drawing(&w, &opts),
                    dw10_master_drawing(&w, &opts),
                    ddd::board_drawing(&d, &opts),
                    ddd::board_master_drawing(&d, &opts),
                ] {
                    let exact = drawn.height_mm * f64::from(dpi) / 25.4;
                    partial += usize::from(exact.fract() > 0.01);
                    let img = decode(&png(&svg(&drawn), dpi).unwrap(), dpi);
                    let (px, py) = png_size_px(drawn.width_mm, drawn.height_mm, dpi);
                    assert_eq!((u64::from(img.width()), u64::from(img.height())), (px, py));
                    let clear = img.pixels().filter(|p| p.0[3] != 255).count();
                    assert_eq!(clear, 0, "{style} {sq} mm at {dpi} DPI: {}", drawn.title);
                }
            }
        }
        assert!(
            partial > 10,
            "too few pages of a fractional size: {partial}"
        );
    }
}
