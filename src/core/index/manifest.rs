//! The note a batch leaves beside its index (`batch.yaml`): which share of
//! which batch the index holds, and whether it finished. `batch merge`
//! reads the notes of the shards it is given, so a shard left out, given
//! twice or stopped part-way (Ctrl-C, a failed adventure, a job the
//! scheduler killed after its last `--resume`) is refused with one line
//! instead of merging into an index with rows quietly missing.
//!
//! ```yaml
//! # Written by `tilecrawl batch` beside index.csv and index.yaml; read by `tilecrawl batch merge`.
//! format: tilecrawl-batch/1
//! seed_start: 1
//! count: 30
//! shard: 2/3
//! adventures: 10
//! finished: true
//! options: {only: "all", style: "color", vtt: "on"}
//! ```
//!
//! `options` records, by name, the options that shape the adventures'
//! files beyond their scenario (the map and print options, `--only`,
//! `--filter`, `--simulate`), so `--resume` can refuse other ones; a note
//! written before it existed has none.
//!
//! `replacing: true` marks a `--force` run that stopped before it finished:
//! the folder may still hold adventures of the batch it was writing over,
//! so `--resume` takes as finished only those the index beside the note
//! lists, and removes the others' folders at the end as `--force` would.
//! A note without the key is not replacing anything.
//!
//! A batch without `--shard` writes `shard: 1/1`, and a merge writes the
//! note of the whole batch, so the merged folder's three files are the
//! ones a single machine would have written.

use crate::core::yaml::FileError;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The note's file name, in a batch's `--out` folder.
pub const FILE: &str = "batch.yaml";

/// The `format` line of the note.
pub const FORMAT: &str = "tilecrawl-batch/1";

/// The longest note read (a few lines).
pub const MAX_BYTES: u64 = 64 * 1024;

/// What one batch run wrote into its `--out` folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Manifest {
    /// `--seed-start`.
    pub seed_start: u64,
    /// `--count`: adventures in the whole batch, over all shards.
    pub count: u64,
    /// `--shard I/N` as `(I, N)`; `(1, 1)` without it.
    pub shard: (u64, u64),
    /// Rows in the index beside the note.
    pub adventures: u64,
    /// Did the run write every adventure of its share? `false` after
    /// Ctrl-C or a failed adventure (the index lists those finished).
    pub finished: bool,
    /// The options that shaped the files, by name (`style` → `ink`); empty
    /// when not recorded (an older note, or shards that disagree).
    pub options: BTreeMap<String, String>,
    /// A `--force` run that stopped part-way: adventure folders the index
    /// does not list may be left from the batch it was writing over.
    /// Always `false` when `finished`.
    pub replacing: bool,
}

/// The note as it is read, before its values are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    format: String,
    seed_start: u64,
    count: u64,
    shard: String,
    adventures: u64,
    finished: bool,
    #[serde(default)]
    options: BTreeMap<String, String>,
    #[serde(default)]
    replacing: bool,
}

impl Manifest {
    /// Adventures the share `shard` of a batch of `count` holds: positions
    /// `I−1`, `I−1+N`, … below `count`.
    pub fn share(count: u64, shard: (u64, u64)) -> u64 {
        let (i, n) = shard;
        count.saturating_sub(i - 1).div_ceil(n)
    }

    /// The note in its file form (fixed order, one key a line).
    pub fn to_yaml(&self) -> String {
        format!(
            "# Written by `tilecrawl batch` beside index.csv and index.yaml; read by `tilecrawl batch merge`.\n\
             format: {FORMAT}\n\
             seed_start: {}\n\
             count: {}\n\
             shard: {}/{}\n\
             adventures: {}\n\
             finished: {}\n",
            self.seed_start, self.count, self.shard.0, self.shard.1, self.adventures, self.finished
        ) + &self.options_line()
            + if self.replacing {
                "replacing: true\n"
            } else {
                ""
            }
    }

