//! The integration tests, one binary: each file is a module (`cargo test
//! --test it golden::` runs one of them). One binary links the crate and its
//! dependencies once, where twenty linked them twenty times; see the book's (docs/src/development.md)
//! Development section for what each module checks.

mod common;
mod pdfread;

mod batch;
mod campaign;
mod character_rolls;
mod characters;
mod cli;
mod cli_missions;
mod ddd_batch;
mod ddd_edges;
mod ddd_hostile;
mod ddd_play;
mod ddd_play_text;
mod ddd_properties;
mod determinism;
mod docs;
mod doors;
mod dw10;
mod dw10_batch;
mod dw10_campaign;
mod dw10_hostile;
mod dw10_play;
mod dw10_play_text;
mod formats;
mod golden;
mod hand_edits;
mod hardening;
mod help_examples;
mod hostile;
mod hostile_runs;
mod layers;
mod missions;
mod party_names;
mod pdf;
mod play;
mod play_args;
mod play_floors;
mod play_golden;
mod play_loaders;
mod play_missions;
mod play_saves;
mod print_map;
mod properties;
mod rating;
mod schema;
mod sheet;
mod simulate;
mod stdin;
mod toolchain;
mod usage;
mod ux;
mod voice;
mod vtt;
mod yaml_readers;
