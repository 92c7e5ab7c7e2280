//! Map styles: every colour, line width and fill of the map, read from a
//! `tilecrawl-style/1` YAML file.
//!
//! Two styles are built in (`templates/styles/`, embedded): `color`, the
//! default, and `ink`, black on white for a home printer. A user's file may
//! start from one of them with `base: color` or `base: ink` and list only what
//! it changes; a file without `base` must set every key.
//!
//! Everything is checked while loading (colours, widths, hatch spacing,
//! unknown keys), so drawing with a loaded [`Style`] cannot fail.
//!
//! ```text
//! --style ink | --style my.yaml ──load──▶ Style ──▶ MapOptions ──▶ drawing
//! ```

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

/// The format tag every style file starts with.
pub const FORMAT: &str = "tilecrawl-style/1";

/// The names of the built-in styles, the default first.
pub const BUILTIN: [&str; 2] = ["color", "ink"];

/// Largest style file accepted, in bytes.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Smallest and largest line, dot or stroke width, in millimetres.
pub const WIDTH_MM: (f64, f64) = (0.0, 20.0);

/// Smallest and largest distance between hatch lines or dots, in millimetres.
pub const SPACING_MM: (f64, f64) = (0.3, 20.0);

/// Longest colour letter a WMT may carry.
const MAX_LETTER_CHARS: usize = 3;

const COLOR_YAML: &str = include_str!("../../templates/styles/color.yaml");
const INK_YAML: &str = include_str!("../../templates/styles/ink.yaml");

/// An sRGB colour with alpha.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Alpha: 255 is opaque.
    pub a: u8,
}

impl Color {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b, a: 255 }
    }

    /// The same colour with another alpha.
    pub const fn with_alpha(self, a: u8) -> Color {
        Color { a, ..self }
    }

    /// The same colour with its alpha multiplied by `a / 255`.
    pub fn scale_alpha(self, a: u8) -> Color {
        let v = (u32::from(self.a) * u32::from(a) + 127) / 255;
        self.with_alpha(v as u8)
    }

    /// `#rrggbb` (alpha is written separately as an opacity).
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// Alpha as an opacity from 0 to 1.
    pub fn opacity(self) -> f64 {
        f64::from(self.a) / 255.0
    }

    /// Reads `#rrggbb` or `#rrggbbaa` (hex digits in either case).
    pub fn parse(text: &str) -> Result<Color, ColorError> {
        let hex = text
            .strip_prefix('#')
            .filter(|h| (h.len() == 6 || h.len() == 8) && h.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| ColorError(text.to_string()))?;
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
        Ok(Color {
            r: byte(0),
            g: byte(2),
            b: byte(4),
            a: if hex.len() == 8 { byte(6) } else { 255 },
        })
    }
}

/// A colour that is not `#rrggbb` or `#rrggbbaa` (the text as found).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a colour \"#rrggbb\" or \"#rrggbbaa\", found {0:?}")]
pub struct ColorError(pub String);

/// In a schema: `#rrggbb` or `#rrggbbaa`, in quotes.
impl schemars::JsonSchema for Color {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Color".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A colour in quotes, \"#rrggbb\" or \"#rrggbbaa\".",
            "type": "string",
            "pattern": "^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"
        })
    }
}

impl<'de> Deserialize<'de> for Color {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Color;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a colour in quotes, \"#rrggbb\" or \"#rrggbbaa\"")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Color, E> {
                Color::parse(v).map_err(E::custom)
            }
            fn visit_unit<E: de::Error>(self) -> Result<Color, E> {
                Err(E::custom(
                    "no value; expected a colour in quotes such as \"#1e1a17\" (unquoted, `#` starts a YAML comment)",
                ))
            }
        }
        d.deserialize_any(V)
    }
}

/// Parallel lines filling an area (a second set at right angles if `cross`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hatch {
    /// Line colour.
    pub color: Color,
    /// The colour under the lines; `None` lets what is below show through.
    pub background: Option<Color>,
    /// Direction of the lines in degrees, clockwise from east (0 = horizontal).
    pub angle: f64,
    /// Distance between neighbouring lines, centre to centre, in millimetres.
    pub spacing_mm: f64,
    /// Line width in millimetres.
    pub line_mm: f64,
    /// Add a second set of lines at right angles (cross-hatching).
    pub cross: bool,
}

