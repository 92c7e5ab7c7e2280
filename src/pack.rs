//! What an adventure is on disk: the one file set `generate`, `render`,
//! `batch` and `campaign next` write, made in memory here and written by
//! the command (all files to temporary names first, then renamed).
//!
//! ```text
//! one floor                     several floors
//!   scenario.yaml                 dungeon.yaml
//!   map.svg  map.png  setup.md    floor-1/scenario.yaml  floor-1/map.svg  …
//!   [map.pdf setup.pdf            floor-2/scenario.yaml  floor-2/map.svg  …
//!    [cutouts.pdf]]               [floor-2/mkd-adventure-seed-7-floor-2.dd2vtt …]
//!   [mkd-adventure-seed-7.dd2vtt  mkd-adventure-seed-7.png]
//! ```

use crate::export::paper::PrintOptions;
use crate::export::uvtt::VttOptions;
use crate::export::{self, ExportError, MapOptions, PngCompression};
use crate::mkd;
use crate::mkd::floors::BuiltDungeon;
use crate::mkd::setup::MkdAdventure;
use crate::rules::RuleSystem;
use std::borrow::Cow;

/// How the export files of a scenario are made.
#[derive(Debug, Clone, Default)]
pub struct PackOptions {
    /// The map: style, resolution, square size.
    pub map: MapOptions,
    /// How map.png is compressed.
    pub png: PngCompression,
    /// The paper for map.pdf and setup.pdf; `None`: no PDFs.
    pub print: Option<PrintOptions>,
    /// Also cutouts.pdf: every tile at true scale, hallways that fit
    /// sharing pages (needs `print`).
    pub cutouts: bool,
    /// Also the Universal VTT file and its image
    /// ([`export::uvtt::file_names`]); `None`: none.
    pub vtt: Option<VttOptions>,
    /// How the adventure plays, for the setup sheet (`generate --simulate`).
    pub rating: Option<String>,
    /// Also gm-map.svg and gm-map.png, the game master's map: what the
    /// players' map leaves off (secret doors, hidden numbers) drawn on it.
    /// For the games that hide something on their map.
    pub gm_map: bool,
}

/// The scenario as printed: a square size asked for (`--square`) is the
/// printed size every file of the set then says (the scenario's
/// `square_mm`, the sheets, the maps), not the maps alone.
fn as_printed<'a, G: Clone>(
    s: &'a crate::scenario::Scenario<G>,
    map: &MapOptions,
) -> Cow<'a, crate::scenario::Scenario<G>> {
    match map.square_mm.filter(|v| v.is_finite()) {
        Some(mm) if mm != s.square_mm => {
            let mut printed = s.clone();
            printed.square_mm = mm;
            Cow::Owned(printed)
        }
        _ => Cow::Borrowed(s),
    }
}

/// A PNG too large, said in the terms of what was asked (PDFs or not).
fn paper(opts: &PackOptions) -> impl Fn(ExportError) -> ExportError {
    let print = opts.print.is_some();
    move |e| e.with_print(print)
}

/// A file of the set: its path inside the adventure's folder and its bytes.
pub type PackFile = (String, Vec<u8>);

