//! Paper sizes and print options shared by the PDF outputs (map pages,
//! cut-outs, setup sheet).

/// Millimetres per PDF point (1 pt = 1/72 inch).
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// The narrowest margin tilecrawl prints with: what every home printer can reach.
pub const MIN_MARGIN_MM: f64 = 6.0;

/// A sheet of paper, portrait.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// US Letter, 8.5 × 11 in (612 × 792 pt).
    #[default]
    Letter,
    /// ISO A4, 210 × 297 mm.
    A4,
}

impl Paper {
    /// `letter` or `a4`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::Letter => "letter",
            Paper::A4 => "a4",
        }
    }

    /// Width and height in millimetres, portrait.
    pub fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::Letter => (215.9, 279.4),
            Paper::A4 => (210.0, 297.0),
        }
    }

    /// Width and height in PDF points, portrait (Letter is exactly 612 × 792).
    pub fn size_pt(self) -> (f64, f64) {
        let (w, h) = self.size_mm();
        (w / MM_PER_PT, h / MM_PER_PT)
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

/// A length in millimetres to two decimals, without needless zeros
/// (`25.40` → `25.4`, `25.00` → `25`), as the map, the sheet and the PDFs
/// print it.
pub fn mm_text(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

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