/// Dots filling an area in staggered rows (stipple).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Dots {
    /// Dot colour.
    pub color: Color,
    /// The colour under the dots; `None` lets what is below show through.
    pub background: Option<Color>,
    /// Distance between neighbouring dots in a row, and between rows, in millimetres.
    pub spacing_mm: f64,
    /// Dot diameter in millimetres.
    pub dot_mm: f64,
}

/// How an area is filled.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Fill {
    /// Not filled: what is below shows through.
    None,
    /// One colour.
    Solid(Color),
    /// Hatching (SVG: a `<pattern>` of lines).
    Hatch(Hatch),
    /// Stipple (SVG: a `<pattern>` of dots).
    Dots(Dots),
}

impl From<Color> for Fill {
    fn from(c: Color) -> Fill {
        Fill::Solid(c)
    }
}

impl Fill {
    /// The colour the fill averages to on white paper, as seen from arm's
    /// length: a pattern's ink colour weighed by the share of the area its
    /// lines or dots cover, over its background (white when it has none).
    pub fn average(self) -> Color {
        let white = Color::rgb(0xff, 0xff, 0xff);
        let over = |top: Color, under: Color, share: f64| {
            let share = (share * top.opacity()).clamp(0.0, 1.0);
            let mix =
                |a: u8, b: u8| (f64::from(a) * share + f64::from(b) * (1.0 - share)).round() as u8;
            Color::rgb(
                mix(top.r, under.r),
                mix(top.g, under.g),
                mix(top.b, under.b),
            )
        };
        match self {
            Fill::None => white,
            Fill::Solid(c) => over(c, white, 1.0),
            Fill::Hatch(h) => {
                let one = (h.line_mm / h.spacing_mm).clamp(0.0, 1.0);
                let share = if h.cross {
                    1.0 - (1.0 - one) * (1.0 - one)
                } else {
                    one
                };
                over(
                    h.color,
                    h.background.map_or(white, |b| over(b, white, 1.0)),
                    share,
                )
            }
            Fill::Dots(d) => {
                let r = d.dot_mm / 2.0;
                let share = std::f64::consts::PI * r * r / (d.spacing_mm * d.spacing_mm);
                over(
                    d.color,
                    d.background.map_or(white, |b| over(b, white, 1.0)),
                    share,
                )
            }
        }
    }

    /// How dark the fill prints, from 0 (white paper) to 1 (black): one
    /// minus the relative luminance of [`Fill::average`].
    pub fn darkness(self) -> f64 {
        let c = self.average();
        let lum = 0.2126 * f64::from(c.r) + 0.7152 * f64::from(c.g) + 0.0722 * f64::from(c.b);
        1.0 - lum / 255.0
    }

    /// The colour of a solid fill.
    pub fn solid(self) -> Option<Color> {
        match self {
            Fill::Solid(c) => Some(c),
            _ => None,
        }
    }
}

/// A chest or marker token: its body and the text on it.
#[derive(Debug, Clone, PartialEq)]
pub struct Token {
    /// The token's body.
    pub fill: Fill,
    /// The number or letter on it.
    pub text: Color,
}

/// A wandering monster token of one colour, drawn so that the colours can be
/// told apart on a black-and-white print.
#[derive(Debug, Clone, PartialEq)]
pub struct WmtLook {
    /// The disc.
    pub fill: Fill,
    /// The number on the disc (and the inner ring).
    pub text: Color,
    /// An inner ring inside the disc's outline.
    pub ring: bool,
    /// The colour's initial printed beside the token (empty: none).
    pub letter: String,
}

