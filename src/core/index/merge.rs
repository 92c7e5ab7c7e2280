//! Merging the indexes of a sharded batch (`tilecrawl batch merge`).
//!
//! Each shard writes its `index.csv` and `index.yaml` in seed order, one row
//! per line in both files. The whole batch's index is every shard's rows in
//! seed order, so the merge is a k-way merge of sorted streams: it holds one
//! row per shard in memory, however long the index.
//!
//! Every check a merge makes is made by [`check`] too, which reads the
//! shards and writes nothing: `batch merge` runs it before it makes its
//! output folder, so a refused merge leaves nothing behind.

use crate::core::fs::{LimitedLine, read_line_limited};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};

/// The longest index line the merge reads (a row is a few hundred bytes).
pub const MAX_INDEX_LINE: usize = 64 * 1024;

/// One shard's index: its name (for errors) and its two files.
pub struct ShardIndex<C, Y> {
    /// How errors name the shard (its folder).
    pub name: String,
    /// `index.csv`, header first.
    pub csv: C,
    /// `index.yaml`, one `- {seed: …}` line per row.
    pub yaml: Y,
}

/// Why shard indexes could not be merged.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A file could not be read or written.
    #[error("{file}: {source}")]
    Io {
        /// The file (`s1/index.csv`, or `the merged index`).
        file: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file is not what `batch` writes.
    #[error("{file} line {line}: {what}")]
    Bad {
        /// The file.
        file: String,
        /// Its line, from 1.
        line: u64,
        /// What was expected.
        what: String,
    },
    /// Two shards were made with different options.
    #[error(
        "{file}: its header differs from {first}'s (shards of one batch have the same columns; was one made with --simulate and the other without, or for another game?)"
    )]
    Header {
        /// The shard whose header differs.
        file: String,
        /// The first shard.
        first: String,
    },
    /// Two shards were rated over different numbers of runs (`--simulate
    /// N`): their rows do not compare.
    #[error(
        "{second} was rated with --simulate {second_runs} and {first} with --simulate {first_runs}: the shards of one batch are made with the same --simulate N, so their rows compare"
    )]
    Runs {
        /// The shard whose rows were read first.
        first: String,
        /// Its runs an adventure.
        first_runs: u64,
        /// The shard with another count.
        second: String,
        /// Its runs an adventure.
        second_runs: u64,
    },
    /// A seed is in two shards.
    #[error(
        "seed {seed} is in both {first} and {second}: the same shard given twice, or shards of different batches"
    )]
    Twice {
        /// The seed.
        seed: u64,
        /// The shard that had it first.
        first: String,
        /// The other.
        second: String,
    },
}

/// One shard being read: its next row and where it is.
struct Reader<C, Y> {
    name: String,
    csv: C,
    yaml: Y,
    /// Lines read from each file.
    line: u64,
}

/// A row: its seed and its two lines, each with its line break.
struct Row {
    seed: u64,
    csv: String,
    yaml: String,
}

/// What every row of a rated index must agree on: the runs an adventure
/// (the `runs` column).
struct SameRuns {
    /// Where `runs` is in a row.
    column: usize,
    /// The runs of the first row read, and its shard.
    first: Option<(u64, usize)>,
}

impl SameRuns {
    /// Checks the runs of a row of shard `shard`, the first row read
    /// setting them for the rest.
    fn check(&mut self, csv: &str, shard: usize, names: &[String]) -> Result<(), MergeError> {
        let Some(runs) = field(csv, self.column).and_then(|f| f.parse::<u64>().ok()) else {
            return Ok(());
        };
        match self.first {
            None => self.first = Some((runs, shard)),
            Some((first_runs, first)) if first_runs != runs => {
                return Err(MergeError::Runs {
                    first: names[first].clone(),
                    first_runs,
                    second: names[shard].clone(),
                    second_runs: runs,
                });
            }
            Some(_) => {}
        }
        Ok(())
    }
}

