//! The MKD Adventure's part of a batch: each seed's adventure (or, with
//! `--floors`, multi-floor dungeon), its index row and rating, its folder.

use super::args::{BatchArgs, Only};
use super::job::{
    Common, DUNGEON_MARKER, Game, MARKER, Row, already_written, fitting, rated_options,
    write_adventure,
};
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};
use tilecrawl::build::BuildError;
use tilecrawl::mkd::batch::{self, IndexRow};
use tilecrawl::mkd::floors::{self, FloorsError, FloorsParams};
use tilecrawl::mkd::generate::{
    GenerateError, GenerateParams, generate, generate_with_critical_path,
};
use tilecrawl::mkd::play::floors::Adventure;
use tilecrawl::mkd::play::party::Party;
use tilecrawl::mkd::play::simulate::{DEFAULT_MAX_TURNS, SimOptions, simulate_here_while};
use tilecrawl::mkd::tables::{self, Tables};
use tilecrawl::pack::PackOptions;
use tilecrawl::tileset::TileSet;

/// What `--simulate` plays each adventure with.
struct Rate {
    runs: u32,
    party: Arc<Party>,
    /// The party in the rating's words on a setup sheet, as `generate
    /// --simulate` names it.
    who: String,
    tables: Arc<Tables>,
    /// What the filters on the rating's columns keep (none: no such
    /// filter), to stop playing an adventure they can no longer keep.
    meet: Option<batch::CanStillMeet>,
}

/// A batch of MKD Adventures: what every seed is made and rated with.
pub(super) struct MkdBatch {
    tileset: TileSet,
    params: GenerateParams,
    /// The names of the export files (`--only all`) that depend only on
    /// the options (not the VTT files', named by seed), once known.
    export_names: OnceLock<Vec<String>>,
    /// How the maps and sheets are made (`--only all`).
    pack: Option<PackOptions>,
    /// `--floors`: every adventure is a multi-floor dungeon.
    floors: Option<FloorsParams>,
    /// `--simulate`: how each adventure is rated.
    rate: Option<Rate>,
}

impl MkdBatch {
    /// The batch's options read and checked: the tile set, the floors,
    /// the pack options and the party, each refused with one line.
    pub(super) fn new(a: &BatchArgs) -> anyhow::Result<MkdBatch> {
        // The command line's checks first (exit 2), then the files.
        let floors = a.floors.params()?;
        let pack = a.pack_options(|o| o.mkd_options())?;
        let (tileset, mut params) = a.dungeon.load(a.seed_start)?;
        let rate = match a.simulate {
            None => None,
            Some(runs) => {
                let (party, who) = crate::cli::generate::rating_party(a.party.as_deref(), a.quiet)?;
                // A run loses at most the party's heroes and a prisoner they
                // freed (who fights on as one of them).
                let most_lost = party.heroes().count() as u32 + 1;
                Some(Rate {
                    runs,
                    party: Arc::new(party),
                    who,
                    tables: Arc::new(tables::default_tables()),
                    meet: batch::CanStillMeet::new(&a.filters, runs, most_lost, DEFAULT_MAX_TURNS),
                })
            }
        };
        // The index needs no roll log: generating without one is much faster.
        params.log = a.only != Only::Index;
        Ok(MkdBatch {
            tileset,
            params,
            export_names: OnceLock::new(),
            pack,
            floors,
            rate,
        })
    }

    /// The maps and sheets of one adventure (`--only all`).
    fn exports(
        &self,
        c: &Common,
        s: &tilecrawl::mkd::Scenario,
        rating: Option<&batch::Rating>,
    ) -> anyhow::Result<Vec<(String, Vec<u8>)>> {
        let opts = self.pack_options(rating);
        Ok(fitting(c, s.seed, &opts, |o| {
            tilecrawl::pack::exports(s, o)
        })?)
    }