/// Every colour, fill and line width of the map, so that a style file can
/// replace them; the encoders only copy what the drawing holds.
#[derive(Debug, Clone, PartialEq)]
pub struct Style {
    /// The style's name (`color`, `ink`, or the file's `name`).
    pub name: String,
    /// The page outside the dungeon.
    pub paper: Color,
    /// Rock: the dungeon's bounding box where no tile lies.
    pub rock: Fill,
    /// Darker patches of the rock texture.
    pub rock_dark: Fill,
    /// Lighter patches of the rock texture.
    pub rock_light: Fill,
    /// Clear floor `.`.
    pub floor: Fill,
    /// Hindering terrain `,`.
    pub hindering: Fill,
    /// The rubble dots on hindering terrain.
    pub hindering_mark: Color,
    /// Water `~`.
    pub water: Fill,
    /// The waves on water.
    pub water_mark: Color,
    /// Crevice `=`.
    pub crevice: Fill,
    /// The crack drawn in a crevice.
    pub crevice_mark: Color,
    /// Blocking terrain `X`.
    pub blocking: Fill,
    /// The cross drawn on blocking terrain.
    pub blocking_mark: Color,
    /// Wall `#`.
    pub wall: Fill,
    /// Grid lines between squares.
    pub grid: Color,
    /// Grid line width in millimetres.
    pub grid_mm: f64,
    /// Tile outlines.
    pub outline: Color,
    /// Tile outline width in millimetres.
    pub outline_mm: f64,
    /// The Central Chamber's highlight (drawn at 69% of this opacity) and label.
    pub central_chamber: Color,
    /// Width of the Central Chamber's highlight in millimetres.
    pub central_chamber_mm: f64,
    /// Dead-end bars.
    pub dead_end: Color,
    /// The entrance arrow and its label.
    pub entrance: Color,
    /// A chest.
    pub chest: Token,
    /// The Quest Chest.
    pub quest_chest: Token,
    /// Outlines of tokens (chests, WMTs, markers) and the chest's front.
    pub token_ink: Color,
    /// Yellow WMTs.
    pub wmt_yellow: WmtLook,
    /// Blue WMTs.
    pub wmt_blue: WmtLook,
    /// Red WMTs.
    pub wmt_red: WmtLook,
    /// The Guardian's ring and badge.
    pub guardian: Color,
    /// Hindering markers.
    pub marker_hindering: Token,
    /// Water markers.
    pub marker_water: Token,
    /// Dark text: labels, title, footer, north arrow.
    pub ink: Color,
    /// Light text on dark badges (the Guardian's `G`).
    pub ink_light: Color,
    /// The halo behind labels that sit on terrain.
    pub halo: Color,
}

impl Default for Style {
    /// The built-in `color` style.
    fn default() -> Style {
        builtin("color").expect("the embedded color style is checked by the test suite")
    }
}

/// Why a style file was refused. Each variant prints as one line that names
/// the file and, where known, the line, column and key.
#[derive(Debug, thiserror::Error)]
pub enum StyleError {
    /// The file could not be read.
    #[error("{file}: cannot read the style")]
    Io {
        /// The file.
        file: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A bare word that is neither a built-in style nor a file there
    /// (`--style fancy`, `--style Ink`): the names there are, and the
    /// built-in one it differs from only by case or spelling.
    #[error("{name}: no style of that name and no such file; a style is `color`, `ink` or the path of a style file{}", did_you_mean.map(|b| format!(" (did you mean `{b}`?)")).unwrap_or_default())]
    Unknown {
        /// The word given.
        name: String,
        /// The built-in style it is a spelling of, if any.
        did_you_mean: Option<&'static str>,
    },
    /// The file is not valid YAML, or a key or value is not what a style holds.
    #[error(transparent)]
    Yaml(#[from] crate::core::yaml::FileError),
    /// Something about the file as a whole (size, missing keys).
    #[error("{file}: {message}")]
    File {
        /// The file.
        file: String,
        /// What was wrong and what was expected.
        message: String,
    },
}

/// A built-in style by name (`color` or `ink`).
pub fn builtin(name: &str) -> Option<Style> {
    static COLOR: OnceLock<Style> = OnceLock::new();
    static INK: OnceLock<Style> = OnceLock::new();
    let (cell, text) = match name {
        "color" => (&COLOR, COLOR_YAML),
        "ink" => (&INK, INK_YAML),
        _ => return None,
    };
    Some(
        cell.get_or_init(|| {
            parse(text, &format!("templates/styles/{name}.yaml"))
                .expect("the embedded styles are checked by the test suite")
        })
        .clone(),
    )
}

/// A built-in style when `name_or_path` is `color` or `ink`, else the style
/// file at that path (a file named `ink` in the current folder is `./ink`).
pub fn load(name_or_path: &Path) -> Result<Style, StyleError> {
    if let Some(style) = name_or_path.to_str().and_then(builtin) {
        return Ok(style);
    }
    let file = name_or_path.display().to_string();
    let io = |source| StyleError::Io {
        file: file.clone(),
        source,
    };
    // Only a regular file is read, and no more than the limit (a pipe or a
    // device is refused before it is opened).
    let text =
        crate::core::fs::read_limited(name_or_path, MAX_FILE_BYTES).map_err(|e| match e {
            crate::core::fs::ReadError::Io(source)
                if source.kind() == std::io::ErrorKind::NotFound && is_bare_word(&file) =>
            {
                let lower = file.to_lowercase();
                StyleError::Unknown {
                    did_you_mean: BUILTIN
                        .iter()
                        .copied()
                        .find(|b| lower == *b || (lower == "colour" && *b == "color")),
                    name: file.clone(),
                }
            }
            crate::core::fs::ReadError::Io(source) => io(source),
            other => StyleError::File {
                file: file.clone(),
                message: other.describe("a style", MAX_FILE_BYTES),
            },
        })?;
    parse(&text, &file)
}

/// A word with no folder and no extension (`fancy`, not `my/fancy` or
/// `fancy.yaml`): what a mistyped style name looks like.
fn is_bare_word(s: &str) -> bool {
    !s.is_empty() && !s.contains(['/', '\\', '.'])
}

/// Parses and checks style YAML; `file` names the source in errors.
pub fn parse(text: &str, file: &str) -> Result<Style, StyleError> {
    let file_err = |message: String| StyleError::File {
        file: file.to_string(),
        message,
    };
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(file_err(format!(
            "the style is {} bytes; a style may be at most {MAX_FILE_BYTES} bytes",
            text.len()
        )));
    }
    if text.trim().is_empty() {
        return Err(file_err(format!(
            "the file is empty; expected a style starting with `format: {FORMAT}`"
        )));
    }
    // A tilecrawl file of another kind is named as what it is.
    crate::core::yaml::check_other_kind(text, FORMAT).map_err(|e| file_err(e.to_string()))?;
    let raw: RawStyle = crate::core::yaml::parse(text, file)?;

    let base = raw.base.map(|b| {
        builtin(match b {
            BaseName::Color => "color",
            BaseName::Ink => "ink",
        })
        .expect("built-in")
    });
    let name = raw
        .name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| {
            Path::new(file)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| file.to_string())
        });
    merge(raw, base.as_ref(), name).map_err(|MissingKey(key)| {
        file_err(format!(
            "`{key}` is missing; a style without `base:` sets every key (or add `base: color` or `base: ink` to start from a built-in style)"
        ))
    })
}

