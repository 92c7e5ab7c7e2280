//! Paper sizes and print options shared by the PDF outputs (map pages,
//! cut-outs, setup sheet).

/// Millimetres per PDF point (1 pt = 1/72 inch).
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// The narrowest margin tilecrawl prints with: what every home printer can reach.
pub const MIN_MARGIN_MM: f64 = 6.0;

/// The widest margin `--margin` accepts on a paper large enough for it.
pub const MAX_MARGIN_MM: f64 = 50.0;

/// How much of the paper's narrow side the setup sheet needs inside the
/// margins: its widest table.
pub const SHEET_ROOM_MM: f64 = 120.0;

/// A sheet of paper, portrait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// US Letter, 8.5 × 11 in (612 × 792 pt).
    #[default]
    Letter,
    /// ISO A4, 210 × 297 mm.
    A4,
    /// ISO A3, 297 × 420 mm.
    A3,
    /// US Legal, 8.5 × 14 in.
    Legal,
    /// US Tabloid (Ledger), 11 × 17 in.
    Tabloid,
    /// A size of the user's, in hundredths of a millimetre (`210x297mm`, `11x17in`).
    Custom {
        /// Width in hundredths of a millimetre.
        width: u32,
        /// Height in hundredths of a millimetre.
        height: u32,
    },
}

/// The sides a custom paper may have, in millimetres.
pub const CUSTOM_PAPER_MM: (f64, f64) = (100.0, 2000.0);

/// Why a paper name was refused (the text is quoted as given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaperError {
    /// Neither a known name nor `WxH` with a unit.
    #[error(
        "{0:?}: expected letter, a4, a3, legal, tabloid or a size WIDTHxHEIGHT with a unit (210x297mm, 11x17in)"
    )]
    Unknown(String),
    /// A custom side outside [`CUSTOM_PAPER_MM`].
    #[error("{0:?}: each side of the paper must be 100 to 2000 mm")]
    OutOfRange(String),
}

impl Paper {
    /// The named sizes, in the order `--help` lists them.
    pub const NAMED: [Paper; 5] = [
        Paper::Letter,
        Paper::A4,
        Paper::A3,
        Paper::Legal,
        Paper::Tabloid,
    ];

    /// `letter`, `a4`, `a3`, `legal`, `tabloid`, or the custom size as `210x297mm`.
    pub fn name(self) -> String {
        match self {
            Paper::Letter => "letter".into(),
            Paper::A4 => "a4".into(),
            Paper::A3 => "a3".into(),
            Paper::Legal => "legal".into(),
            Paper::Tabloid => "tabloid".into(),
            Paper::Custom { .. } => {
                let (w, h) = self.size_mm();
                format!("{}x{}mm", mm_text(w), mm_text(h))
            }
        }
    }

    /// The name as printed on a page: `Letter`, `A4`, … or `210 × 297 mm`.
    pub fn label(self) -> String {
        match self {
            Paper::Letter => "Letter".into(),
            Paper::A4 => "A4".into(),
            Paper::A3 => "A3".into(),
            Paper::Legal => "Legal".into(),
            Paper::Tabloid => "Tabloid".into(),
            Paper::Custom { .. } => {
                let (w, h) = self.size_mm();
                format!("{} × {} mm", mm_text(w), mm_text(h))
            }
        }
    }

    /// Width and height in millimetres, portrait (a custom size as given).
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::Letter => (215.9, 279.4),
            Paper::A4 => (210.0, 297.0),
            Paper::A3 => (297.0, 420.0),
            Paper::Legal => (215.9, 355.6),
            Paper::Tabloid => (279.4, 431.8),
            Paper::Custom { width, height } => {
                (f64::from(width) / 100.0, f64::from(height) / 100.0)
            }
        }
    }

    /// Width and height in PDF points, portrait (Letter is exactly 612 × 792).
    pub fn size_pt(self) -> (f64, f64) {
        let (w, h) = self.size_mm();
        (w / MM_PER_PT, h / MM_PER_PT)
    }

    /// The widest margin this paper takes, in whole millimetres: at most
    /// [`MAX_MARGIN_MM`], and no more than leaves the setup sheet
    /// [`SHEET_ROOM_MM`] across the narrow side (45 mm on A4, 47 mm on Letter).
    pub fn max_margin_mm(self) -> f64 {
        let (w, h) = self.size_mm();
        (((w.min(h) - SHEET_ROOM_MM) / 2.0 + 1e-9).floor()).clamp(0.0, MAX_MARGIN_MM)
    }

    /// Reads a paper name in any case (`A4`, `letter`) or a custom size
    /// `WIDTHxHEIGHT` followed by `mm`, `cm` or `in` (`210x297mm`, `11x17in`).
    pub fn parse(text: &str) -> Result<Paper, PaperError> {
        let t = text.trim().to_ascii_lowercase();
        if let Some(p) = Paper::NAMED.into_iter().find(|p| p.name() == t) {
            return Ok(p);
        }
        let unknown = || PaperError::Unknown(text.to_string());
        let (num, factor) = if let Some(n) = t.strip_suffix("mm") {
            (n, 1.0)
        } else if let Some(n) = t.strip_suffix("cm") {
            (n, 10.0)
        } else if let Some(n) = t.strip_suffix("in") {
            (n, 25.4)
        } else {
            return Err(unknown());
        };
        let (w, h) = num
            .split_once('x')
            .or_else(|| num.split_once('×'))
            .ok_or_else(unknown)?;
        let side = |v: &str| -> Result<u32, PaperError> {
            let v: f64 = v.trim().parse().map_err(|_| unknown())?;
            let mm = v * factor;
            if !mm.is_finite() || !(CUSTOM_PAPER_MM.0..=CUSTOM_PAPER_MM.1).contains(&mm) {
                return Err(PaperError::OutOfRange(text.to_string()));
            }
            Ok((mm * 100.0).round() as u32)
        };
        Ok(Paper::Custom {
            width: side(w)?,
            height: side(h)?,
        })
    }
}