impl<C: BufRead, Y: BufRead> Reader<C, Y> {
    fn csv_file(&self) -> String {
        format!("{}/index.csv", self.name)
    }

    fn yaml_file(&self) -> String {
        format!("{}/index.yaml", self.name)
    }

    /// A line of one of the two files, without its line break.
    fn line(
        r: &mut impl BufRead,
        shard: &str,
        name: &str,
        line: u64,
    ) -> Result<Option<String>, MergeError> {
        let file = || format!("{shard}/{name}");
        match read_line_limited(r, MAX_INDEX_LINE) {
            Ok(None) => Ok(None),
            Ok(Some(LimitedLine::Line(l))) => Ok(Some(l)),
            Ok(Some(LimitedLine::TooLong(_, n))) => Err(MergeError::Bad {
                file: file(),
                line,
                what: format!(
                    "a line of {n} bytes; an index row is at most {MAX_INDEX_LINE} bytes"
                ),
            }),
            Err(source) => Err(MergeError::Io {
                file: file(),
                source,
            }),
        }
    }

    /// The next row, checked: the CSV line has the header's `columns`, the
    /// YAML line is a whole `- {…}` mapping, both name the same seed, and it
    /// comes after `after`.
    fn next(&mut self, after: Option<u64>, columns: usize) -> Result<Option<Row>, MergeError> {
        self.line += 1;
        let line = self.line;
        let csv = Self::line(&mut self.csv, &self.name, "index.csv", line + 1)?;
        let yaml = Self::line(&mut self.yaml, &self.name, "index.yaml", line)?;
        let (csv, yaml) = match (csv, yaml) {
            (None, None) => return Ok(None),
            (Some(c), Some(y)) => (c, y),
            (Some(_), None) => {
                return Err(MergeError::Bad {
                    file: self.yaml_file(),
                    line,
                    what: "the file ends before index.csv does: every row is a line in both".into(),
                });
            }
            (None, Some(_)) => {
                return Err(MergeError::Bad {
                    file: self.csv_file(),
                    line: line + 1,
                    what: "the file ends before index.yaml does: every row is a line in both"
                        .into(),
                });
            }
        };
        let n = fields(&csv);
        if n != columns {
            return Err(MergeError::Bad {
                file: self.csv_file(),
                line: line + 1,
                what: format!("a row of {n} columns; the header has {columns}"),
            });
        }
        if !yaml.ends_with('}') {
            return Err(MergeError::Bad {
                file: self.yaml_file(),
                line,
                what: "expected a row that ends with `}` (cut short?)".into(),
            });
        }
        let seed = csv
            .split(',')
            .next()
            .and_then(|s| s.parse::<u64>().ok())
            .ok_or_else(|| MergeError::Bad {
                file: self.csv_file(),
                line: line + 1,
                what: "expected a row that starts with its seed".into(),
            })?;
        let yaml_seed = yaml
            .strip_prefix("- {seed: ")
            .and_then(|r| r.split(',').next())
            .and_then(|s| s.parse::<u64>().ok());
        if yaml_seed != Some(seed) {
            return Err(MergeError::Bad {
                file: self.yaml_file(),
                line,
                what: format!(
                    "expected `- {{seed: {seed}, …}}`, the row of line {} of index.csv",
                    line + 1
                ),
            });
        }
        if after.is_some_and(|a| seed <= a) {
            return Err(MergeError::Bad {
                file: self.csv_file(),
                line: line + 1,
                what: format!(
                    "seed {seed} after seed {}: rows are in seed order",
                    after.unwrap_or_default()
                ),
            });
        }
        Ok(Some(Row {
            seed,
            csv: csv + "\n",
            yaml: yaml + "\n",
        }))
    }
}

/// Makes every check of [`merge`] on the shards, writing nothing: the
/// number of rows the merge would write, or why it would refuse them.
pub fn check<C: BufRead, Y: BufRead>(shards: Vec<ShardIndex<C, Y>>) -> Result<u64, MergeError> {
    merge(shards, &mut std::io::sink(), &mut std::io::sink())
}