// ---------------------------------------------------------------------------
// The file as written: every key optional, so that a file with `base` lists
// only what it changes. Values are checked as they are read, so yaml_serde's
// error carries the line, column and key.

// The loader's own reading of `format:` (the schema gives the field as
// `FORMAT`, the constant, rather than this enum's spelling of it).
#[derive(Deserialize)]
#[serde(expecting = "`tilecrawl-style/1`")]
enum Format {
    #[serde(rename = "tilecrawl-style/1")]
    V1,
}

#[derive(Clone, Copy, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
enum BaseName {
    Color,
    Ink,
}

/// Read from a word by hand: a derived enum refuses a list or a mapping as
/// "a YAML tag starting with '!'", where the reader needs the two choices.
impl<'de> Deserialize<'de> for BaseName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = BaseName;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`color` or `ink`")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<BaseName, E> {
                match v {
                    "color" => Ok(BaseName::Color),
                    "ink" => Ok(BaseName::Ink),
                    _ => Err(E::invalid_value(de::Unexpected::Str(v), &self)),
                }
            }
        }
        d.deserialize_str(V)
    }
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a style mapping starting with `format: tilecrawl-style/1`"
)]
struct RawStyle {
    /// The file format: the one this version reads.
    #[allow(dead_code)]
    #[schemars(with = "String", extend("const" = FORMAT))]
    format: Format,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "String")]
    name: Option<String>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "BaseName")]
    base: Option<BaseName>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    paper: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawRock")]
    rock: Option<RawRock>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawTerrain")]
    terrain: Option<RawTerrain>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawMarks")]
    marks: Option<RawMarks>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawLines")]
    lines: Option<RawLines>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawFeatures")]
    features: Option<RawFeatures>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawTokens")]
    tokens: Option<RawTokens>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawWmts")]
    wmts: Option<RawWmts>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawText")]
    text: Option<RawText>,
}

