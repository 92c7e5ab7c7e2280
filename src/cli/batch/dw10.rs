//! The Dungeon World 10 mm part of a batch (`batch --ruleset
//! dungeon-world-10mm`): each seed's scenario, its index row and rating
//! (the automatic heroes against the Draken Master, as `simulate` plays
//! them), and its folder as `generate` writes it.

use super::args::{BatchArgs, Only};
use super::job::{
    Common, Game, MARKER, Row, already_written, fitting, rated_options, write_adventure,
};
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};
use tilecrawl::build::BuildError;
use tilecrawl::core::index::{WinsThatMeet, matches_all, matches_layout};
use tilecrawl::dw10::batch::{self, IndexRow};
use tilecrawl::dw10::figures::Figures;
use tilecrawl::dw10::play::party::Party;
use tilecrawl::dw10::play::simulate::{self, Rating, RunEnd, SimOptions};
use tilecrawl::dw10::setup::{self, GenerateError, GenerateParams};
use tilecrawl::dw10::tables::Tables;
use tilecrawl::pack::PackOptions;
use tilecrawl::tileset::TileSet;

/// What `--simulate` plays each scenario with.
struct Rate {
    runs: u32,
    party: Party,
    /// The party in the rating's words on a sheet, as `generate
    /// --simulate` names it.
    who: String,
    figures: Arc<Figures>,
    tables: Arc<Tables>,
    /// What the filters on the win rate and its interval keep (none: no
    /// such filter), to stop playing a scenario they can no longer keep.
    meet: Option<WinsThatMeet>,
}

/// A batch of Dungeon World 10 mm scenarios: what every seed is made and
/// rated with.
pub(super) struct Dw10Batch {
    tileset: TileSet,
    params: GenerateParams,
    /// How the maps and the sheet are made (`--only all`).
    pack: Option<PackOptions>,
    /// The names of the files `--only all` writes besides the scenario
    /// that depend only on the options (not the VTT files', named by
    /// seed), once known, so a resumed batch does not draw finished maps
    /// again.
    export_names: OnceLock<Vec<String>>,
    /// `--simulate`: how each scenario is rated.
    rate: Option<Rate>,
}

impl Dw10Batch {
    /// The batch's options read and checked: the MKD Adventure's own
    /// refused, the tile set, the pack options and the party loaded.
    pub(super) fn new(a: &BatchArgs) -> anyhow::Result<Dw10Batch> {
        // The command line's checks first (exit 2), then the files.
        a.dungeon.refuse_for_dw10(&a.floors)?;
        let pack = a.pack_options(|o| o.options())?;
        let (tileset, mut params) = a.dungeon.load_dw10(
            a.seed_start,
            &a.floors,
            setup::DEFAULT_KILLS,
            Arc::new(tilecrawl::dw10::conditions::shared().clone()),
        )?;
        // The index needs no roll log.
        params.log = a.only != Only::Index;
        let rate = match a.simulate {
            None => None,
            Some(runs) => {
                let (party, who) =
                    crate::cli::play_dw10::rating_party(a.party.as_deref(), a.quiet)?;
                Some(Rate {
                    runs,
                    party,
                    who,
                    figures: Arc::new(tilecrawl::dw10::figures::embedded()),
                    tables: Arc::new(tilecrawl::dw10::tables::embedded()),
                    meet: WinsThatMeet::new(&a.filters, runs),
                })
            }
        };
        Ok(Dw10Batch {
            tileset,
            params,
            pack,
            export_names: OnceLock::new(),
            rate,
        })
    }