/// Merges shard indexes into one, written to `csv_out` and `yaml_out`
/// exactly as one `batch` over the whole would have written them. Returns
/// the number of rows.
pub fn merge<C: BufRead, Y: BufRead>(
    shards: Vec<ShardIndex<C, Y>>,
    csv_out: &mut impl Write,
    yaml_out: &mut impl Write,
) -> Result<u64, MergeError> {
    let out_err = |source| MergeError::Io {
        file: "the merged index".into(),
        source,
    };
    let mut readers: Vec<Reader<C, Y>> = shards
        .into_iter()
        .map(|s| Reader {
            name: s.name,
            csv: s.csv,
            yaml: s.yaml,
            line: 0,
        })
        .collect();
    let names: Vec<String> = readers.iter().map(|r| r.name.clone()).collect();
    // Every shard's header, the same.
    let mut header: Option<String> = None;
    for r in &mut readers {
        let h = Reader::<C, Y>::line(&mut r.csv, &r.name, "index.csv", 1)?.ok_or_else(|| {
            MergeError::Bad {
                file: r.csv_file(),
                line: 1,
                what: "an empty file; expected the header `seed,tiles,…`".into(),
            }
        })?;
        if !h.starts_with("seed,") {
            return Err(MergeError::Bad {
                file: r.csv_file(),
                line: 1,
                what: "expected the header `seed,tiles,…` that batch writes".into(),
            });
        }
        match &header {
            Some(first) if *first != h => {
                return Err(MergeError::Header {
                    file: r.csv_file(),
                    first: names[0].clone(),
                });
            }
            Some(_) => {}
            None => header = Some(h),
        }
    }
    let Some(header) = header else {
        return Ok(0);
    };
    let columns = fields(&header);
    // A rated index: every row over the same runs.
    let mut runs = header
        .split(',')
        .position(|c| c == "runs")
        .map(|column| SameRuns {
            column,
            first: None,
        });
    csv_out
        .write_all(header.as_bytes())
        .and_then(|()| csv_out.write_all(b"\n"))
        .map_err(out_err)?;
    // The next row of each shard, by seed, with the shard it came from.
    let mut heads: BTreeMap<u64, (usize, Row)> = BTreeMap::new();
    let mut add = |heads: &mut BTreeMap<u64, (usize, Row)>, i: usize, row: Row| {
        if let Some(r) = runs.as_mut() {
            r.check(&row.csv, i, &names)?;
        }
        if let Some((j, _)) = heads.get(&row.seed) {
            return Err(MergeError::Twice {
                seed: row.seed,
                first: names[*j].clone(),
                second: names[i].clone(),
            });
        }
        heads.insert(row.seed, (i, row));
        Ok(())
    };
    for (i, r) in readers.iter_mut().enumerate() {
        if let Some(row) = r.next(None, columns)? {
            add(&mut heads, i, row)?;
        }
    }
    let mut written = 0u64;
    while let Some((seed, (i, row))) = heads.pop_first() {
        csv_out.write_all(row.csv.as_bytes()).map_err(out_err)?;
        yaml_out.write_all(row.yaml.as_bytes()).map_err(out_err)?;
        written += 1;
        if let Some(next) = readers[i].next(Some(seed), columns)? {
            add(&mut heads, i, next)?;
        }
    }
    Ok(written)
}

/// A CSV line's fields as the `csv` crate reads them (a quoted comma is
/// inside a field); `None` for a line it cannot read.
fn record(line: &str) -> Option<csv::StringRecord> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line.as_bytes())
        .records()
        .next()
        .and_then(Result::ok)
}

/// The `i`-th field of a CSV line (from 0).
fn field(line: &str, i: usize) -> Option<String> {
    record(line).and_then(|r| r.get(i).map(str::to_string))
}

/// How many fields a CSV line holds; 0 for a line it cannot read.
fn fields(line: &str) -> usize {
    record(line).map_or(0, |r| r.len())
}

#[cfg(test)]
mod tests;
