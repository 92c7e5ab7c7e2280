//! The options of `tilecrawl batch` (not `batch merge`), shared by the
//! driver and each game's part of a batch.

use clap::{Args, ValueEnum};
use std::path::PathBuf;
use tilecrawl::core::index::{Columns, Condition};
use tilecrawl::pack::PackOptions;
use tilecrawl::rules::RulesetId;

/// What each adventure gets on disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(super) enum Only {
    /// No adventure folders: only index.csv, index.yaml and batch.yaml.
    Index,
    /// scenario.yaml in each adventure folder (with --floors: dungeon.yaml
    /// and each floor's scenario.yaml).
    Yaml,
    /// What `generate` writes: scenario.yaml, map.svg, map.png, setup.md (and the PDFs with --print).
    All,
}

/// One machine's share of a batch: `index` of `count`, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Shard {
    pub(super) index: u64,
    pub(super) count: u64,
}

pub(super) fn parse_shard(s: &str) -> Result<Shard, String> {
    let bad = || format!("expected I/N with 1 ≤ I ≤ N, e.g. 3/8; got {s:?}");
    let (i, n) = s.split_once('/').ok_or_else(bad)?;
    let index: u64 = i.trim().parse().map_err(|_| bad())?;
    let count: u64 = n.trim().parse().map_err(|_| bad())?;
    if index == 0 || count == 0 || index > count {
        return Err(bad());
    }
    Ok(Shard { index, count })
}

/// Reads a `--filter` before the game is known: a column of any game's
/// index passes here, and the batch checks it against its own game's
/// columns ([`columns_of`]). An unknown column is told with the nearest
/// one of the MKD Adventure's columns, or else of another game's.
fn parse_filter(s: &str) -> Result<Condition, String> {
    let games = [
        &tilecrawl::mkd::batch::COLUMNS,
        &tilecrawl::dw10::batch::COLUMNS,
        &tilecrawl::ddd::batch::COLUMNS,
    ];
    let mut errors = Vec::new();
    for columns in games {
        match Condition::parse(s, columns) {
            Ok(c) => return Ok(c),
            Err(e) => errors.push(e.why),
        }
    }
    // The MKD Adventure's error, unless only another game's names a
    // column near the one typed.
    let first = errors.remove(0);
    if first.contains("did you mean") {
        return Err(first);
    }
    Err(errors
        .into_iter()
        .find(|e| e.contains("did you mean"))
        .unwrap_or(first))
}

/// The filter columns of a game's index.
pub(super) fn columns_of(ruleset: RulesetId) -> &'static Columns {
    match ruleset {
        RulesetId::MkdAdventure => &tilecrawl::mkd::batch::COLUMNS,
        RulesetId::DungeonWorld10mm => &tilecrawl::dw10::batch::COLUMNS,
        RulesetId::DdAndD => &tilecrawl::ddd::batch::COLUMNS,
    }
}

/// `--filter` in `batch --help`: the short help, then every game's columns
/// (an unknown column's error points here).
fn filter_long_help() -> String {
    format!(
        "Keep only adventures whose index meets COLUMN OP NUMBER (`depth>=5`, `dead_ends<=3`; OP one of >= <= > < == !=). Repeat for AND.\n\nCOLUMN is one of, for {}: {}.\n\nFor {}: {}.\n\nFor {}: {}.",
        RulesetId::MkdAdventure,
        tilecrawl::mkd::batch::COLUMNS.help(),
        RulesetId::DungeonWorld10mm,
        tilecrawl::dw10::batch::COLUMNS.help(),
        RulesetId::DdAndD,
        tilecrawl::ddd::batch::COLUMNS.help()
    )
}

