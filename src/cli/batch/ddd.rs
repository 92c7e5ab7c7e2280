//! The Dungeons Dark & Dangerous part of a batch (`batch --ruleset
//! dd-and-d`): each seed's board, its index row and rating (both sides by
//! the policy, as `simulate` plays them), and its folder as `generate`
//! writes it.

use super::args::{BatchArgs, Only};
use super::job::{
    Common, Game, MARKER, Row, already_written, fitting, rated_options, write_adventure,
};
use std::sync::atomic::Ordering;
use tilecrawl::core::index::{matches_all, matches_layout};
use tilecrawl::ddd::DddOptions;
use tilecrawl::ddd::batch::{self, CanStillMeet, IndexRow, Played, Rating};
use tilecrawl::ddd::play::simulate;
use tilecrawl::ddd::warparty::Warparty;
use tilecrawl::pack::PackOptions;

/// What `--simulate` plays each board with.
struct Rate {
    runs: u32,
    blue: Warparty,
    red: Warparty,
    /// Blue's and Red's war-parties as the sheet's words name them.
    named: (String, String),
    /// What the filters on the counts of wins keep (none: no such
    /// filter), to stop playing a board they can no longer keep.
    meet: Option<CanStillMeet>,
}

/// A batch of Dungeons Dark & Dangerous boards: what every seed is made
/// and rated with.
pub(super) struct DddBatch {
    options: DddOptions,
    /// How the map and the sheet are made (`--only all`).
    pack: Option<PackOptions>,
    /// `--simulate`: how each board is rated.
    rate: Option<Rate>,
}

impl DddBatch {
    /// The batch's options read and checked: the tile games' refused, the
    /// board's options, the pack options and the two sides loaded.
    pub(super) fn new(a: &BatchArgs) -> anyhow::Result<DddBatch> {
        a.dungeon
            .refuse_for_ddd(&a.floors, &[("--party", a.party.is_some())])?;
        let options = a.ddd.options()?;
        let pack = a.pack_options(crate::cli::ddd::pack_options)?;
        let rate = match a.simulate {
            None => None,
            Some(runs) => {
                let (blue, red) = a.ddd.sides()?;
                Some(Rate {
                    runs,
                    blue,
                    red,
                    named: a.ddd.sides_named(),
                    meet: CanStillMeet::new(&a.filters, runs),
                })
            }
        };
        Ok(DddBatch {
            options,
            pack,
            rate,
        })
    }

    /// The board of `seed`; a seed that cannot be set up is named.
    fn generate(&self, seed: u64) -> anyhow::Result<tilecrawl::ddd::DddScenario> {
        tilecrawl::ddd::generate(seed, &self.options)
            .map_err(|e| anyhow::Error::new(e).context(format!("seed {seed}")))
    }

    /// Plays a board `--simulate` times, as `simulate` plays it (and
    /// `generate --simulate`): its rating. With a filter on a count of
    /// wins the games are played in order on this thread, and `None` means
    /// the games played already leave no count that would meet it, so the
    /// rest were not played (the whole rating would miss it too, so the
    /// batch keeps the same boards); without one, the games are shared
    /// among the threads.
    fn rating(
        &self,
        c: &Common,
        s: &tilecrawl::ddd::DddScenario,
        rate: &Rate,
    ) -> anyhow::Result<Option<Rating>> {
        let Some(meet) = &rate.meet else {
            let rating = crate::cli::ddd::rate(s, &rate.blue, &rate.red, rate.runs, &|| {
                c.played.fetch_add(1, Ordering::Relaxed);
            })?;
            return Ok(Some(rating));
        };
        let opts = crate::cli::ddd::rate_options(s, rate.runs);
        let mut so_far = Played::default();
        let report = simulate::simulate_here_while(s, &rate.blue, &rate.red, &opts, |r| {
            c.played.fetch_add(1, Ordering::Relaxed);
            so_far.record(r);
            meet.can_meet(&so_far)
        })
        .map_err(|e| crate::cli::ddd::rate_error(s, e))?;
        Ok(report.map(|r| Rating::of(&r)))
    }
}

impl Game for DddBatch {
    fn marker(&self) -> &'static str {
        MARKER
    }

    fn csv_header(&self) -> String {
        batch::csv_header(self.rate.is_some())
    }

    fn adventure(&self, c: &Common, seed: u64) -> anyhow::Result<Option<Row>> {
        let s = self.generate(seed)?;
        let mut row = IndexRow::of(&s);
        if !matches_layout(c.filters, &row) {
            return Ok(None);
        }
        if let Some(rate) = &self.rate {
            row.rating = self.rating(c, &s, rate)?;
            if row.rating.is_none() || !matches_all(c.filters, &row) {
                return Ok(None);
            }
        }
        if c.only == Only::Index {
            return Ok(Some(Row::Ddd(row)));
        }
        let mut files = match &self.pack {
            Some(opts) => {
                let words = (row.rating.as_ref())
                    .zip(self.rate.as_ref())
                    .map(|(r, rate)| r.words(&rate.named.0, &rate.named.1));
                fitting(c, seed, &rated_options(opts, words), |o| {
                    tilecrawl::pack::ddd_adventure(&s, o)
                })?
            }
            None => vec![(
                MARKER.to_string(),
                tilecrawl::scenario::to_yaml(&s).into_bytes(),
            )],
        };
        row.files = files.iter().map(|(n, _)| n.clone()).collect();
        // scenario.yaml comes first; it is written last, so a folder with
        // it is complete.
        let marker = files.remove(0);
        let dir = c.out.join(seed.to_string());
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        if c.finished.contains(&seed) && already_written(&dir, &names, MARKER, &marker.1)? {
            return Ok(Some(Row::Ddd(row)));
        }
        files.push(marker);
        write_adventure(&dir, &files, c)?;
        Ok(Some(Row::Ddd(row)))
    }

    fn check_finished(&self, c: &Common, seed: u64) -> anyhow::Result<()> {
        // A seed that does not generate with these options was made with others.
        let yaml = self
            .generate(seed)
            .map(|s| tilecrawl::scenario::to_yaml(&s))
            .unwrap_or_default();
        let dir = c.out.join(seed.to_string());
        already_written(&dir, &[], MARKER, yaml.as_bytes()).map(|_| ())
    }
}