    /// The pack options of an adventure (`--only all`): with `--simulate`,
    /// its setup sheets carry its rating in the words `generate --simulate`
    /// puts there.
    fn pack_options(&self, rating: Option<&batch::Rating>) -> std::borrow::Cow<'_, PackOptions> {
        let opts = self.pack.as_ref().expect("--only all has pack options");
        let words = rating
            .zip(self.rate.as_ref())
            .map(|(r, rate)| r.words(&rate.who));
        rated_options(opts, words)
    }

    /// Is a finished folder what this command makes for its seed?
    fn finished_as_made(&self, c: &Common, seed: u64) -> anyhow::Result<()> {
        let params = GenerateParams {
            seed,
            ..self.params.clone()
        };
        // A seed that does not generate with these options was made with others.
        let (yaml, marker) = match &self.floors {
            Some(fp) => (
                floors::build_floors(&self.tileset, &params, fp)
                    .map(|d| floors::dungeon_yaml(&d.file))
                    .unwrap_or_default(),
                DUNGEON_MARKER,
            ),
            None => (
                generate(&self.tileset, &params)
                    .map(|s| tilecrawl::mkd::scenario::to_yaml(&s))
                    .unwrap_or_default(),
                MARKER,
            ),
        };
        let dir = c.out.join(seed.to_string());
        already_written(&dir, &[], marker, yaml.as_bytes()).map(|_| ())
    }

    /// Plays an adventure `--simulate` times on this thread: its rating.
    /// `None` when the filters on the rating rule it out before the last
    /// run: the runs played already leave no rating that would meet them,
    /// so the rest are not played (the whole rating would miss them too,
    /// so the batch keeps the same adventures).
    fn rating(&self, c: &Common, adventure: &Adventure, rate: &Rate) -> Option<batch::Rating> {
        let opts = SimOptions {
            runs: rate.runs,
            seed: adventure.seed(),
            max_turns: DEFAULT_MAX_TURNS,
        };
        let mut so_far = batch::Played::default();
        let (rating, played) =
            match simulate_here_while(adventure, &rate.party, &rate.tables, &opts, |r| {
                rate.meet.as_ref().is_none_or(|m| {
                    so_far.record(r.won, r.heroes_lost, r.turns);
                    m.can_meet(&so_far)
                })
            }) {
                Ok(report) => (Some(batch::Rating::of(&report)), rate.runs),
                Err(played) => (None, played),
            };
        c.played.fetch_add(u64::from(played), Ordering::Relaxed);
        rating
    }

    /// Generates one seed; returns its row if it meets the filters, after
    /// writing its folder (unless index-only or finished before).
    fn scenario(&self, c: &Common, seed: u64) -> anyhow::Result<Option<IndexRow>> {
        let params = GenerateParams {
            seed,
            ..self.params.clone()
        };
        if let Some(fp) = &self.floors {
            return self.dungeon(c, &params, fp);
        }
        let (scenario, critical_path) = match generate_with_critical_path(&self.tileset, &params) {
            Ok(s) => s,
            Err(e @ GenerateError::Build(BuildError::NoBuild { .. })) => {
                return Err(anyhow::Error::new(e).context(format!("seed {seed}")));
            }
            Err(e) => return Err(e.into()),
        };
        let mut row = IndexRow::with_critical_path(&scenario, critical_path);
        if !batch::matches_layout(c.filters, &row) {
            return Ok(None);
        }
        let scenario = Arc::new(scenario);
        if let Some(rate) = &self.rate {
            row.rating = self.rating(c, &Adventure::Scenario(scenario.clone()), rate);
            if row.rating.is_none() || !batch::matches_all(c.filters, &row) {
                return Ok(None);
            }
        }
        if c.only == Only::Index {
            return Ok(Some(row));
        }
        let yaml = tilecrawl::mkd::scenario::to_yaml(&scenario).into_bytes();
        // The export files' names but the VTT files' depend only on the
        // options: learnt from the first render, so a resumed batch does not
        // redraw finished maps.
        let mut rendered = None;
        let names: Vec<String> = match c.only {
            Only::All => {
                let mut names = match self.export_names.get() {
                    Some(n) => n.clone(),
                    None => {
                        let files = self.exports(c, &scenario, row.rating.as_ref())?;
                        let n = super::job::option_names(&files);
                        let _ = self.export_names.set(n.clone());
                        rendered = Some(files);
                        n
                    }
                };
                if self.pack.as_ref().is_some_and(|p| p.vtt.is_some()) {
                    let floor = scenario.game.floor.map(|f| f.number);
                    names.extend(tilecrawl::export::uvtt::file_names(&scenario, floor));
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
            return Ok(Some(row));
        }
        let mut files = match rendered {
            Some(f) => f,
            None if c.only == Only::All => self.exports(c, &scenario, row.rating.as_ref())?,
            None => Vec::new(),
        };
        // The marker file goes last, so a folder with it is complete.
        files.push((MARKER.to_string(), yaml));
        write_adventure(&dir, &files, c)?;
        Ok(Some(row))
    }

    /// [`MkdBatch::scenario`] with `--floors`: a multi-floor dungeon, the folder
    /// `generate --floors` writes (dungeon.yaml, written last, and a folder
    /// per floor) and one index row for the whole dungeon.
    fn dungeon(
        &self,
        c: &Common,
        params: &GenerateParams,
        fp: &FloorsParams,
    ) -> anyhow::Result<Option<IndexRow>> {
        let seed = params.seed;
        let built = match floors::build_floors(&self.tileset, params, fp) {
            Ok(d) => d,
            Err(e @ FloorsError::Floor { .. }) => {
                return Err(anyhow::Error::new(e).context(format!("dungeon seed {seed}")));
            }
            Err(e) => return Err(e.into()),
        };
        let mut row = IndexRow::of_dungeon(&built);
        if !batch::matches_layout(c.filters, &row) {
            return Ok(None);
        }
        if let Some(rate) = &self.rate {
            let dungeon = floors::Dungeon::new(
                built.file.clone(),
                built.floors.clone(),
                &format!("dungeon seed {seed}"),
            )?;
            row.rating = self.rating(c, &Adventure::Dungeon(Arc::new(dungeon)), rate);
            if row.rating.is_none() || !batch::matches_all(c.filters, &row) {
                return Ok(None);
            }
        }
        if c.only == Only::Index {
            return Ok(Some(row));
        }
        let mut files = match c.only {
            Only::All => fitting(c, seed, &self.pack_options(row.rating.as_ref()), |o| {
                tilecrawl::pack::adventure(tilecrawl::pack::Content::Floors(&built), o)
            })?,
            _ => std::iter::once((
                DUNGEON_MARKER.to_string(),
                floors::dungeon_yaml(&built.file).into_bytes(),
            ))
            .chain(built.floors.iter().zip(&built.file.floors).map(|(s, e)| {
                (
                    format!("{}/{MARKER}", floors::floor_dir(e.number)),
                    tilecrawl::mkd::scenario::to_yaml(s).into_bytes(),
                )
            }))
            .collect(),
        };
        row.files = files.iter().map(|(n, _)| n.clone()).collect();
        // dungeon.yaml comes first; it is written last, so a folder with it
        // is complete.
        let marker = files.remove(0);
        debug_assert_eq!(marker.0, DUNGEON_MARKER);
        let dir = c.out.join(seed.to_string());
        let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
        if c.finished.contains(&seed) && already_written(&dir, &names, DUNGEON_MARKER, &marker.1)? {
            return Ok(Some(row));
        }
        files.push(marker);
        write_adventure(&dir, &files, c)?;
        Ok(Some(row))
    }
}

impl Game for MkdBatch {
    fn marker(&self) -> &'static str {
        if self.floors.is_some() {
            DUNGEON_MARKER
        } else {
            MARKER
        }
    }

    fn csv_header(&self) -> String {
        batch::csv_header(self.rate.is_some())
    }

    fn adventure(&self, c: &Common, seed: u64) -> anyhow::Result<Option<Row>> {
        Ok(self.scenario(c, seed)?.map(Row::Mkd))
    }

    fn check_finished(&self, c: &Common, seed: u64) -> anyhow::Result<()> {
        self.finished_as_made(c, seed)
    }
}
