//! The automatic heroes choices (simulate.rs).
use super::*;
