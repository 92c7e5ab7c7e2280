//! What every stage uses and no game knows about: seeded dice, geometry,
//! YAML reading and writing, files and digests, text fit for a terminal.

pub mod complete;
pub mod dial;
pub mod dice;
pub mod digest;
pub mod fs;
pub mod geom;
pub mod index;
pub mod recent;
pub mod reuse;
pub mod stats;
pub mod text;
pub mod yaml;
pub mod yaml_emit;
