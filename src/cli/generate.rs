//! `tilecrawl generate`.

use anyhow::bail;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use tilecrawl::generate::{GenerateError, GenerateParams, generate};
use tilecrawl::layout::{ExitDice, LayoutParams, Table};
use tilecrawl::ruleset::{Difficulty, SetupParams};
use tilecrawl::scenario::{Scenario, WmtColor};
use tilecrawl::tileset::{self, TileKind};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum ExitDiceArg {
    /// One fair roll over the numbered exits.
    Fair,
    /// As at the table: 1d6, 2d6, 3d6… summed, re-rolled until it names an exit.
    Tabletop,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum DifficultyArg {
    /// Mostly level-1 chests.
    Easy,
    /// Mostly level-2 chests.
    Normal,
    /// Mostly level-3 chests.
    Hard,
}

impl From<ExitDiceArg> for ExitDice {
    fn from(a: ExitDiceArg) -> ExitDice {
        match a {
            ExitDiceArg::Fair => ExitDice::Fair,
            ExitDiceArg::Tabletop => ExitDice::Tabletop,
        }
    }
}

impl From<DifficultyArg> for Difficulty {
    fn from(a: DifficultyArg) -> Difficulty {
        match a {
            DifficultyArg::Easy => Difficulty::Easy,
            DifficultyArg::Normal => Difficulty::Normal,
            DifficultyArg::Hard => Difficulty::Hard,
        }
    }
}

/// How the tile set is named in a scenario: `mkd-builder` or the file's name.
pub(crate) fn tileset_label(path: &std::path::Path) -> String {
    if path.as_os_str() == tileset::DEFAULT_TILESET_NAME {
        tileset::DEFAULT_TILESET_NAME.to_string()
    } else {
        path.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| path.display().to_string())
    }
}

/// The options that shape a dungeon, shared by `generate` and `batch`.
#[derive(Debug, Args)]
pub(crate) struct DungeonArgs {
    /// Number of 5-tile sets in the Dungeon Stack (1 set ≈ 15 minutes of play).
    #[arg(long, default_value_t = 2)]
    pub(crate) sets: u32,
    /// Total point value of the heroic teams; sets the WMT colours.
    #[arg(long, default_value_t = 95)]
    hero_value: u32,
    /// Tile-set YAML file, or `mkd-builder` for the embedded set.
    #[arg(long, default_value = tileset::DEFAULT_TILESET_NAME, value_name = "FILE")]
    tileset: PathBuf,
    /// Monster list YAML for the Monster Pool (default: the embedded list).
    #[arg(long, value_name = "FILE")]
    monsters: Option<PathBuf>,
    /// Play surface: squares (`72x48`) or a physical size (`72x48in`,
    /// `180x120cm`, `1800x1200mm`), converted with the tile set's square size.
    #[arg(long, default_value = "72x48", value_name = "WxH")]
    table: String,
    /// How an exit is rolled for the next tile.
    #[arg(long, value_enum, default_value = "fair")]
    exit_dice: ExitDiceArg,
    /// Chest level mix.
    #[arg(long, value_enum, default_value = "normal")]
    difficulty: DifficultyArg,
    /// Lay the optional hindering/water markers (1d6−2 per tile).
    #[arg(long)]
    markers: bool,
    /// Add an artifact or dressing set per chamber to the accessories pool.
    #[arg(long)]
    dressing: bool,
    /// Rule system that sets the dungeon up.
    #[arg(long, default_value = "mkd-adventure", value_parser = ["mkd-adventure"])]
    ruleset: String,
    /// Mission.
    #[arg(long, default_value = "quest", value_parser = ["quest"])]
    mission: String,
}

impl DungeonArgs {
    /// Loads the tile set and monster list and builds the parameters for `seed`.
    pub(crate) fn load(&self, seed: u64) -> anyhow::Result<(tileset::TileSet, GenerateParams)> {
        let ts = tileset::load(&self.tileset)?;
        let monsters = match &self.monsters {
            Some(p) => tilecrawl::monsters::load(p)?,
            None => tilecrawl::monsters::default_monsters(),
        };
        let table = parse_table(&self.table, ts.square_mm)?;
        let params = GenerateParams {
            seed,
            layout: LayoutParams {
                sets: self.sets,
                table,
                exit_dice: self.exit_dice.into(),
            },
            setup: SetupParams {
                hero_value: self.hero_value,
                sets: self.sets,
                difficulty: self.difficulty.into(),
                dressing: self.dressing,
                monsters,
            },
            ruleset: self.ruleset.clone(),
            mission: self.mission.clone(),
            markers: self.markers,
            tileset_label: tileset_label(&self.tileset),
            log: true,
        };
        Ok((ts, params))
    }
}

/// Options of `tilecrawl generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// Master seed. The same seed, options, tile set and version give the same
    /// dungeon byte for byte. Default: a new seed, printed so you can repeat it.
    #[arg(long)]
    seed: Option<u64>,
    #[command(flatten)]
    dungeon: DungeonArgs,
    #[command(flatten)]
    output: super::outputs::OutputArgs,
    /// Output folder. Default: output/<seed>.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Replace files that already exist in the output folder.
    #[arg(long)]
    force: bool,
    /// Print nothing but errors.
    #[arg(long, short)]
    quiet: bool,
}

