//! The setup sheet: everything a player lays out before the first turn, in
//! the order it goes on the table — the tile pick list with a diagram of each
//! tile as laid, where every chest, WMT and marker goes, the pools kept aside,
//! and the setup dice log.
//!
//! [`setup_sheet`] gathers it from a [`crate::mkd::scenario::Scenario`] into a [`SetupSheet`];
//! [`setup_markdown`] writes it for screens (`setup.md`) and [`setup_pdf`] for
//! the printer (`setup.pdf`). Both walk the same list of sections, so they say
//! the same things in the same order.
//!
//! ```text
//! Scenario ──setup_sheet──▶ SetupSheet ──sections──▶ Markdown
//!                                                 └──▶ pages of ops ──krilla──▶ PDF
//! ```

mod content;
mod dw10;
mod markdown;
mod pdf;
pub(super) mod tags;
#[cfg(test)]
mod tests;

pub use crate::mkd::sheet::*;
pub(crate) use content::{Part, Section, Table};
pub use dw10::{dm_markdown, dm_pdf};
pub(crate) use markdown::rolls_md;
pub use markdown::{setup_markdown, sheet_markdown};
pub(crate) use pdf::sections_pdf;
pub use pdf::{setup_pdf, sheet_pdf};