/// The JSON Schema of a style file.
pub fn json_schema() -> schemars::Schema {
    use schemars::transform::{RecursiveTransform, Transform};
    let mut schema = schemars::schema_for!(RawStyle);
    // Every key is optional, but a key that is there needs a value: the
    // `None` schemars reads as each key's default is not a value to write.
    RecursiveTransform(|s: &mut schemars::Schema| {
        if s.get("default").is_some_and(serde_json::Value::is_null) {
            s.remove("default");
        }
    })
    .transform(&mut schema);
    schema
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `fill`, `dark` and `light`"
)]
struct RawRock {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    fill: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    dark: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    light: Option<Fill>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `floor`, `hindering`, `water`, `crevice`, `blocking` and `wall`"
)]
struct RawTerrain {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    floor: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    hindering: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    water: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    crevice: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    blocking: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    wall: Option<Fill>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `hindering`, `water`, `crevice` and `blocking` colours"
)]
struct RawMarks {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    hindering: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    water: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    crevice: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    blocking: Option<Color>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `color` and `width_mm`"
)]
struct RawLine {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    color: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Width")]
    width_mm: Option<Width>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `grid`, `outline` and `central_chamber`"
)]
struct RawLines {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawLine")]
    grid: Option<RawLine>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawLine")]
    outline: Option<RawLine>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawLine")]
    central_chamber: Option<RawLine>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `dead_end`, `entrance` and `guardian` colours"
)]
struct RawFeatures {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    dead_end: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    entrance: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    guardian: Option<Color>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(deny_unknown_fields, expecting = "a mapping with `fill` and `text`")]
struct RawToken {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    fill: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    text: Option<Color>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `outline`, `chest`, `quest_chest`, `marker_hindering` and `marker_water`"
)]
struct RawTokens {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    outline: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawToken")]
    chest: Option<RawToken>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawToken")]
    quest_chest: Option<RawToken>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawToken")]
    marker_hindering: Option<RawToken>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawToken")]
    marker_water: Option<RawToken>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `fill`, `text`, `ring` and `letter`"
)]
struct RawWmt {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Fill")]
    fill: Option<Fill>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    text: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "bool")]
    ring: Option<bool>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Letter")]
    letter: Option<Letter>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `yellow`, `blue` and `red`"
)]
struct RawWmts {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawWmt")]
    yellow: Option<RawWmt>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawWmt")]
    blue: Option<RawWmt>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "RawWmt")]
    red: Option<RawWmt>,
}

#[derive(Deserialize, Default, schemars::JsonSchema)]
#[serde(
    deny_unknown_fields,
    expecting = "a mapping with `ink`, `light` and `halo` colours"
)]
struct RawText {
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    ink: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    light: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    halo: Option<Color>,
}

/// An optional key whose value, when the key is there, must be given: a key
/// left empty (or holding an unquoted `#colour`, which YAML reads as a
/// comment) is an error, not "use the base style's".
fn some<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A number read from YAML and checked against a range as it is read (so
/// that yaml_serde's error points at the number itself).
fn ranged<'de, D: Deserializer<'de>>(
    d: D,
    range: (f64, f64),
    what: &'static str,
) -> Result<f64, D::Error> {
    struct V {
        range: (f64, f64),
        what: &'static str,
    }
    impl V {
        fn check<E: de::Error>(&self, v: f64) -> Result<f64, E> {
            let (lo, hi) = self.range;
            if v.is_finite() && (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                Err(E::custom(format!(
                    "{v} is out of range; expected {} from {lo} to {hi}",
                    self.what
                )))
            }
        }
    }
    impl Visitor<'_> for V {
        type Value = f64;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            let (lo, hi) = self.range;
            write!(f, "{} from {lo} to {hi}", self.what)
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<f64, E> {
            self.check(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<f64, E> {
            self.check(v as f64)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<f64, E> {
            self.check(v as f64)
        }
    }
    d.deserialize_f64(V { range, what })
}

/// A line, stroke or dot width in millimetres ([`WIDTH_MM`]).
#[derive(Clone, Copy)]
struct Width(f64);

/// In a schema: a number in [`WIDTH_MM`].
impl schemars::JsonSchema for Width {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "WidthMm".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A width in millimetres.",
            "type": "number",
            "minimum": WIDTH_MM.0,
            "maximum": WIDTH_MM.1
        })
    }
}

impl<'de> Deserialize<'de> for Width {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Width, D::Error> {
        ranged(d, WIDTH_MM, "a width in mm").map(Width)
    }
}

/// A hatch or dot spacing in millimetres ([`SPACING_MM`]).
#[derive(Clone, Copy)]
struct Spacing(f64);

/// In a schema: a number in [`SPACING_MM`].
impl schemars::JsonSchema for Spacing {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SpacingMm".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A spacing in millimetres.",
            "type": "number",
            "minimum": SPACING_MM.0,
            "maximum": SPACING_MM.1
        })
    }
}

impl<'de> Deserialize<'de> for Spacing {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Spacing, D::Error> {
        ranged(d, SPACING_MM, "a spacing in mm").map(Spacing)
    }
}

