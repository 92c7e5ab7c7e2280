use super::*;

/// Every built-in parses, and `color` is the default style.
#[test]
fn builtins_parse() {
    for name in BUILTIN {
        let s = builtin(name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(s.name, name);
        assert_eq!(load(Path::new(name)).unwrap(), s);
    }
    assert_eq!(Style::default(), builtin("color").unwrap());
    assert!(builtin("sepia").is_none());
}

/// The colour style keeps the colours the map had before styles were files.
#[test]
fn color_style_keeps_the_original_colours() {
    let s = builtin("color").unwrap();
    assert_eq!(s.paper, Color::rgb(0xff, 0xff, 0xff));
    assert_eq!(s.rock, Fill::Solid(Color::rgb(0xd8, 0xd3, 0xcb)));
    assert_eq!(s.wall, Fill::Solid(Color::rgb(0x55, 0x4f, 0x48)));
    assert_eq!(s.wmt_red.fill, Fill::Solid(Color::rgb(0xd0, 0x3a, 0x2f)));
    assert_eq!(s.halo, Color::rgb(0xff, 0xff, 0xff).with_alpha(0xd9));
    assert_eq!(
        (s.grid_mm, s.outline_mm, s.central_chamber_mm),
        (0.25, 0.6, 2.0)
    );
    assert!(!s.wmt_blue.ring);
    // Each token carries its colour's initial too, as in ink, so that its
    // strength does not rest on colour alone.
    assert_eq!(
        [&s.wmt_yellow.letter, &s.wmt_blue.letter, &s.wmt_red.letter],
        ["Y", "B", "R"]
    );
}

/// The ink style has no large coloured fill: terrain is white, grey or a
/// pattern, and every colour in it is a grey.
#[test]
fn ink_style_is_black_on_white() {
    let s = builtin("ink").unwrap();
    let grey = |c: Color| c.r == c.g && c.g == c.b;
    let fill_ok = |f: Fill| match f {
        Fill::None => true,
        Fill::Solid(c) => grey(c) && c.r >= 0xd0,
        Fill::Hatch(h) => grey(h.color) && h.background.is_none_or(grey),
        Fill::Dots(d) => grey(d.color) && d.background.is_none_or(grey),
    };
    for (what, f) in [
        ("rock", s.rock),
        ("rock_dark", s.rock_dark),
        ("rock_light", s.rock_light),
        ("floor", s.floor),
        ("hindering", s.hindering),
        ("water", s.water),
        ("crevice", s.crevice),
        ("blocking", s.blocking),
        ("wall", s.wall),
    ] {
        assert!(fill_ok(f), "{what}: {f:?}");
    }
    for f in [s.wall, s.crevice, s.blocking, s.water, s.hindering] {
        assert!(matches!(f, Fill::Hatch(_) | Fill::Dots(_)), "{f:?}");
    }
    for c in [
        s.paper,
        s.grid,
        s.outline,
        s.central_chamber,
        s.dead_end,
        s.entrance,
        s.guardian,
        s.token_ink,
        s.ink,
        s.ink_light,
    ] {
        assert!(grey(c), "{c:?}");
    }
    // The three WMT colours differ in black and white, and carry their initial.
    let looks = |w: &WmtLook| (w.fill, w.ring);
    assert_ne!(looks(&s.wmt_yellow), looks(&s.wmt_blue));
    assert_ne!(looks(&s.wmt_yellow), looks(&s.wmt_red));
    assert_ne!(looks(&s.wmt_blue), looks(&s.wmt_red));
    assert_eq!(
        [&s.wmt_yellow.letter, &s.wmt_blue.letter, &s.wmt_red.letter],
        ["Y", "B", "R"]
    );
}

#[test]
fn colours() {
    assert_eq!(Color::parse("#1E1a17"), Ok(Color::rgb(0x1e, 0x1a, 0x17)));
    assert_eq!(
        Color::parse("#ffffffd9"),
        Ok(Color::rgb(255, 255, 255).with_alpha(0xd9))
    );
    for bad in [
        "#12345",
        "red",
        "#1234567",
        "123456",
        "#12345g",
        "#ｆｆｆｆｆｆ",
        "",
    ] {
        assert!(Color::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(Color::rgb(1, 2, 3).scale_alpha(0xb0).a, 0xb0);
    assert_eq!(Color::rgb(1, 2, 3).with_alpha(0).scale_alpha(0xb0).a, 0);
}

/// A user's file over a base changes only what it lists.
#[test]
fn a_user_style_overrides_its_base() {
    let s = parse(
        "format: tilecrawl-style/1\nname: Mine\nbase: ink\nterrain:\n  wall: {mode: hatch, color: \"#000000\", angle: 0, spacing_mm: 2, line_mm: 0.5, cross: true}\n  floor: \"#fafafa\"\nlines:\n  grid: {width_mm: 0.4}\nwmts:\n  red: {letter: \"Rd\"}\n",
        "mine.yaml",
    )
    .unwrap();
    let ink = builtin("ink").unwrap();
    assert_eq!(s.name, "Mine");
    assert_eq!(
        s.wall,
        Fill::Hatch(Hatch {
            color: Color::rgb(0, 0, 0),
            background: None,
            angle: 0.0,
            spacing_mm: 2.0,
            line_mm: 0.5,
            cross: true
        })
    );
    assert_eq!(s.floor, Fill::Solid(Color::rgb(0xfa, 0xfa, 0xfa)));
    assert_eq!((s.grid, s.grid_mm), (ink.grid, 0.4));
    assert_eq!(s.wmt_red.letter, "Rd");
    assert_eq!(s.wmt_red.fill, ink.wmt_red.fill);
    let rest = Style {
        name: ink.name.clone(),
        wall: ink.wall,
        floor: ink.floor,
        grid_mm: ink.grid_mm,
        wmt_red: ink.wmt_red.clone(),
        ..s
    };
    assert_eq!(rest, ink);
    // Without a name, the file's stem names the style.
    let s = parse(
        "format: tilecrawl-style/1\nbase: color\n",
        "dir/my-style.yaml",
    )
    .unwrap();
    assert_eq!(s.name, "my-style");
}

fn err(text: &str) -> String {
    let e = parse(text, "my.yaml")
        .err()
        .unwrap_or_else(|| panic!("{text:?} parses"))
        .to_string();
    assert!(!e.contains('\n'), "one line: {e}");
    assert!(e.starts_with("my.yaml: "), "{e}");
    e
}

#[test]
fn errors_name_the_file_line_column_key_and_what_was_expected() {
    let head = "format: tilecrawl-style/1\nbase: color\n";
    let cases = [
        // Unknown keys, at the top and inside a section.
        (
            "colour: \"#ffffff\"\n",
            "line 3, column 1",
            "unknown field `colour`",
        ),
        (
            "terrain:\n  wal: \"#000000\"\n",
            "line 4, column 3",
            "unknown field `wal`",
        ),
        // Bad colours.
        ("paper: \"#12345\"\n", "line 3, column 8", "#rrggbb"),
        ("paper: red\n", "line 3, column 8", "\"red\""),
        (
            "paper: #ffffff\n",
            "line 3, column",
            "`#` starts a YAML comment",
        ),
        (
            "terrain:\n  wall: \"#12345\"\n",
            "line 4, column 9",
            "terrain.wall",
        ),
        // Widths and spacings out of range.
        (
            "lines:\n  grid: {width_mm: 25}\n",
            "line 4",
            "expected a width in mm from 0 to 20",
        ),
        (
            "lines:\n  grid: {width_mm: -1}\n",
            "line 4, column 20",
            "lines.grid.width_mm",
        ),
        (
            "lines:\n  grid:\n    width_mm: 30\n",
            "line 5, column 15",
            "lines.grid.width_mm: 30 is out of range",
        ),
        (
            "rock: 3\n",
            "line 3, column 7",
            "expected a mapping with `fill`, `dark` and `light`",
        ),
        (
            "terrain:\n  wall: {mode: hatch, color: \"#000000\", spacing_mm: 0.1, line_mm: 0.3}\n",
            "line 4",
            "expected a spacing in mm from 0.3 to 20",
        ),
        (
            "terrain:\n  wall: {mode: hatch, color: \"#000000\", spacing_mm: 21, line_mm: 0.3}\n",
            "line 4",
            "spacing_mm",
        ),
        // Fill modes.
        (
            "terrain:\n  wall: {mode: hatch, color: \"#000000\"}\n",
            "line 4",
            "`mode: hatch` needs `spacing_mm`",
        ),
        (
            "terrain:\n  wall: {mode: fill, color: \"#000000\", angle: 3}\n",
            "line 4",
            "`angle` does not apply to `mode: fill`",
        ),
        (
            "terrain:\n  wall: {mode: paint}\n",
            "line 4",
            "unknown variant `paint`",
        ),
        (
            "terrain:\n  wall: {mode: hatch, colour: \"#000000\"}\n",
            "line 4",
            "unknown field `colour`",
        ),
        (
            "wmts:\n  red: {letter: \"Red!\"}\n",
            "line 4",
            "up to 3 printable characters",
        ),
        (
            "lines:\n  grid: {width_mm: wide}\n",
            "line 4",
            "lines.grid.width_mm",
        ),
    ];
    for (body, at, what) in cases {
        let e = err(&format!("{head}{body}"));
        assert!(e.contains(at) && e.contains(what), "{body:?}: {e}");
    }
    let e = err("format: tilecrawl-style/1\nbase: sepia\n");
    assert!(
        e.contains("line 2, column 7") && e.contains("expected `color` or `ink`"),
        "{e}"
    );
    // Another version is refused by its `format:` line before the rest.
    let e = err("format: tilecrawl-style/2\n");
    assert!(
        e.contains(
            "format: is `tilecrawl-style/2`; this version of tilecrawl reads `tilecrawl-style/1`"
        ),
        "{e}"
    );
    let e = err("name: x\n");
    assert!(e.contains("missing field `format`"), "{e}");
    let e = err("format: tilecrawl-style/1\nname: half\npaper: \"#ffffff\"\n");
    assert!(
        e.contains("`rock.fill` is missing") && e.contains("base: color"),
        "{e}"
    );
    let e = err("  \n");
    assert!(e.contains("empty"), "{e}");
    let e = err(&format!(
        "{head}# {}\n",
        "x".repeat(MAX_FILE_BYTES as usize)
    ));
    assert!(e.contains("at most 1048576 bytes"), "{e}");
}

#[test]
fn files_load_and_bad_files_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("mine.yaml");
    std::fs::write(
        &p,
        "format: tilecrawl-style/1\nbase: ink\npaper: \"#fffff0\"\n",
    )
    .unwrap();
    let s = load(&p).unwrap();
    assert_eq!(s.paper, Color::rgb(0xff, 0xff, 0xf0));
    assert_eq!(s.name, "mine");

    let missing = dir.path().join("nope.yaml");
    let e = load(&missing).unwrap_err();
    assert!(matches!(e, StyleError::Io { .. }));
    assert!(
        e.to_string().contains("nope.yaml: cannot read the style"),
        "{e}"
    );

    let big = dir.path().join("big.yaml");
    std::fs::write(&big, vec![b'#'; MAX_FILE_BYTES as usize + 1]).unwrap();
    let e = load(&big).unwrap_err().to_string();
    assert!(e.contains("big.yaml") && e.contains("at most"), "{e}");

    let bin = dir.path().join("bin.yaml");
    std::fs::write(&bin, [0xff, 0xfe, 0x00]).unwrap();
    assert!(load(&bin).unwrap_err().to_string().contains("not UTF-8"));
}

#[test]
fn a_mistyped_style_name_is_named_with_the_styles_there_are() {
    // A bare word that is no built-in style and no file: the names there
    // are, not "cannot read the style: No such file or directory".
    let e = load(Path::new("fancy-no-such-style")).unwrap_err();
    assert!(matches!(e, StyleError::Unknown { .. }), "{e:?}");
    assert_eq!(
        e.to_string(),
        "fancy-no-such-style: no style of that name and no such file; a style is `color`, `ink` or the path of a style file"
    );
    for (word, meant) in [("Ink", "ink"), ("COLOR", "color"), ("colour", "color")] {
        let e = load(Path::new(word)).unwrap_err().to_string();
        assert!(e.ends_with(&format!("(did you mean `{meant}`?)")), "{e}");
    }
    // A path is still a file that cannot be read.
    let e = load(Path::new("no-such-dir/fancy")).unwrap_err();
    assert!(matches!(e, StyleError::Io { .. }), "{e:?}");
}