/// Parses `WxH` with an optional unit into squares.
pub(crate) fn parse_table(spec: &str, square_mm: f64) -> anyhow::Result<Table> {
    let s = spec.trim().to_ascii_lowercase();
    let (num, unit_mm) = if let Some(n) = s.strip_suffix("in") {
        (n, Some(25.4))
    } else if let Some(n) = s.strip_suffix("cm") {
        (n, Some(10.0))
    } else if let Some(n) = s.strip_suffix("mm") {
        (n, Some(1.0))
    } else if let Some(n) = s.strip_suffix("ft") {
        (n, Some(304.8))
    } else {
        (s.as_str(), None)
    };
    let bad = || {
        anyhow::anyhow!(
            "--table {spec:?}: expected WxH in squares (72x48) or with a unit (72x48in, 180x120cm, 1800x1200mm, 6x4ft)"
        )
    };
    let (w, h) = num.split_once('x').ok_or_else(bad)?;
    let (w, h) = (w.trim(), h.trim());
    let (w, h) = match unit_mm {
        None => (
            w.parse::<u32>().map_err(|_| bad())?,
            h.parse::<u32>().map_err(|_| bad())?,
        ),
        Some(mm) => {
            let w: f64 = w.parse().map_err(|_| bad())?;
            let h: f64 = h.parse().map_err(|_| bad())?;
            if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0) {
                return Err(bad());
            }
            let sq = |v: f64| (v * mm / square_mm + 1e-9).floor().min(f64::from(u32::MAX)) as u32;
            (sq(w), sq(h))
        }
    };
    if w == 0 || h == 0 {
        bail!("--table {spec:?} holds no whole square");
    }
    Ok(Table {
        width: w,
        height: h,
    })
}

// The binary, not the library, picks a new seed when none is given; it is
// printed so the dungeon can be made again with --seed.
#[allow(clippy::disallowed_methods)]
pub(crate) fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mut x = nanos as u64 ^ (nanos >> 64) as u64 ^ u64::from(std::process::id());
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x % 1_000_000
}

pub fn run(a: GenerateArgs) -> anyhow::Result<()> {
    let seed = a.seed.unwrap_or_else(fresh_seed);
    let (ts, params) = a.dungeon.load(seed)?;
    let scenario = match generate(&ts, &params) {
        Ok(s) => s,
        // Only a failed build depends on the seed; say which one.
        Err(e @ GenerateError::NoBuild { .. }) => {
            return Err(anyhow::Error::new(e).context(format!("seed {seed}")));
        }
        Err(e) => return Err(e.into()),
    };
    let yaml = tilecrawl::scenario::to_yaml(&scenario);
    let mut files = vec![("scenario.yaml", yaml.into_bytes())];
    files.extend(a.output.render(&scenario)?);
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(seed.to_string()));
    let refs: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (*n, b.as_slice())).collect();
    super::outputs::write_outputs(&out, &refs, a.force)?;
    if !a.quiet {
        print!("{}", summary(&scenario));
        println!("wrote {}", super::outputs::listing(&out, &refs));
    }
    Ok(())
}

/// The short terminal summary of a generated scenario.
fn summary(s: &Scenario) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let halls = s
        .tiles
        .iter()
        .filter(|t| t.kind == TileKind::Hallway)
        .count();
    let _ = writeln!(
        o,
        "seed {}: {} tiles placed ({} hallways, {} chambers) from {} set(s) of {}; dungeon {}×{} squares",
        s.seed,
        s.tiles.len(),
        halls,
        s.tiles.len() - halls,
        s.params.sets,
        s.params.tileset,
        s.size.width,
        s.size.height
    );
    let e = &s.entrance;
    let _ = writeln!(
        o,
        "entrance: {} ({} side, square {},{})",
        s.tiles[e.tile].id,
        e.side.name(),
        e.x,
        e.y
    );
    let cc = &s.central_chamber;
    let _ = writeln!(
        o,
        "Central Chamber: {}, {} tiles from the entrance",
        s.tiles[cc.tile].id, cc.depth
    );
    if let Some(q) = s.chests.iter().find(|c| c.quest) {
        let _ = writeln!(
            o,
            "Quest Chest: level {} on {},{} facing {}",
            q.level,
            q.x,
            q.y,
            q.facing.name()
        );
    }
    if let Some(g) = s.wmts.iter().find(|w| w.guardian) {
        let _ = writeln!(
            o,
            "Guardian WMT: {} {} on {},{} (+{} to its reveal)",
            g.color.name(),
            g.number,
            g.x,
            g.y,
            s.pools.guardian_reveal_bonus
        );
    }
    let count = |c: WmtColor| s.pools.wmts.iter().filter(|t| t.color == c).count();
    let _ = writeln!(
        o,
        "WMTs: {} on the map; pool {} yellow, {} blue, {} red (+{} to reveals); {} chests in the pool",
        s.wmts.len(),
        count(WmtColor::Yellow),
        count(WmtColor::Blue),
        count(WmtColor::Red),
        s.pools.wmt_reveal_bonus,
        s.pools.chests.len()
    );
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_units() {
        assert_eq!(
            parse_table("72x48", 25.4).unwrap(),
            Table {
                width: 72,
                height: 48
            }
        );
        assert_eq!(
            parse_table("72x48in", 25.4).unwrap(),
            Table {
                width: 72,
                height: 48
            }
        );
        assert_eq!(
            parse_table("180x120cm", 25.4).unwrap(),
            Table {
                width: 70,
                height: 47
            }
        );
        assert_eq!(
            parse_table("6x4ft", 25.4).unwrap(),
            Table {
                width: 72,
                height: 48
            }
        );
        assert_eq!(
            parse_table("100x50cm", 25.0).unwrap(),
            Table {
                width: 40,
                height: 20
            }
        );
        assert!(parse_table("72", 25.4).is_err());
        assert!(parse_table("-3x4", 25.4).is_err());
        assert!(parse_table("0.1x0.1in", 25.4).is_err());
        assert!(parse_table("nanxnanin", 25.4).is_err());
    }
}