/// A hatch direction in degrees.
#[derive(Clone, Copy)]
struct Angle(f64);

/// In a schema: degrees from -360 to 360.
impl schemars::JsonSchema for Angle {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Angle".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A direction in degrees, clockwise from east.",
            "type": "number",
            "minimum": -360.0,
            "maximum": 360.0
        })
    }
}

impl<'de> Deserialize<'de> for Angle {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Angle, D::Error> {
        ranged(d, (-360.0, 360.0), "an angle in degrees").map(Angle)
    }
}

/// A WMT colour letter: at most [`MAX_LETTER_CHARS`] characters.
struct Letter(String);

/// In a schema: a short string (the loader also refuses control characters).
impl schemars::JsonSchema for Letter {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Letter".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Up to 3 printable characters, or \"\" for none.",
            "type": "string",
            "maxLength": MAX_LETTER_CHARS
        })
    }
}

impl<'de> Deserialize<'de> for Letter {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Letter, D::Error> {
        let s = String::deserialize(d)?;
        if s.chars().count() > MAX_LETTER_CHARS || s.chars().any(char::is_control) {
            return Err(de::Error::custom(format!(
                "{s:?}: expected up to {MAX_LETTER_CHARS} printable characters, such as \"Y\" (or \"\" for none)"
            )));
        }
        Ok(Letter(s))
    }
}

#[derive(Deserialize, Clone, Copy, PartialEq, schemars::JsonSchema)]
#[serde(
    rename_all = "lowercase",
    expecting = "one of `fill`, `hatch`, `dots`, `none`"
)]
enum Mode {
    Fill,
    Hatch,
    Dots,
    None,
}

#[derive(Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields, expecting = "a fill mapping with `mode`")]
struct RawFill {
    mode: Mode,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    color: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Color")]
    background: Option<Color>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Angle")]
    angle: Option<Angle>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Spacing")]
    spacing_mm: Option<Spacing>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Width")]
    line_mm: Option<Width>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "bool")]
    cross: Option<bool>,
    #[serde(default, deserialize_with = "some")]
    #[schemars(with = "Width")]
    dot_mm: Option<Width>,
}

/// Why a fill's keys do not make a fill.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FillError {
    /// A key the mode does not take.
    #[error("`{key}` does not apply to `mode: {mode}`; expected only {allowed}")]
    Extra {
        /// The key given.
        key: &'static str,
        /// The mode.
        mode: &'static str,
        /// The keys the mode takes, as a list for the message.
        allowed: String,
    },
    /// A key the mode needs.
    #[error("`mode: {mode}` needs `{key}`")]
    Missing {
        /// The mode.
        mode: &'static str,
        /// The key it needs.
        key: &'static str,
    },
    /// Dots so big they touch.
    #[error(
        "dot_mm {dot_mm} is more than half of spacing_mm {spacing_mm}; expected dots that do not touch"
    )]
    DotsTouch {
        /// The dots' diameter.
        dot_mm: f64,
        /// Their spacing.
        spacing_mm: f64,
    },
}

impl TryFrom<RawFill> for Fill {
    type Error = FillError;

    fn try_from(r: RawFill) -> Result<Fill, FillError> {
        let (name, allowed): (&str, &[&str]) = match r.mode {
            Mode::Fill => ("fill", &["color"]),
            Mode::Hatch => (
                "hatch",
                &[
                    "color",
                    "background",
                    "angle",
                    "spacing_mm",
                    "line_mm",
                    "cross",
                ],
            ),
            Mode::Dots => ("dots", &["color", "background", "spacing_mm", "dot_mm"]),
            Mode::None => ("none", &[]),
        };
        let given = [
            ("color", r.color.is_some()),
            ("background", r.background.is_some()),
            ("angle", r.angle.is_some()),
            ("spacing_mm", r.spacing_mm.is_some()),
            ("line_mm", r.line_mm.is_some()),
            ("cross", r.cross.is_some()),
            ("dot_mm", r.dot_mm.is_some()),
        ];
        for (key, present) in given {
            if present && !allowed.contains(&key) {
                return Err(FillError::Extra {
                    key,
                    mode: name,
                    allowed: if allowed.is_empty() {
                        "`mode`".to_string()
                    } else {
                        allowed
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    },
                });
            }
        }
        let need = |key: &'static str| FillError::Missing { mode: name, key };
        Ok(match r.mode {
            Mode::None => Fill::None,
            Mode::Fill => Fill::Solid(r.color.ok_or_else(|| need("color"))?),
            Mode::Hatch => Fill::Hatch(Hatch {
                color: r.color.ok_or_else(|| need("color"))?,
                background: r.background,
                angle: r.angle.map_or(45.0, |a| a.0),
                spacing_mm: r.spacing_mm.ok_or_else(|| need("spacing_mm"))?.0,
                line_mm: r.line_mm.ok_or_else(|| need("line_mm"))?.0,
                cross: r.cross.unwrap_or(false),
            }),
            Mode::Dots => {
                let spacing_mm = r.spacing_mm.ok_or_else(|| need("spacing_mm"))?.0;
                let dot_mm = r.dot_mm.ok_or_else(|| need("dot_mm"))?.0;
                if dot_mm > spacing_mm / 2.0 {
                    return Err(FillError::DotsTouch { dot_mm, spacing_mm });
                }
                Fill::Dots(Dots {
                    color: r.color.ok_or_else(|| need("color"))?,
                    background: r.background,
                    spacing_mm,
                    dot_mm,
                })
            }
        })
    }
}