/// Options of `tilecrawl batch`.
#[derive(Debug, Args)]
pub(super) struct BatchArgs {
    /// Number of adventures (the whole batch, over all shards).
    #[arg(
        long = "count",
        id = "count",
        value_name = "COUNT",
        required = true,
        value_parser = crate::cli::usage::whole::<u64>(1, u64::MAX)
    )]
    pub(super) given_count: Option<u64>,
    /// `--count`, once given (clap requires it unless `merge` is run).
    #[arg(skip)]
    pub(super) count: u64,
    /// First seed; the batch uses seed-start … seed-start+count−1 (more with --filter).
    #[arg(long, default_value_t = 1)]
    pub(super) seed_start: u64,
    #[command(flatten)]
    pub(super) dungeon: crate::cli::generate::DungeonArgs,
    #[command(flatten)]
    pub(super) floors: crate::cli::generate::FloorsArgs,
    #[command(flatten)]
    pub(super) ddd: crate::cli::ddd::DddArgs,
    #[command(flatten)]
    pub(super) output: crate::cli::outputs::OutputArgs,
    /// Output folder: index.csv, index.yaml, batch.yaml (which shard, finished or
    /// not) and a folder per adventure named by its seed.
    #[arg(
        long = "out",
        id = "out",
        value_name = "DIR",
        required = true,
        value_parser = crate::cli::outputs::out_dir()
    )]
    pub(super) given_out: Option<PathBuf>,
    /// `--out`, once given.
    #[arg(skip)]
    pub(super) out: PathBuf,
    /// What to write per adventure.
    #[arg(long, value_enum, default_value = "all")]
    pub(super) only: Only,
    /// Threads (default: all cores). The result does not depend on it.
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u64>(1, 1024))]
    pub(super) jobs: Option<u64>,
    /// Do only share I of N: the adventures whose position k (0-based from
    /// seed-start) has k % N == I−1. The shards' indexes merge into the whole.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub(super) shard: Option<Shard>,
    /// Keep only adventures whose index meets COLUMN OP NUMBER (`depth>=5`,
    /// `dead_ends<=3`; OP one of >= <= > < == !=). Repeat for AND.
    #[arg(long = "filter", value_name = "EXPR", value_parser = parse_filter,
          long_help = filter_long_help())]
    pub(super) filters: Vec<Condition>,
    /// Play every adventure N times with the automatic heroes (as `simulate`
    /// does, its dice seeded by the adventure's seed) and add how it played
    /// to the index: runs, win_rate with its 95 % interval, heroes_lost,
    /// and median_turns (MKD Adventure) or mean_moves (Dungeon World 10 mm);
    /// for Dungeons Dark & Dangerous, both sides played by the policy,
    /// blue_win_rate with its interval, red_win_rate, attacker_win_rate and
    /// mean_rounds.
    /// Filters may then test them (`--filter win_rate>=0.4`). Each sheet
    /// written says how it plays, as `generate --simulate`'s does.
    #[arg(long, value_name = "N", value_parser = crate::cli::usage::whole::<u32>(1, 100_000))]
    pub(super) simulate: Option<u32>,
    /// With --simulate: the heroes (a `tilecrawl-party/1` file, or for
    /// Dungeon World 10 mm a `tilecrawl-dw10-party/1` one). Default: the
    /// game's embedded party.
    #[arg(long, value_name = "FILE", requires = "simulate")]
    pub(super) party: Option<PathBuf>,
    /// With --filter: seeds tried per adventure before the batch gives up.
    #[arg(long, default_value_t = 100, value_parser = crate::cli::usage::whole::<u64>(1, u64::MAX))]
    pub(super) max_attempts: u64,
    /// Finish an interrupted batch in --out: skip adventures whose folder is finished.
    #[arg(long)]
    pub(super) resume: bool,
    /// Write into a non-empty --out, leaving it as a fresh run would: files
    /// of the same names replaced, and what an earlier run wrote that this
    /// one does not (its files, adventure folders past the count) removed.
    #[arg(long)]
    pub(super) force: bool,
    /// No progress bar and no summary; only errors.
    #[arg(long, short)]
    pub(super) quiet: bool,
    /// Flush every file to the disk (fsync) before it is renamed into place:
    /// slower, but a power cut cannot lose a finished adventure.
    #[arg(long)]
    pub(super) sync: bool,
}