/// How to lay the map out on paper.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PrintOptions {
    /// The paper size.
    pub paper: Paper,
    /// Unprinted border on every side, in millimetres (at least [`MIN_MARGIN_MM`]).
    pub margin_mm: f64,
    /// How much neighbouring pages repeat of each other, in millimetres.
    pub overlap_mm: f64,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            paper: Paper::Letter,
            margin_mm: 8.0,
            overlap_mm: 10.0,
        }
    }
}

pub use crate::core::text::mm_text;

/// Why a length was refused (the text is quoted as given).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LengthError {
    /// No `mm`, `cm`, `in` or `"` at the end.
    #[error("{0:?}: expected a length with a unit, such as 1in, 25mm or 2.5cm")]
    NoUnit(String),
    /// What comes before the unit is not a number.
    #[error("{0:?}: expected a number before the unit, such as 1in or 25mm")]
    NotANumber(String),
    /// Zero, negative or not finite.
    #[error("{0:?}: expected a positive length")]
    NotPositive(String),
}

/// Parses a length such as `1in`, `25mm`, `2.5cm` or `1.5in` into millimetres.
pub fn parse_length_mm(text: &str) -> Result<f64, LengthError> {
    let t = text.trim().to_ascii_lowercase();
    let (num, factor) = if let Some(n) = t.strip_suffix("mm") {
        (n, 1.0)
    } else if let Some(n) = t.strip_suffix("cm") {
        (n, 10.0)
    } else if let Some(n) = t.strip_suffix("in") {
        (n, 25.4)
    } else if let Some(n) = t.strip_suffix('"') {
        (n, 25.4)
    } else {
        return Err(LengthError::NoUnit(text.to_string()));
    };
    let v: f64 = num
        .trim()
        .parse()
        .map_err(|_| LengthError::NotANumber(text.to_string()))?;
    if !v.is_finite() || v <= 0.0 {
        return Err(LengthError::NotPositive(text.to_string()));
    }
    Ok(v * factor)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paper_sizes_are_exact() {
        let (w, h) = Paper::Letter.size_pt();
        assert!((w - 612.0).abs() < 1e-9 && (h - 792.0).abs() < 1e-9);
        let (w, h) = Paper::A4.size_pt();
        assert!((w - 595.2756).abs() < 1e-3 && (h - 841.8898).abs() < 1e-3);
        let (w, h) = Paper::Tabloid.size_pt();
        assert!((w - 792.0).abs() < 1e-9 && (h - 1224.0).abs() < 1e-9);
        let (w, h) = Paper::Legal.size_pt();
        assert!((w - 612.0).abs() < 1e-9 && (h - 1008.0).abs() < 1e-9);
        assert_eq!(Paper::A3.size_mm(), (297.0, 420.0));
    }

    #[test]
    fn the_widest_margin_leaves_the_setup_sheet_its_room() {
        assert_eq!(Paper::A4.max_margin_mm(), 45.0);
        assert_eq!(Paper::Letter.max_margin_mm(), 47.0);
        assert_eq!(Paper::A3.max_margin_mm(), MAX_MARGIN_MM);
        for paper in Paper::NAMED {
            let (w, h) = paper.size_mm();
            assert!(w.min(h) - 2.0 * paper.max_margin_mm() >= SHEET_ROOM_MM);
        }
    }

    #[test]
    fn paper_names_in_any_case_and_custom_sizes() {
        assert_eq!(Paper::parse("A4"), Ok(Paper::A4));
        assert_eq!(Paper::parse("Letter"), Ok(Paper::Letter));
        assert_eq!(Paper::parse("TABLOID"), Ok(Paper::Tabloid));
        assert_eq!(Paper::parse("a3"), Ok(Paper::A3));
        assert_eq!(Paper::parse("legal"), Ok(Paper::Legal));
        let a4 = Paper::parse("210x297mm").unwrap();
        assert_eq!(a4.size_mm(), (210.0, 297.0));
        assert_eq!(a4.name(), "210x297mm");
        assert_eq!(a4.label(), "210 × 297 mm");
        let t = Paper::parse("11X17in").unwrap();
        assert_eq!(t.size_mm(), (279.4, 431.8));
        assert_eq!(Paper::parse("21x29.7cm").unwrap().size_mm(), (210.0, 297.0));
        for bad in ["a5", "210x297", "x297mm", "210xmm", "axbmm", ""] {
            assert_eq!(
                Paper::parse(bad),
                Err(PaperError::Unknown(bad.into())),
                "{bad}"
            );
        }
        for bad in ["50x297mm", "210x3000mm", "-210x297mm", "1x1in"] {
            assert_eq!(
                Paper::parse(bad),
                Err(PaperError::OutOfRange(bad.into())),
                "{bad}"
            );
        }
    }

    #[test]
    fn lengths() {
        assert_eq!(parse_length_mm("1in"), Ok(25.4));
        assert_eq!(parse_length_mm("25mm"), Ok(25.0));
        assert_eq!(parse_length_mm("2.5cm"), Ok(25.0));
        assert_eq!(parse_length_mm("1.5in"), Ok(38.099999999999994));
        assert_eq!(parse_length_mm("25"), Err(LengthError::NoUnit("25".into())));
        assert_eq!(
            parse_length_mm("-1in"),
            Err(LengthError::NotPositive("-1in".into()))
        );
        assert_eq!(
            parse_length_mm("inin"),
            Err(LengthError::NotANumber("inin".into()))
        );
    }
}