/// In a schema: a colour (a solid fill) or a mapping with a `mode`.
impl schemars::JsonSchema for Fill {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Fill".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A colour such as \"#f6f1e6\" (solid), or a mapping with `mode: fill|hatch|dots|none` and the keys that mode takes.",
            "anyOf": [generator.subschema_for::<Color>(), generator.subschema_for::<RawFill>()]
        })
    }
}

/// A fill is a colour (`"#f6f1e6"`, solid) or a mapping with a `mode`.
impl<'de> Deserialize<'de> for Fill {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Fill, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Fill;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a colour such as \"#f6f1e6\" or a mapping with `mode: fill|hatch|dots|none`",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Fill, E> {
                Color::parse(v).map(Fill::Solid).map_err(E::custom)
            }
            fn visit_unit<E: de::Error>(self) -> Result<Fill, E> {
                Err(E::custom(
                    "no value; expected a colour in quotes such as \"#f6f1e6\" (unquoted, `#` starts a YAML comment) or a mapping with `mode`",
                ))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Fill, A::Error> {
                let raw = RawFill::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Fill::try_from(raw).map_err(de::Error::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// A key neither the style file nor its base gives (its key path).
#[derive(Debug, Clone, PartialEq, Eq)]
struct MissingKey(String);

/// The file's value, else the base style's, else the key is missing.
fn pick<T: Clone>(
    v: Option<T>,
    base: Option<&Style>,
    get: impl Fn(&Style) -> T,
    key: &str,
) -> Result<T, MissingKey> {
    match (v, base) {
        (Some(v), _) => Ok(v),
        (None, Some(b)) => Ok(get(b)),
        (None, None) => Err(MissingKey(key.to_string())),
    }
}

fn token(
    raw: Option<RawToken>,
    base: Option<&Style>,
    get: impl Fn(&Style) -> &Token,
    key: &str,
) -> Result<Token, MissingKey> {
    let r = raw.unwrap_or_default();
    Ok(Token {
        fill: pick(r.fill, base, |b| get(b).fill, &format!("{key}.fill"))?,
        text: pick(r.text, base, |b| get(b).text, &format!("{key}.text"))?,
    })
}

fn wmt(
    raw: Option<RawWmt>,
    base: Option<&Style>,
    get: impl Fn(&Style) -> &WmtLook,
    key: &str,
) -> Result<WmtLook, MissingKey> {
    let r = raw.unwrap_or_default();
    Ok(WmtLook {
        fill: pick(r.fill, base, |b| get(b).fill, &format!("{key}.fill"))?,
        text: pick(r.text, base, |b| get(b).text, &format!("{key}.text"))?,
        ring: pick(r.ring, base, |b| get(b).ring, &format!("{key}.ring"))?,
        letter: pick(
            r.letter.map(|l| l.0),
            base,
            |b| get(b).letter.clone(),
            &format!("{key}.letter"),
        )?,
    })
}

fn line(
    raw: Option<RawLine>,
    base: Option<&Style>,
    get: impl Fn(&Style) -> (Color, f64),
    key: &str,
) -> Result<(Color, f64), MissingKey> {
    let r = raw.unwrap_or_default();
    Ok((
        pick(r.color, base, |b| get(b).0, &format!("{key}.color"))?,
        pick(
            r.width_mm.map(|w| w.0),
            base,
            |b| get(b).1,
            &format!("{key}.width_mm"),
        )?,
    ))
}

/// The style a file describes, over `base` if it names one; `Err` names
/// the first key that is neither in the file nor in a base.
fn merge(r: RawStyle, base: Option<&Style>, name: String) -> Result<Style, MissingKey> {
    let b = base;
    let rock = r.rock.unwrap_or_default();
    let terrain = r.terrain.unwrap_or_default();
    let marks = r.marks.unwrap_or_default();
    let lines = r.lines.unwrap_or_default();
    let features = r.features.unwrap_or_default();
    let tokens = r.tokens.unwrap_or_default();
    let wmts = r.wmts.unwrap_or_default();
    let text = r.text.unwrap_or_default();
    // In the order of the built-in files, so the first missing key is reported.
    let paper = pick(r.paper, b, |s| s.paper, "paper")?;
    let rock_fill = pick(rock.fill, b, |s| s.rock, "rock.fill")?;
    let rock_dark = pick(rock.dark, b, |s| s.rock_dark, "rock.dark")?;
    let rock_light = pick(rock.light, b, |s| s.rock_light, "rock.light")?;
    let floor = pick(terrain.floor, b, |s| s.floor, "terrain.floor")?;
    let hindering = pick(terrain.hindering, b, |s| s.hindering, "terrain.hindering")?;
    let water = pick(terrain.water, b, |s| s.water, "terrain.water")?;
    let crevice = pick(terrain.crevice, b, |s| s.crevice, "terrain.crevice")?;
    let blocking = pick(terrain.blocking, b, |s| s.blocking, "terrain.blocking")?;
    let wall = pick(terrain.wall, b, |s| s.wall, "terrain.wall")?;
    let hindering_mark = pick(marks.hindering, b, |s| s.hindering_mark, "marks.hindering")?;
    let water_mark = pick(marks.water, b, |s| s.water_mark, "marks.water")?;
    let crevice_mark = pick(marks.crevice, b, |s| s.crevice_mark, "marks.crevice")?;
    let blocking_mark = pick(marks.blocking, b, |s| s.blocking_mark, "marks.blocking")?;
    let (grid, grid_mm) = line(lines.grid, b, |s| (s.grid, s.grid_mm), "lines.grid")?;
    let (outline, outline_mm) = line(
        lines.outline,
        b,
        |s| (s.outline, s.outline_mm),
        "lines.outline",
    )?;
    let (central_chamber, central_chamber_mm) = line(
        lines.central_chamber,
        b,
        |s| (s.central_chamber, s.central_chamber_mm),
        "lines.central_chamber",
    )?;
    Ok(Style {
        name,
        paper,
        rock: rock_fill,
        rock_dark,
        rock_light,
        floor,
        hindering,
        hindering_mark,
        water,
        water_mark,
        crevice,
        crevice_mark,
        blocking,
        blocking_mark,
        wall,
        grid,
        grid_mm,
        outline,
        outline_mm,
        central_chamber,
        central_chamber_mm,
        dead_end: pick(features.dead_end, b, |s| s.dead_end, "features.dead_end")?,
        entrance: pick(features.entrance, b, |s| s.entrance, "features.entrance")?,
        guardian: pick(features.guardian, b, |s| s.guardian, "features.guardian")?,
        token_ink: pick(tokens.outline, b, |s| s.token_ink, "tokens.outline")?,
        chest: token(tokens.chest, b, |s| &s.chest, "tokens.chest")?,
        quest_chest: token(
            tokens.quest_chest,
            b,
            |s| &s.quest_chest,
            "tokens.quest_chest",
        )?,
        marker_hindering: token(
            tokens.marker_hindering,
            b,
            |s| &s.marker_hindering,
            "tokens.marker_hindering",
        )?,
        marker_water: token(
            tokens.marker_water,
            b,
            |s| &s.marker_water,
            "tokens.marker_water",
        )?,
        wmt_yellow: wmt(wmts.yellow, b, |s| &s.wmt_yellow, "wmts.yellow")?,
        wmt_blue: wmt(wmts.blue, b, |s| &s.wmt_blue, "wmts.blue")?,
        wmt_red: wmt(wmts.red, b, |s| &s.wmt_red, "wmts.red")?,
        ink: pick(text.ink, b, |s| s.ink, "text.ink")?,
        ink_light: pick(text.light, b, |s| s.ink_light, "text.light")?,
        halo: pick(text.halo, b, |s| s.halo, "text.halo")?,
    })
}

#[cfg(test)]
mod tests;