    /// The `options:` line (none when no option is recorded): one flow
    /// mapping, each value a double-quoted string.
    fn options_line(&self) -> String {
        if self.options.is_empty() {
            return String::new();
        }
        let pairs: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| format!("{k}: {}", crate::core::yaml_emit::double_quoted(v)))
            .collect();
        format!("options: {{{}}}\n", pairs.join(", "))
    }

    /// Reads a note; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<Manifest, FileError> {
        // Another kind of tilecrawl file is named as such, before any key
        // it lacks.
        crate::core::yaml::check_kind(text, FORMAT)
            .map_err(|e| FileError::whole(file, e.to_string()))?;
        let raw: Raw = crate::core::yaml::parse(text, file)?;
        if raw.format != FORMAT {
            return Err(FileError::at_key(
                file,
                "format",
                format!(
                    "is `{}`; this version of tilecrawl reads `{FORMAT}`",
                    raw.format.escape_default()
                ),
            ));
        }
        let bad_shard = || {
            FileError::at_key(
                file,
                "shard",
                format!("expected I/N with 1 ≤ I ≤ N, got {:?}", raw.shard),
            )
        };
        let (i, n) = raw.shard.split_once('/').ok_or_else(bad_shard)?;
        let (Ok(i), Ok(n)) = (i.trim().parse::<u64>(), n.trim().parse::<u64>()) else {
            return Err(bad_shard());
        };
        if i == 0 || i > n {
            return Err(bad_shard());
        }
        if raw.count == 0 {
            return Err(FileError::at_key(file, "count", "expected at least 1"));
        }
        let share = Manifest::share(raw.count, (i, n));
        if raw.adventures > share {
            return Err(FileError::at_key(
                file,
                "adventures",
                format!(
                    "{} is more than shard {i}/{n} of {} holds ({share})",
                    raw.adventures, raw.count
                ),
            ));
        }
        if raw.finished && raw.adventures != share {
            return Err(FileError::at_key(
                file,
                "adventures",
                format!(
                    "a finished shard {i}/{n} of {} holds {share}, not {}",
                    raw.count, raw.adventures
                ),
            ));
        }
        if raw.finished && raw.replacing {
            return Err(FileError::at_key(
                file,
                "replacing",
                "a finished batch replaces nothing any more; expected no `replacing` key, or `finished: false`",
            ));
        }
        Ok(Manifest {
            seed_start: raw.seed_start,
            count: raw.count,
            shard: (i, n),
            adventures: raw.adventures,
            finished: raw.finished,
            options: raw.options,
            replacing: raw.replacing,
        })
    }
}

/// Why the shards given to `batch merge` do not make a whole batch.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardsError {
    /// Some shards have a note and this one has none.
    #[error(
        "{name}: no {FILE} beside its index, though {other} has one; copy each shard's {FILE} with its index"
    )]
    NoNote {
        /// The shard without a note.
        name: String,
        /// A shard with one.
        other: String,
    },
    /// A shard stopped before its share was done.
    #[error(
        "{name}: shard {index}/{of} stopped after {adventures} of its {share} adventures; finish it with the same `tilecrawl batch` command and --resume, then merge"
    )]
    Unfinished {
        /// The shard.
        name: String,
        /// Its number.
        index: u64,
        /// Shards in the batch.
        of: u64,
        /// Adventures it wrote.
        adventures: u64,
        /// Adventures it was to write.
        share: u64,
    },
    /// Two shards are of different batches.
    #[error(
        "{name} is {what} but {first} is {other}: shards of one batch share --count, --seed-start and the N of --shard I/N"
    )]
    Mismatch {
        /// The shard that differs.
        name: String,
        /// What it says (`--count 30`).
        what: String,
        /// The first shard.
        first: String,
        /// What that one says.
        other: String,
    },
    /// The same shard number twice.
    #[error(
        "{first} and {second} are both shard {index}/{of}: the same shard given twice, or shards of two batches"
    )]
    Twice {
        /// Its number.
        index: u64,
        /// Shards in the batch.
        of: u64,
        /// The first folder.
        first: String,
        /// The second.
        second: String,
    },
    /// Shards of the batch not given.
    #[error("{} of {of} missing: give every shard of the batch ({given} given)", missing_list(.missing, *.more))]
    Missing {
        /// The first few numbers not given, smallest first.
        missing: Vec<u64>,
        /// How many more are not given.
        more: u64,
        /// Shards in the batch.
        of: u64,
        /// How many were given.
        given: u64,
    },
}

/// The shard numbers an error lists at most.
const LISTED: usize = 8;

fn missing_list(missing: &[u64], more: u64) -> String {
    let mut names: Vec<String> = missing.iter().map(u64::to_string).collect();
    if more > 0 {
        names.push(format!("{more} more"));
    }
    match (names.len(), more) {
        (1, 0) => format!("shard {}", names[0]),
        _ => format!("shards {}", names.join(", ")),
    }
}