impl BatchArgs {
    /// The options that shape the adventures' files beyond their scenario
    /// (which `--resume` compares itself), as the note records them:
    /// `--only`, `--filter`, `--simulate` and its `--party`, and with
    /// `--only all` the map and print options.
    /// In the order the options are compared (a switch before the
    /// options that need it).
    pub(super) fn recorded_options(&self) -> Vec<(String, String)> {
        let only = match self.only {
            Only::Index => "index",
            Only::Yaml => "yaml",
            Only::All => "all",
        };
        let filters: Vec<String> = self.filters.iter().map(ToString::to_string).collect();
        let mut v: Vec<(&str, String)> = vec![
            ("only", only.to_string()),
            (
                "filter",
                if filters.is_empty() {
                    "off".to_string()
                } else {
                    filters.join(" --filter ")
                },
            ),
            (
                "simulate",
                self.simulate.map_or("off".to_string(), |n| n.to_string()),
            ),
            (
                "party",
                self.party
                    .as_ref()
                    .map_or("off".to_string(), |p| crate::cli::outputs::recorded_file(p)),
            ),
        ];
        if self.only == Only::All {
            v.extend(self.output.recorded());
        }
        v.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
    }

    /// How an adventure's maps and sheets are made with `--only all`, by
    /// the game's reading of the output options (`options`). With `--only
    /// index` or `yaml` none are made, and a map or print option given is
    /// refused, as it would shape files the batch does not write.
    pub(super) fn pack_options(
        &self,
        options: impl FnOnce(&crate::cli::outputs::OutputArgs) -> anyhow::Result<PackOptions>,
    ) -> anyhow::Result<Option<PackOptions>> {
        if self.only == Only::All {
            return options(&self.output).map(Some);
        }
        let given = self.output.given();
        if !given.is_empty() {
            let only = if self.only == Only::Index {
                "index"
            } else {
                "yaml"
            };
            bail_usage!(
                "{} shape{} the maps and sheets, which --only {only} does not write; drop {} or use --only all",
                given.join(", "),
                if given.len() == 1 { "s" } else { "" },
                if given.len() == 1 { "it" } else { "them" }
            );
        }
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse() {
        assert_eq!(parse_shard("3/8"), Ok(Shard { index: 3, count: 8 }));
        assert!(parse_shard("0/8").is_err());
        assert!(parse_shard("9/8").is_err());
        assert!(parse_shard("1/0").is_err());
        assert!(parse_shard("3").is_err());
    }

    #[test]
    fn a_filter_may_name_a_column_of_either_game() {
        assert_eq!(parse_filter("depth>=5").unwrap().column, "depth");
        assert_eq!(parse_filter("mean_moves<30").unwrap().column, "mean_moves");
        assert!(parse_filter("win_rate>=0.4").unwrap().needs_rating());
        // The nearest column is named from the game that has one near.
        assert!(
            parse_filter("dpth>=5")
                .unwrap_err()
                .contains("did you mean depth?")
        );
        assert!(
            parse_filter("mean_move<3")
                .unwrap_err()
                .contains("did you mean mean_moves?")
        );
        assert!(
            parse_filter("colour>=1")
                .unwrap_err()
                .contains("unknown column")
        );
        for r in [
            RulesetId::MkdAdventure,
            RulesetId::DungeonWorld10mm,
            RulesetId::DdAndD,
        ] {
            let columns = columns_of(r);
            assert!(columns.contains("seed") && columns.contains("runs"));
            assert!(filter_long_help().contains(&columns.help()));
        }
        assert!(!columns_of(RulesetId::MkdAdventure).contains("mean_moves"));
        assert!(!columns_of(RulesetId::DungeonWorld10mm).contains("depth"));
        assert!(columns_of(RulesetId::DdAndD).contains("locked_doors"));
        assert!(parse_filter("blue_win_rate>=0.4").unwrap().needs_rating());
        assert!(
            parse_filter("blue_winrate>=0.4")
                .unwrap_err()
                .contains("did you mean blue_win_rate?")
        );
    }
}
