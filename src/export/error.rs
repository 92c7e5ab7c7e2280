//! Why an export failed.

/// Why a map could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The DPI is outside what the PNG encoder accepts.
    #[error("a resolution of {dpi} DPI is not supported; expected 1 to {max}")]
    Dpi {
        /// The requested DPI.
        dpi: u32,
        /// The highest DPI supported.
        max: u32,
    },
    /// The PNG would be more than [`crate::export::MAX_SIDE_PX`] pixels on a side.
    #[error(
        "the map would be {width}×{height} px at {dpi} DPI; the limit is 30,000 px a side: lower --dpi ({fits_dpi} DPI fits); {}",
        paper_advice(*.print)
    )]
    TooLarge {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
        /// The requested DPI.
        dpi: u32,
        /// The highest DPI at which the map fits.
        fits_dpi: u32,
        /// PDFs were asked for too (`--print`): the advice then does not
        /// suggest them. Set by [`ExportError::with_print`].
        print: bool,
    },
    /// The Universal VTT image would be more than
    /// [`crate::export::uvtt::MAX_SIDE`] pixels on a side.
    #[error(
        "--vtt-grid {pixels_per_grid}: the {columns}×{rows}-square map would be a {width}×{height} px VTT image, and importers load at most 16384 px a side (the largest browser canvas and WebGL texture); {}",
        vtt_advice(*.fits, *.columns, *.rows)
    )]
    VttTooLarge {
        /// Map width in squares.
        columns: u32,
        /// Map height in squares.
        rows: u32,
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
        /// The requested pixels per square.
        pixels_per_grid: u32,
        /// The most pixels per square that fit, if any that is allowed does.
        fits: Option<u32>,
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
    /// The PNG could not be written out.
    #[error("cannot write the PNG")]
    Write(#[source] std::io::Error),
}

/// What the PNG-size error says of the PDFs: the map's PNG is written
/// whether or not they are, and they do not depend on the DPI, so a lower
/// DPI loses nothing on paper.
fn paper_advice(print: bool) -> &'static str {
    if print {
        "the PDFs of --print stay at 100 % whatever the DPI"
    } else {
        "for paper, --print letter|a4 makes PDFs at 100 % whatever the DPI"
    }
}

/// What the VTT-size error advises: the largest `--vtt-grid` that fits, or
/// that none does.
fn vtt_advice(fits: Option<u32>, columns: u32, rows: u32) -> String {
    match fits {
        Some(px) => format!("use --vtt-grid {px} or less"),
        None if columns == 0 || rows == 0 => "the map has no squares".into(),
        None => format!(
            "even the smallest, --vtt-grid {}, is too large for {} squares a side",
            crate::export::uvtt::PIXELS_PER_GRID.0,
            columns.max(rows)
        ),
    }
}

impl ExportError {
    /// The error as met by an export that was asked for PDFs (`print`) or
    /// not, so a PNG too large is explained in the terms of what was given.
    #[must_use]
    pub fn with_print(self, print: bool) -> Self {
        match self {
            ExportError::TooLarge {
                width,
                height,
                dpi,
                fits_dpi,
                ..
            } => ExportError::TooLarge {
                width,
                height,
                dpi,
                fits_dpi,
                print,
            },
            other => other,
        }
    }
}