/// Checks that `shards` (each a name for errors and its note, if it has
/// one) are every shard of one batch, each finished. Gives the note of
/// the whole batch (shard 1/1), or `None` when no shard has a note
/// (indexes written before batches wrote one: nothing can be checked).
pub fn whole(shards: &[(String, Option<Manifest>)]) -> Result<Option<Manifest>, ShardsError> {
    let Some((first_name, first)) = shards
        .iter()
        .find_map(|(name, m)| m.as_ref().map(|m| (name, m)))
    else {
        return Ok(None);
    };
    let (seed_start, count, of) = (first.seed_start, first.count, first.shard.1);
    let mut by_index: BTreeMap<u64, &str> = BTreeMap::new();
    let mut adventures = 0u64;
    for (name, m) in shards {
        let Some(m) = m else {
            return Err(ShardsError::NoNote {
                name: name.clone(),
                other: first_name.clone(),
            });
        };
        let differs = |what: &str, mine: u64, theirs: u64| ShardsError::Mismatch {
            name: name.clone(),
            what: format!("{what} {mine}"),
            first: first_name.clone(),
            other: format!("{what} {theirs}"),
        };
        if m.count != count {
            return Err(differs("--count", m.count, count));
        }
        if m.seed_start != seed_start {
            return Err(differs("--seed-start", m.seed_start, seed_start));
        }
        if m.shard.1 != of {
            return Err(differs("a shard of", m.shard.1, of));
        }
        if !m.finished {
            return Err(ShardsError::Unfinished {
                name: name.clone(),
                index: m.shard.0,
                of,
                adventures: m.adventures,
                share: Manifest::share(count, m.shard),
            });
        }
        if let Some(before) = by_index.insert(m.shard.0, name) {
            return Err(ShardsError::Twice {
                index: m.shard.0,
                of,
                first: before.to_string(),
                second: name.clone(),
            });
        }
        adventures += m.adventures;
    }
    let given = by_index.len() as u64;
    if given < of {
        // The first few numbers not given: each given one passed at most once.
        let missing: Vec<u64> = (1..=of)
            .filter(|i| !by_index.contains_key(i))
            .take(LISTED)
            .collect();
        return Err(ShardsError::Missing {
            more: of - given - missing.len() as u64,
            missing,
            of,
            given,
        });
    }
    // The options, when every shard recorded the same.
    let options = shards
        .iter()
        .filter_map(|(_, m)| m.as_ref().map(|m| &m.options))
        .try_fold(None::<&BTreeMap<String, String>>, |seen, o| match seen {
            Some(s) if s != o => Err(()),
            _ => Ok(Some(o)),
        })
        .ok()
        .flatten()
        .cloned()
        .unwrap_or_default();
    Ok(Some(Manifest {
        seed_start,
        count,
        shard: (1, 1),
        adventures,
        finished: true,
        options,
        replacing: false,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(i: u64, n: u64, count: u64) -> Manifest {
        Manifest {
            seed_start: 1,
            count,
            shard: (i, n),
            adventures: Manifest::share(count, (i, n)),
            finished: true,
            options: BTreeMap::new(),
            replacing: false,
        }
    }

    fn named(notes: &[Manifest]) -> Vec<(String, Option<Manifest>)> {
        notes
            .iter()
            .map(|m| (format!("s{}", m.shard.0), Some(m.clone())))
            .collect()
    }

    #[test]
    fn shares_add_up_to_the_count_for_every_split() {
        for count in 1..40 {
            for n in 1..12 {
                let total: u64 = (1..=n).map(|i| Manifest::share(count, (i, n))).sum();
                assert_eq!(total, count, "count {count} in {n} shards");
            }
        }
        // Positions 1, 4, 7 of 0..8 for shard 2/3.
        assert_eq!(Manifest::share(8, (2, 3)), 3);
        assert_eq!(Manifest::share(2, (3, 3)), 0);
    }

    #[test]
    fn a_note_reads_back_as_written() {
        let m = Manifest {
            seed_start: u64::MAX - 5,
            count: 30,
            shard: (2, 3),
            adventures: 4,
            finished: false,
            options: [
                ("style", "my \"ink\": style.yaml"),
                ("vtt", "on"),
                ("filter", "depth>=5 --filter tiles<=9"),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
            replacing: false,
        };
        assert_eq!(Manifest::parse(&m.to_yaml(), "batch.yaml").unwrap(), m);
        assert!(!m.to_yaml().contains("replacing"), "{}", m.to_yaml());
        // A --force run stopped part-way says so, and reads back so.
        let replacing = Manifest {
            replacing: true,
            ..m.clone()
        };
        let text = replacing.to_yaml();
        assert!(text.ends_with("replacing: true\n"), "{text}");
        assert_eq!(Manifest::parse(&text, "batch.yaml").unwrap(), replacing);
        let done = note(3, 3, 30);
        assert_eq!(
            Manifest::parse(&done.to_yaml(), "batch.yaml").unwrap(),
            done
        );
    }

    #[test]
    fn a_merge_keeps_the_options_only_when_every_shard_recorded_the_same() {
        let with = |m: Manifest, style: &str| Manifest {
            options: [("style".to_string(), style.to_string())].into(),
            ..m
        };
        let same: Vec<Manifest> = (1..=3).map(|i| with(note(i, 3, 30), "ink")).collect();
        let w = whole(&named(&same)).unwrap().unwrap();
        assert_eq!(w.options, same[0].options);
        let mut mixed = same.clone();
        mixed[2] = with(note(3, 3, 30), "color");
        assert!(whole(&named(&mixed)).unwrap().unwrap().options.is_empty());
    }

    #[test]
    fn a_bad_note_names_its_key() {
        let good = note(2, 3, 30).to_yaml();
        for (from, to, key) in [
            ("shard: 2/3", "shard: 4/3", "shard: "),
            ("shard: 2/3", "shard: two", "shard: "),
            ("adventures: 10", "adventures: 11", "adventures: "),
            ("adventures: 10", "adventures: 9", "adventures: "),
            // A finished run replaces nothing any more.
            (
                "finished: true",
                "finished: true\nreplacing: true",
                "replacing: ",
            ),
        ] {
            let text = good.replace(from, to);
            let e = Manifest::parse(&text, "s2/batch.yaml").unwrap_err();
            assert_eq!(e.file, "s2/batch.yaml");
            assert_eq!(e.location, key, "{to}: {e}");
        }
        let e = Manifest::parse(&good.replace("count", "cuont"), "b.yaml").unwrap_err();
        assert!(e.to_string().contains("cuont"), "{e}");
        let e = Manifest::parse(&good.replace("batch/1", "batch/2"), "b.yaml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "b.yaml: format: is `tilecrawl-batch/2`; this version of tilecrawl reads `tilecrawl-batch/1`"
        );
        let e = Manifest::parse("format: tilecrawl-party/1\nteams: []\n", "b.yaml").unwrap_err();
        assert_eq!(
            e.to_string(),
            "b.yaml: this is a party file (format: tilecrawl-party/1), not a batch note"
        );
        let e = Manifest::parse("seed_start: 1\n", "b.yaml").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("b.yaml: has no `format:` line; expected a batch note"),
            "{e}"
        );
    }

    #[test]
    fn every_shard_finished_makes_the_note_of_the_whole() {
        let whole_batch = whole(&named(&[note(2, 3, 8), note(3, 3, 8), note(1, 3, 8)]))
            .unwrap()
            .unwrap();
        assert_eq!(whole_batch, note(1, 1, 8));
        assert_eq!(whole(&[("a".into(), None), ("b".into(), None)]), Ok(None));
    }

    #[test]
    fn a_missing_twice_given_unfinished_or_foreign_shard_is_refused() {
        let e = whole(&named(&[note(1, 3, 8), note(3, 3, 8)])).unwrap_err();
        assert_eq!(
            e.to_string(),
            "shard 2 of 3 missing: give every shard of the batch (2 given)"
        );
        let e = whole(&named(&[note(3, 4, 8)])).unwrap_err();
        assert!(
            e.to_string().starts_with("shards 1, 2, 4 of 4 missing"),
            "{e}"
        );
        // A batch of many shards lists the first few missing, and a count.
        let e = whole(&named(&[note(2, u64::MAX, 8)])).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "shards 1, 3, 4, 5, 6, 7, 8, 9, {} more of {} missing: give every shard of the batch (1 given)",
                u64::MAX - 9,
                u64::MAX
            )
        );

        let mut two = named(&[note(1, 2, 8), note(1, 2, 8)]);
        two[1].0 = "again".into();
        assert!(matches!(
            whole(&two),
            Err(ShardsError::Twice {
                index: 1,
                of: 2,
                ..
            })
        ));

        let mut stopped = note(2, 2, 8);
        stopped.finished = false;
        stopped.adventures = 1;
        let e = whole(&named(&[note(1, 2, 8), stopped])).unwrap_err();
        assert_eq!(
            e,
            ShardsError::Unfinished {
                name: "s2".into(),
                index: 2,
                of: 2,
                adventures: 1,
                share: 4
            }
        );

        let e = whole(&named(&[note(1, 2, 8), note(2, 2, 9)])).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("s2 is --count 9 but s1 is --count 8"),
            "{e}"
        );
        let mut later = note(2, 2, 8);
        later.seed_start = 100;
        assert!(matches!(
            whole(&named(&[note(1, 2, 8), later])),
            Err(ShardsError::Mismatch { .. })
        ));
        assert!(matches!(
            whole(&named(&[note(1, 2, 8), note(2, 3, 8)])),
            Err(ShardsError::Mismatch { .. })
        ));

        let mut mixed = named(&[note(1, 2, 8), note(2, 2, 8)]);
        mixed[0].1 = None;
        assert_eq!(
            whole(&mixed),
            Err(ShardsError::NoNote {
                name: "s1".into(),
                other: "s2".into()
            })
        );
    }
}
