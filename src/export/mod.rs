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

mod drawing;
pub mod paper;
pub mod pdf;
mod png;
pub mod sheet;
pub mod style;
mod svg;

pub use self::drawing::{
    Anchor, Circle, Color, Drawing, FONT_FAMILY, Layer, Line, MapOptions, Paint, Polygon, Polyline,
    Pt, Rect, Shape, Stroke, Style, Text, drawing,
};
pub use self::png::{MAX_DPI, MAX_PIXELS, pixels_per_metre, png};
pub use self::svg::svg;

use crate::scenario::Scenario;

/// Why a map could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The DPI is outside what the PNG encoder accepts.
    #[error("a resolution of {dpi} DPI is not supported; expected 1 to {MAX_DPI}")]
    Dpi {
        /// The requested DPI.
        dpi: u32,
    },
    /// The image would not fit in memory.
    #[error(
        "the map would be {width}×{height} pixels at {dpi} DPI, more than {MAX_PIXELS} pixels; lower the DPI"
    )]
    TooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
        /// The requested DPI.
        dpi: u32,
    },
    /// The SVG could not be read for rendering.
    #[error("cannot render the map SVG: {0}")]
    Svg(String),
    /// A PDF could not be made.
    #[error("cannot make the PDF: {0}")]
    Pdf(String),
    /// The PNG encoder failed.
    #[error("cannot encode the PNG: {0}")]
    Png(#[from] ::png::EncodingError),
}

/// The map of a scenario as an SVG document (true scale, in millimetres).
pub fn map_svg(s: &Scenario, opts: &MapOptions) -> String {
    svg(&drawing(s, opts))
}

/// The map of a scenario as a PNG at `opts.dpi`: resvg's rendering of [`map_svg`].
pub fn map_png(s: &Scenario, opts: &MapOptions) -> Result<Vec<u8>, ExportError> {
    png(&map_svg(s, opts), opts.dpi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::*;
    use crate::tileset::{FaceSide, Side, TileKind};

    /// A chamber and a hallway turned east-west, with every kind of feature.
    ///
    /// ```text
    ///   0123456789
    /// 0 ##.##_____    C1 (chamber, front 0°) at 0,0; dead end north at 2,0
    /// 1 #.,~######    H1 (hallway, back 90°) at 5,1
    /// 2 #.........    entrance at 9,2 from the east
    /// 3 #.X=######
    /// 4 #####_____
    /// ```
    fn fixture(square_mm: f64) -> Scenario {
        let grid = [
            "##.##_____",
            "#.,~######",
            "#.........",
            "#.X=######",
            "#####_____",
        ];
        Scenario {
            format: FORMAT.into(),
            generator: crate::GENERATOR.into(),
            seed: 42,
            ruleset: "mkd-adventure".into(),
            mission: "quest".into(),
            params: Params {
                sets: 1,
                hero_value: 200,
                tileset: "test tiles".into(),
                table: Size {
                    width: 40,
                    height: 40,
                },
                exit_dice: "fair".into(),
                difficulty: "normal".into(),
                markers: true,
                dressing: false,
            },
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
            pools: Pools {
                chests: vec![1, 2],
                wmts: vec![],
                wmt_reveal_bonus: 0,
                guardian_reveal_bonus: 2,
                accessories: Accessories {
                    doors: 1,
                    terrain_markers: vec![],
                    furnishings: vec![],
                },
                monsters: vec![],
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
            assert!(
                (wv - w).abs() < 1e-3 && (hv - h).abs() < 1e-3,
                "{width} × {height} for {sq} mm"
            );
            let vb: Vec<f64> = attr(&svg, "<svg", "viewBox")
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            assert_eq!(vb.len(), 4);
            assert!(
                vb[0] == 0.0
                    && vb[1] == 0.0
                    && (vb[2] - w).abs() < 1e-3
                    && (vb[3] - h).abs() < 1e-3
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
                "frame"
            ]
        );
        // Two tile outlines plus the Central Chamber highlight.
        assert_eq!(d.layer("outlines").unwrap().shapes.len(), 3);
        let st = Style::default();
        // WMT colours and terrain kinds each show.
        for c in [
            st.wmt_red,
            st.wmt_yellow,
            st.water,
            st.hindering,
            st.crevice,
            st.blocking,
            st.wall,
        ] {
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
        s.params.tileset = "Tiles & <Co> 'x'".into();
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
                    sum += w * f64::from(px);
                    weight += w;
                }
                centres.push(sum / weight);
            }
            x += 1;
        }
        centres
    }

    #[test]
    fn png_is_true_scale_with_its_dpi_stored() {
        // Square size, DPI, pixels per metre, image size in pixels (10 × 5 squares + margins).
        for (sq, dpi, ppm, size) in [
            (25.4, 150, 5906, (1800, 1050)),
            (25.0, 100, 3937, (1181, 689)),
        ] {
            let s = fixture(sq);
            let opts = MapOptions {
                dpi,
                ..Default::default()
            };
            let d = drawing(&s, &opts);
            let bytes = png(&svg(&d), dpi).expect("renders");

            let decoder = ::png::Decoder::new(std::io::Cursor::new(&bytes));
            let reader = decoder.read_info().expect("PNG header");
            let dims = reader.info().pixel_dims.expect("pHYs chunk");
            assert_eq!(dims.unit, ::png::Unit::Meter);
            assert_eq!((dims.xppu, dims.yppu), (ppm, ppm));
            assert_eq!(pixels_per_metre(dpi), ppm);

            let img = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
                .expect("decodes")
                .to_rgba8();
            let px_per_mm = f64::from(dpi) / 25.4;
            assert_eq!(img.width(), (d.width_mm * px_per_mm).round() as u32);
            assert_eq!(img.height(), (d.height_mm * px_per_mm).round() as u32);
            assert_eq!((img.width(), img.height()), size);

            // Along the middle of row 2 (chamber floor, then hallway floor), the
            // grid lines at columns 2..=9 are one square apart in pixels.
            let px_per_square = px_per_mm * sq;
            let to_px = |squares: f64| ((d.margin_mm + squares * sq) * px_per_mm).round() as u32;
            let centres = dark_line_centres(&img, to_px(2.5), to_px(1.5), to_px(9.5));
            assert_eq!(centres.len(), 8, "found lines at {centres:?}");
            for pair in centres.windows(2) {
                let gap = pair[1] - pair[0];
                assert!(
                    (gap - px_per_square).abs() <= 1.0,
                    "lines {pair:?} are {gap} px apart; expected {px_per_square} at {dpi} DPI"
                );
            }
            // And the first one sits where the SVG put it.
            let expected = (d.margin_mm + 2.0 * sq) * px_per_mm;
            assert!(
                (centres[0] - expected).abs() <= 1.0,
                "{} vs {expected}",
                centres[0]
            );
        }
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
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let svg = map_svg(&fixture(25.4), &MapOptions::default());
        assert!(matches!(png(&svg, 0), Err(ExportError::Dpi { dpi: 0 })));
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
}
