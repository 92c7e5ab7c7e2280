use super::*;

const HEADER: &str = "seed,tiles,files\n";

fn row(seed: u64) -> (String, String) {
    (
        format!("{seed},{},scenario.yaml\n", seed % 7),
        format!("- {{seed: {seed}, tiles: {}}}\n", seed % 7),
    )
}

/// A shard's two files holding the rows of `seeds`.
fn shard(name: &str, seeds: &[u64]) -> ShardIndex<&'static [u8], &'static [u8]> {
    let mut csv = HEADER.to_string();
    let mut yaml = String::new();
    for &s in seeds {
        let (c, y) = row(s);
        csv += &c;
        yaml += &y;
    }
    ShardIndex {
        name: name.into(),
        csv: csv.leak().as_bytes(),
        yaml: yaml.leak().as_bytes(),
    }
}

fn run(
    shards: Vec<ShardIndex<&'static [u8], &'static [u8]>>,
) -> Result<(String, String), MergeError> {
    let (mut csv, mut yaml) = (Vec::new(), Vec::new());
    merge(shards, &mut csv, &mut yaml)?;
    Ok((
        String::from_utf8(csv).unwrap(),
        String::from_utf8(yaml).unwrap(),
    ))
}

#[test]
fn shards_merge_into_seed_order() {
    let merged = run(vec![
        shard("s1", &[1, 4, 7, 12]),
        shard("s2", &[2, 5]),
        shard("s3", &[3, 6, 9]),
    ])
    .unwrap();
    let whole = run(vec![shard("all", &[1, 2, 3, 4, 5, 6, 7, 9, 12])]).unwrap();
    assert_eq!(merged, whole);
    assert!(merged.0.starts_with(HEADER));
    assert_eq!(merged.1.lines().count(), 9);
}

#[test]
fn a_shard_with_no_rows_adds_nothing() {
    let merged = run(vec![shard("s1", &[]), shard("s2", &[8])]).unwrap();
    assert_eq!(merged, run(vec![shard("x", &[8])]).unwrap());
}

#[test]
fn a_seed_in_two_shards_is_refused_with_both_names() {
    let e = run(vec![shard("s1", &[1, 3]), shard("s2", &[2, 3])]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "seed 3 is in both s1 and s2: the same shard given twice, or shards of different batches"
    );
}

#[test]
fn different_headers_are_refused() {
    let mut other = shard("s2", &[2]);
    other.csv = b"seed,tiles,files,runs\n2,2,scenario.yaml,5\n";
    let e = run(vec![shard("s1", &[1]), other]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("s2/index.csv: its header differs from s1's"),
        "{e}"
    );
}

#[test]
fn rows_out_of_order_or_unpaired_are_refused_with_their_line() {
    let mut s = shard("s1", &[5]);
    s.csv = b"seed,tiles,files\n5,5,scenario.yaml\n4,4,scenario.yaml\n";
    s.yaml = b"- {seed: 5, tiles: 5}\n- {seed: 4, tiles: 4}\n";
    let e = run(vec![s]).unwrap_err().to_string();
    assert_eq!(
        e,
        "s1/index.csv line 3: seed 4 after seed 5: rows are in seed order"
    );

    let mut s = shard("s1", &[5]);
    s.yaml = b"- {seed: 6, tiles: 5}\n";
    let e = run(vec![s]).unwrap_err().to_string();
    assert!(
        e.starts_with("s1/index.yaml line 1: expected `- {seed: 5, …}`"),
        "{e}"
    );

    let mut s = shard("s1", &[5]);
    s.yaml = b"";
    let e = run(vec![s]).unwrap_err().to_string();
    assert!(
        e.starts_with("s1/index.yaml line 1: the file ends before index.csv does"),
        "{e}"
    );

    let mut s = shard("s1", &[]);
    s.csv = b"";
    let e = run(vec![s]).unwrap_err().to_string();
    assert!(e.starts_with("s1/index.csv line 1: an empty file"), "{e}");

    let mut s = shard("s1", &[]);
    s.csv = b"name,seed\n";
    let e = run(vec![s]).unwrap_err().to_string();
    assert!(e.contains("expected the header"), "{e}");
}

#[test]
fn rows_with_other_columns_than_the_header_or_cut_short_are_refused() {
    // One column too many, then a row cut off part way.
    let mut s = shard("s1", &[5]);
    s.csv = b"seed,tiles,files\n5,99,5,scenario.yaml\n";
    let e = run(vec![s]).unwrap_err().to_string();
    assert_eq!(
        e,
        "s1/index.csv line 2: a row of 4 columns; the header has 3"
    );
    let mut s = shard("s1", &[5]);
    s.csv = b"seed,tiles,files\n5,5\n";
    let e = run(vec![s]).unwrap_err().to_string();
    assert_eq!(
        e,
        "s1/index.csv line 2: a row of 2 columns; the header has 3"
    );
    // A quoted comma is inside its field: the row still has 3 columns.
    let mut s = shard("s1", &[5]);
    s.csv = b"seed,tiles,files\n5,5,\"a,b.yaml\"\n";
    assert!(run(vec![s]).is_ok());
    // The YAML row cut short.
    let mut s = shard("s1", &[5]);
    s.yaml = b"- {seed: 5, tiles: 5\n";
    let e = run(vec![s]).unwrap_err().to_string();
    assert_eq!(
        e,
        "s1/index.yaml line 1: expected a row that ends with `}` (cut short?)"
    );
}

/// A rated shard's files: `runs` runs an adventure for each seed.
fn rated(name: &str, seeds: &[u64], runs: u32) -> ShardIndex<&'static [u8], &'static [u8]> {
    let mut csv = "seed,tiles,files,runs,win_rate\n".to_string();
    let mut yaml = String::new();
    for &s in seeds {
        csv += &format!("{s},3,\"a,b\",{runs},0.5000\n");
        yaml += &format!("- {{seed: {s}, runs: {runs}}}\n");
    }
    ShardIndex {
        name: name.into(),
        csv: csv.leak().as_bytes(),
        yaml: yaml.leak().as_bytes(),
    }
}

#[test]
fn shards_rated_over_different_runs_are_refused_with_both_counts() {
    let e = run(vec![rated("s1", &[1, 3], 5), rated("s2", &[2, 4], 7)]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "s2 was rated with --simulate 7 and s1 with --simulate 5: the shards of one batch are made with the same --simulate N, so their rows compare"
    );
    // The same runs merge, a quoted comma before the column and all.
    let merged = run(vec![rated("s1", &[1, 3], 5), rated("s2", &[2], 5)]).unwrap();
    assert_eq!(merged.0.lines().count(), 4);
    // A shard with no rows sets nothing.
    assert!(run(vec![rated("s1", &[], 9), rated("s2", &[2], 5)]).is_ok());
}

#[test]
fn check_refuses_what_merge_refuses_and_counts_its_rows() {
    assert_eq!(
        check(vec![shard("s1", &[1, 3]), shard("s2", &[2])]).unwrap(),
        3
    );
    let e = check(vec![shard("s1", &[1, 3]), shard("s2", &[2, 3])]).unwrap_err();
    assert!(
        e.to_string().starts_with("seed 3 is in both s1 and s2"),
        "{e}"
    );
    let e = check(vec![rated("s1", &[1], 5), rated("s2", &[2], 7)]).unwrap_err();
    assert!(matches!(e, MergeError::Runs { .. }), "{e}");
}