/// What an adventure folder holds the scenario of.
#[derive(Debug, Clone, Copy)]
pub enum Content<'a> {
    /// One scenario: `scenario.yaml` and its exports.
    One(&'a mkd::Scenario),
    /// A multi-floor dungeon: `dungeon.yaml` and a folder per floor.
    Floors(&'a BuiltDungeon),
}

/// The names of the files [`exports`] makes of `s` with `opts`, in its
/// order. They follow from the options and the scenario's game, seed and
/// floor alone, so a command knows what it will write before the work
/// that comes first (a `--simulate` rating) and refuses a file already
/// there at once; the functions that make the files are held to them.
pub fn export_names(s: &mkd::Scenario, opts: &PackOptions) -> Vec<String> {
    let mut names = named(&["map.svg", "map.png", "setup.md"]);
    if opts.print.is_some() {
        names.extend(named(&["map.pdf", "setup.pdf"]));
        if opts.cutouts {
            names.extend(named(&["cutouts.pdf"]));
        }
    }
    if opts.vtt.is_some() {
        let floor = s.game.floor.map(|f| f.number);
        names.extend(export::uvtt::file_names(s, floor));
    }
    names
}

/// The names of the files [`dw10_files`] makes, in its order (see
/// [`export_names`]).
pub fn dw10_names(s: &crate::dw10::Scenario, opts: &PackOptions) -> Vec<String> {
    let mut names = named(&["scenario.yaml", "map.svg", "map.png", "setup.md"]);
    if opts.gm_map {
        names.extend(named(&["gm-map.svg", "gm-map.png"]));
    }
    if opts.print.is_some() {
        names.extend(named(&["map.pdf", "setup.pdf"]));
        if opts.cutouts {
            names.extend(named(&["cutouts.pdf"]));
        }
    }
    if opts.vtt.is_some() {
        names.extend(export::uvtt::file_names(s, None));
    }
    names
}

/// The names of the files [`ddd_exports`] makes, in its order (see
/// [`export_names`]).
pub fn ddd_export_names(s: &crate::ddd::DddScenario, opts: &PackOptions) -> Vec<String> {
    let mut names = named(&["map.svg", "map.png", "setup.md"]);
    if opts.gm_map {
        names.extend(named(&["gm-map.svg", "gm-map.png"]));
    }
    if opts.print.is_some() {
        names.extend(named(&["map.pdf", "setup.pdf"]));
    }
    if opts.vtt.is_some() {
        names.extend(export::uvtt::file_names(s, None));
    }
    names
}

/// The names of the files [`ddd_adventure`] makes, in its order.
pub fn ddd_adventure_names(s: &crate::ddd::DddScenario, opts: &PackOptions) -> Vec<String> {
    let mut names = named(&["scenario.yaml"]);
    names.extend(ddd_export_names(s, opts));
    names
}

/// The names of the files [`adventure`] makes, in its order.
pub fn adventure_names(adv: Content<'_>, opts: &PackOptions) -> Vec<String> {
    match adv {
        Content::One(s) => {
            let mut names = named(&["scenario.yaml"]);
            names.extend(export_names(s, opts));
            names
        }
        Content::Floors(d) => {
            let mut names = named(&["dungeon.yaml"]);
            for (s, entry) in d.floors.iter().zip(&d.file.floors) {
                let dir = mkd::floors::floor_dir(entry.number);
                names.push(format!("{dir}/scenario.yaml"));
                names.extend(
                    export_names(s, opts)
                        .into_iter()
                        .map(|n| format!("{dir}/{n}")),
                );
            }
            names
        }
    }
}

fn named(names: &[&str]) -> Vec<String> {
    names.iter().map(|n| n.to_string()).collect()
}

/// `files`, once held to the names `planned` said they would have (a
/// debug build's check, run by every test that makes files).
fn as_planned(files: Vec<PackFile>, planned: impl FnOnce() -> Vec<String>) -> Vec<PackFile> {
    debug_assert_eq!(
        files.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        planned(),
        "the files made are the files named"
    );
    files
}

/// The export files of one scenario — map.svg, map.png, setup.md, on
/// paper map.pdf, setup.pdf and cutouts.pdf, and with `vtt` the Universal
/// VTT file and its image ([`export::uvtt::file_names`]) — by name, in that
/// order. A PNG too large to make is refused before anything is drawn.
pub fn exports(s: &mkd::Scenario, opts: &PackOptions) -> Result<Vec<PackFile>, ExportError> {
    let s = &*as_printed(s, &opts.map);
    export::check_png(s, &opts.map).map_err(paper(opts))?;
    if let Some(vtt) = &opts.vtt {
        export::uvtt::check_size(s, vtt)?;
    }
    // What the sheet says is the game's; how it is laid out is export's.
    let mut sheet = MkdAdventure::embedded().sheet(s);
    sheet.rating.clone_from(&opts.rating);
    let svg = export::map_svg(s, &opts.map);
    let png = export::png_with(&svg, opts.map.dpi, opts.png).map_err(paper(opts))?;
    let mut files = vec![
        ("map.svg".to_string(), svg.into_bytes()),
        ("map.png".to_string(), png),
        (
            "setup.md".to_string(),
            export::sheet::sheet_markdown(&sheet).into_bytes(),
        ),
    ];
    if let Some(print) = &opts.print {
        files.push((
            "map.pdf".to_string(),
            export::pdf::map_pdf(s, &opts.map, print)?,
        ));
        files.push((
            "setup.pdf".to_string(),
            export::sheet::sheet_pdf(&sheet, print, &opts.map.style)?,
        ));
        if opts.cutouts {
            files.push((
                "cutouts.pdf".to_string(),
                export::pdf::cutouts_pdf(s, &opts.map, print)?,
            ));
        }
    }
    if let Some(vtt) = &opts.vtt {
        let png = export::uvtt::image(s, &opts.map, vtt, opts.png)?;
        let file = export::uvtt::file_of(s, &png, &opts.map.doors, vtt)?;
        let floor = s.game.floor.map(|f| f.number);
        files.extend(vtt_pair(export::uvtt::file_names(s, floor), file, png));
    }
    Ok(as_planned(files, || export_names(s, opts)))
}

/// The Universal VTT file and its image alone, by the names
/// [`export::uvtt::file_names`] gives: the image is the bytes the file
/// embeds, for a tabletop that takes the picture apart from the walls
/// (Roll20's importer) or a scene whose picture is to be replaced.
fn vtt_pair([file_name, png_name]: [String; 2], file: Vec<u8>, png: Vec<u8>) -> [PackFile; 2] {
    [(file_name, file), (png_name, png)]
}

/// The file set of a Dungeon World 10 mm scenario: `scenario.yaml`, the
/// players' map (map.svg, map.png; on paper map.pdf) and the Draken
/// Master's sheet (setup.md; on paper setup.pdf), in that order, with
/// `gm_map` the Draken Master's map (gm-map.svg, gm-map.png) after setup.md,
/// then
/// cutouts.pdf (on paper, with `cutouts`) and with `vtt` the Universal VTT
/// file and its image ([`export::uvtt::file_names`]).
pub fn dw10_files(
    s: &crate::dw10::Scenario,
    opts: &PackOptions,
) -> Result<Vec<PackFile>, ExportError> {
    let s = &*as_printed(s, &opts.map);
    let d = export::dw10_drawing(s, &opts.map);
    export::check_png_size(d.width_mm, d.height_mm, opts.map.dpi).map_err(paper(opts))?;
    if let Some(vtt) = &opts.vtt {
        export::uvtt::check_size(s, vtt)?;
    }
    let mut sheet = crate::dw10::setup::DungeonWorld10mm.sheet(s);
    if let Some(r) = &opts.rating {
        // After the rules, the seed, the tile set and the difficulty.
        let at = sheet.facts.len().min(4);
        sheet.facts.insert(at, ("Plays", r.clone()));
    }
    let svg = export::svg(&d);
    let png = export::png_with(&svg, opts.map.dpi, opts.png).map_err(paper(opts))?;
    let mut files = vec![
        (
            "scenario.yaml".to_string(),
            crate::dw10::scenario::to_yaml(s).into_bytes(),
        ),
        ("map.svg".to_string(), svg.into_bytes()),
        ("map.png".to_string(), png),
        (
            "setup.md".to_string(),
            export::sheet::dm_markdown(&sheet).into_bytes(),
        ),
    ];
    if opts.gm_map {
        let gm = export::svg(&export::dw10_master_drawing(s, &opts.map));
        let png = export::png_with(&gm, opts.map.dpi, opts.png).map_err(paper(opts))?;
        files.push(("gm-map.svg".to_string(), gm.into_bytes()));
        files.push(("gm-map.png".to_string(), png));
    }
    // The VTT image is the players' map; every door is a portal (a secret
    // one for the game master's tabletop to hide), as for the MKD Adventure.
    let vtt_file = match &opts.vtt {
        Some(vtt) => {
            let png = export::uvtt::image_of(s, vtt, opts.png, || d.clone())?;
            let file = export::uvtt::file_of(s, &png, &export::dw10_doors(s), vtt)?;
            Some(vtt_pair(export::uvtt::file_names(s, None), file, png))
        }
        None => None,
    };
    if let Some(print) = &opts.print {
        let cut = opts
            .cutouts
            .then(|| export::dw10_cutout_drawing(s, &opts.map));
        files.push((
            "map.pdf".to_string(),
            export::pdf::drawing_pdf(s, d, print)?,
        ));
        files.push((
            "setup.pdf".to_string(),
            export::sheet::dm_pdf(&sheet, print, &opts.map.style)?,
        ));
        // A page per piece, cut from the players' map, for revealing the
        // dungeon as the heroes explore.
        if let Some(cut) = cut {
            files.push((
                "cutouts.pdf".to_string(),
                export::pdf::cutouts_of(s, cut, print)?,
            ));
        }
    }
    files.extend(vtt_file.into_iter().flatten());
    Ok(as_planned(files, || dw10_names(s, opts)))
}

/// The export files of a Dungeons Dark & Dangerous scenario — map.svg,
/// map.png, setup.md, gm-map.svg and gm-map.png with `gm_map`, on paper
/// map.pdf and setup.pdf, and with `vtt` the Universal VTT file and its
/// image ([`export::uvtt::file_names`]) — by name, in that order. (No
/// cut-outs: a board has no tiles to cut.)
pub fn ddd_exports(
    s: &crate::ddd::DddScenario,
    opts: &PackOptions,
) -> Result<Vec<PackFile>, ExportError> {
    let s = &*as_printed(s, &opts.map);
    let d = export::ddd::board_drawing(s, &opts.map);
    export::check_png_size(d.width_mm, d.height_mm, opts.map.dpi).map_err(paper(opts))?;
    if let Some(vtt) = &opts.vtt {
        export::uvtt::check_size(s, vtt)?;
    }
    let mut sheet = crate::ddd::DdAndD.sheet(s);
    sheet.plays = opts.rating.clone();
    let svg = export::svg(&d);
    let png = export::png_with(&svg, opts.map.dpi, opts.png).map_err(paper(opts))?;
    let mut files = vec![
        ("map.svg".to_string(), svg.into_bytes()),
        ("map.png".to_string(), png),
        (
            "setup.md".to_string(),
            export::ddd::sheet_markdown(&sheet).into_bytes(),
        ),
    ];
    if opts.gm_map {
        let gm = export::svg(&export::ddd::board_master_drawing(s, &opts.map));
        let png = export::png_with(&gm, opts.map.dpi, opts.png).map_err(paper(opts))?;
        files.push(("gm-map.svg".to_string(), gm.into_bytes()));
        files.push(("gm-map.png".to_string(), png));
    }
    if let Some(print) = &opts.print {
        files.push((
            "map.pdf".to_string(),
            export::ddd::board_pdf(s, &opts.map, print)?,
        ));
        files.push((
            "setup.pdf".to_string(),
            export::ddd::sheet_pdf(&sheet, print)?,
        ));
    }
    if let Some(vtt) = &opts.vtt {
        let png = export::uvtt::image_of(s, vtt, opts.png, || d.clone())?;
        let board = crate::ddd::part::board_of(s);
        let file = export::uvtt::board_file(s, &board, &png, vtt)?;
        files.extend(vtt_pair(export::uvtt::file_names(s, None), file, png));
    }
    Ok(as_planned(files, || ddd_export_names(s, opts)))
}

/// A Dungeons Dark & Dangerous scenario's whole file set: scenario.yaml,
/// then [`ddd_exports`].
pub fn ddd_adventure(
    s: &crate::ddd::DddScenario,
    opts: &PackOptions,
) -> Result<Vec<PackFile>, ExportError> {
    let s = &*as_printed(s, &opts.map);
    let mut files = vec![(
        "scenario.yaml".to_string(),
        crate::scenario::to_yaml(s).into_bytes(),
    )];
    files.extend(ddd_exports(s, opts)?);
    Ok(as_planned(files, || ddd_adventure_names(s, opts)))
}

/// An adventure's whole file set: the file to play first (`scenario.yaml`
/// or `dungeon.yaml`), then the exports; a multi-floor dungeon's floors in
/// `floor-N/` folders, in order.
pub fn adventure(adv: Content<'_>, opts: &PackOptions) -> Result<Vec<PackFile>, ExportError> {
    let mut files = Vec::new();
    match adv {
        Content::One(s) => {
            let s = &*as_printed(s, &opts.map);
            files.push((
                "scenario.yaml".to_string(),
                mkd::scenario::to_yaml(s).into_bytes(),
            ));
            files.extend(exports(s, opts)?);
        }
        Content::Floors(d) => {
            files.push((
                "dungeon.yaml".to_string(),
                mkd::floors::dungeon_yaml(&d.file).into_bytes(),
            ));
            for (s, entry) in d.floors.iter().zip(&d.file.floors) {
                let s = &*as_printed(s, &opts.map);
                let dir = mkd::floors::floor_dir(entry.number);
                files.push((
                    format!("{dir}/scenario.yaml"),
                    mkd::scenario::to_yaml(s).into_bytes(),
                ));
                for (name, bytes) in exports(s, opts)? {
                    files.push((format!("{dir}/{name}"), bytes));
                }
            }
        }
    }
    Ok(as_planned(files, || adventure_names(adv, opts)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::generate::{GenerateParams, generate};
    use crate::tileset::default_tileset;

    fn small() -> PackOptions {
        PackOptions {
            map: MapOptions {
                dpi: 20,
                ..MapOptions::default()
            },
            ..PackOptions::default()
        }
    }

    #[test]
    fn one_floor_is_the_scenario_then_its_exports() {
        let s = generate(&default_tileset(), &GenerateParams::default()).unwrap();
        let files = adventure(Content::One(&s), &small()).unwrap();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["scenario.yaml", "map.svg", "map.png", "setup.md"]);
        assert_eq!(files[0].1, mkd::scenario::to_yaml(&s).into_bytes());
        assert!(files[2].1.starts_with(b"\x89PNG"));
    }

    #[test]
    fn print_adds_the_pdfs_and_cutouts_only_on_paper() {
        let s = generate(&default_tileset(), &GenerateParams::default()).unwrap();
        let opts = PackOptions {
            print: Some(PrintOptions::default()),
            cutouts: true,
            ..small()
        };
        let files = exports(&s, &opts).unwrap();
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "map.svg",
                "map.png",
                "setup.md",
                "map.pdf",
                "setup.pdf",
                "cutouts.pdf"
            ]
        );
        let no_paper = PackOptions {
            cutouts: true,
            ..small()
        };
        assert_eq!(exports(&s, &no_paper).unwrap().len(), 3);
    }

    fn file<'a>(files: &'a [PackFile], name: &str) -> &'a str {
        let (_, b) = files.iter().find(|(n, _)| n == name).unwrap();
        std::str::from_utf8(b).unwrap()
    }

    /// `--square` is the printed size every file says, in each game: the
    /// scenario's `square_mm`, the sheet, the map. The scenario read back
    /// and drawn without `--square` gives the same map (what `render`
    /// does), so a later render keeps the size (a user's audit: the map
    /// was drawn at 25 mm while the sheet and the scenario said 25.4).
    #[test]
    fn a_square_size_asked_for_is_what_every_file_says() {
        let opts = |mm: Option<f64>| PackOptions {
            map: MapOptions {
                dpi: 20,
                square_mm: mm,
                ..MapOptions::default()
            },
            ..PackOptions::default()
        };
        let m = generate(&default_tileset(), &GenerateParams::default()).unwrap();
        let w = crate::dw10::setup::generate(
            &crate::tileset::pendraken_tileset(),
            &crate::dw10::setup::GenerateParams::default(),
        )
        .unwrap();
        let d = crate::ddd::setup::generate(7, &crate::ddd::setup::DddOptions::default()).unwrap();
        let sets = [
            adventure(Content::One(&m), &opts(Some(25.0))).unwrap(),
            dw10_files(&w, &opts(Some(20.0))).unwrap(),
            ddd_adventure(&d, &opts(Some(30.0))).unwrap(),
        ];
        for (files, mm, sheet_says) in [
            (&sets[0], "25.0", "1 square = 25 mm"),
            (&sets[1], "20.0", "1 square = 20 mm"),
            (&sets[2], "30.0", "36×36 squares of 30 mm"),
        ] {
            let yaml = file(files, "scenario.yaml");
            assert!(yaml.contains(&format!("\nsquare_mm: {mm}\n")), "{mm}");
            let svg = file(files, "map.svg");
            assert!(svg.contains(sheet_says), "{mm}: the map's footer");
            if mm != "20.0" {
                // The Dungeon World 10 mm sheet names no square size.
                assert!(file(files, "setup.md").contains(sheet_says), "{mm}");
            }
        }
        // Read back and drawn at the scenario's own size: the same map.
        let m2 = mkd::scenario::from_yaml(file(&sets[0], "scenario.yaml"), "s").unwrap();
        let again = adventure(Content::One(&m2), &opts(None)).unwrap();
        assert_eq!(file(&again, "map.svg"), file(&sets[0], "map.svg"));
        let w2: crate::dw10::Scenario =
            crate::scenario::from_yaml(file(&sets[1], "scenario.yaml"), "s").unwrap();
        let again = dw10_files(&w2, &opts(None)).unwrap();
        assert_eq!(file(&again, "map.svg"), file(&sets[1], "map.svg"));
        let d2: crate::ddd::DddScenario =
            crate::scenario::from_yaml(file(&sets[2], "scenario.yaml"), "s").unwrap();
        let again = ddd_adventure(&d2, &opts(None)).unwrap();
        assert_eq!(file(&again, "map.svg"), file(&sets[2], "map.svg"));
        assert_eq!(file(&again, "setup.md"), file(&sets[2], "setup.md"));
        // Without --square nothing changes: the tile set's size, as before.
        let plain = adventure(Content::One(&m), &opts(None)).unwrap();
        assert_eq!(
            file(&plain, "scenario.yaml"),
            mkd::scenario::to_yaml(&m).as_str()
        );
    }
}