    /// The scenario of `seed`; a seed that cannot be built is named.
    fn generate(&self, seed: u64) -> anyhow::Result<tilecrawl::dw10::Scenario> {
        let params = GenerateParams {
            seed,
            ..self.params.clone()
        };
        match setup::generate(&self.tileset, &params) {
            Ok(s) => Ok(s),
            Err(e @ GenerateError::Build(BuildError::NoBuild { .. })) => {
                Err(anyhow::Error::new(e).context(format!("seed {seed}")))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Plays a scenario `--simulate` times, as `simulate` does on its seed
    /// (the default move limit, the text's spawning): its rating. With a
    /// filter on the win rate the runs are played in order on this thread,
    /// and `None` means the runs played already leave no count of wins
    /// that would meet it, so the rest were not played (the whole rating
    /// would miss it too, so the batch keeps the same scenarios); without
    /// one, the runs are shared among the threads.
    fn rating(
        &self,
        c: &Common,
        s: &Arc<tilecrawl::dw10::Scenario>,
        rate: &Rate,
    ) -> Option<Rating> {
        let opts = SimOptions {
            runs: rate.runs,
            seed: s.seed,
            max_moves: simulate::DEFAULT_MAX_MOVES,
            scaled_down: false,
        };
        let (party, figures, tables) = (&rate.party, &rate.figures, &rate.tables);
        let Some(meet) = &rate.meet else {
            let report = simulate::simulate(s, party, figures, tables, &opts, &|| {
                c.played.fetch_add(1, Ordering::Relaxed);
            });
            return Some(Rating::of(&report));
        };
        let (mut wins, mut played) = (0, 0);
        let report = simulate::simulate_here_while(s, party, figures, tables, &opts, |r| {
            c.played.fetch_add(1, Ordering::Relaxed);
            wins += u32::from(r.end == RunEnd::HeroesWin);
            played += 1;
            meet.can_meet(wins, played)
        });
        report.ok().map(|r| Rating::of(&r))
    }

    /// The files `--only all` writes for a scenario besides
    /// `scenario.yaml` (the marker, written apart), with its rating on the
    /// Draken Master's sheet.
    fn exports(
        &self,
        c: &Common,
        s: &tilecrawl::dw10::Scenario,
        rating: Option<&Rating>,
    ) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
        let opts = self.pack.as_ref().expect("--only all has pack options");
        let words = rating
            .zip(self.rate.as_ref())
            .map(|(r, rate)| r.words(&rate.who));
        let opts = rated_options(opts, words);
        let mut files = fitting(c, s.seed, &opts, |o| tilecrawl::pack::dw10_files(s, o))?;
        debug_assert_eq!(files[0].0, MARKER);
        files.remove(0);
        Ok(files)
    }
}

impl Game for Dw10Batch {
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
        let s = Arc::new(s);
        if let Some(rate) = &self.rate {
            row.rating = self.rating(c, &s, rate);
            if row.rating.is_none() || !matches_all(c.filters, &row) {
                return Ok(None);
            }
        }
        if c.only == Only::Index {
            return Ok(Some(Row::Dw10(row)));
        }
        let yaml = tilecrawl::dw10::scenario::to_yaml(&s).into_bytes();
        let mut rendered = None;
        let names: Vec<String> = match c.only {
            Only::All => {
                let mut names = match self.export_names.get() {
                    Some(n) => n.clone(),
                    None => {
                        let files = self.exports(c, &s, row.rating.as_ref())?;
                        let n = super::job::option_names(&files);
                        let _ = self.export_names.set(n.clone());
                        rendered = Some(files);
                        n
                    }
                };
                if self.pack.as_ref().is_some_and(|p| p.vtt.is_some()) {
                    names.extend(tilecrawl::export::uvtt::file_names(&*s, None));
                }
                names
            }
            _ => Vec::new(),
        };
        row.files = std::iter::once(MARKER.to_string())
            .chain(names.iter().cloned())
            .collect();
        let dir = c.out.join(seed.to_string());
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        if c.finished.contains(&seed) && already_written(&dir, &refs, MARKER, &yaml)? {
            return Ok(Some(Row::Dw10(row)));
        }
        let mut files = match rendered {
            Some(f) => f,
            None if c.only == Only::All => self.exports(c, &s, row.rating.as_ref())?,
            None => Vec::new(),
        };
        // The marker file goes last, so a folder with it is complete.
        files.push((MARKER.to_string(), yaml));
        write_adventure(&dir, &files, c)?;
        Ok(Some(Row::Dw10(row)))
    }

    fn check_finished(&self, c: &Common, seed: u64) -> anyhow::Result<()> {
        // A seed that does not generate with these options was made with others.
        let yaml = self
            .generate(seed)
            .map(|s| tilecrawl::dw10::scenario::to_yaml(&s))
            .unwrap_or_default();
        let dir = c.out.join(seed.to_string());
        already_written(&dir, &[], MARKER, yaml.as_bytes()).map(|_| ())
    }
}
