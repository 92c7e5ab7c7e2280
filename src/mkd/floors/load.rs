//! Reading a `dungeon.yaml` and the floor scenarios it lists, with every
//! link between them checked before play starts.
//!
//! What is refused, each with one line naming the file and the key:
//! - a file that is not `tilecrawl-dungeon/1`, too big, or not YAML;
//! - no floors, more than [`MAX_FLOORS`], floor numbers other than 1, 2, … n
//!   in order;
//! - a floor path that is empty, absolute, or climbs out of the dungeon's
//!   folder with `..` (a dungeon folder can be moved or shared whole);
//! - a floor file that is missing or is not a valid scenario;
//! - stairs missing on a floor that is not the last, stairs on the last
//!   floor, stairs that lead anywhere but the next floor;
//! - a floor scenario whose `staircase` differs from the stairs listed for it
//!   in `dungeon.yaml`, or whose staircase is not on a walkable square of the
//!   tile it names, or whose `floor:` says another number or floor count;
//! - a `dungeon.yaml` that says other than its floors: its `mission` against
//!   each floor's, a floor's `seed` and `sets` against that floor's `seed`
//!   and `params.sets`, its `turn_limit` against the sum of the floors' (a
//!   timed mission) or none (a mission that is not timed). The floors are
//!   what is played; `dungeon.yaml` repeats them, so an edit of one alone
//!   is refused rather than silently not played;
//! - a Quest Chest on a floor that is not the last, or a second entrance on
//!   a floor below the top one.

use super::{DUNGEON_FORMAT, DungeonFile, MAX_FLOORS};
use crate::mkd::scenario::Scenario;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// Largest `dungeon.yaml` accepted, in bytes (twelve floors need ~2 KiB).
pub const MAX_DUNGEON_BYTES: u64 = 256 * 1024;

/// Largest total of the floor scenarios' sizes, in bytes.
pub const MAX_DUNGEON_TOTAL_BYTES: u64 = 48 * 1024 * 1024;

/// Longest floor path accepted, in characters.
pub const MAX_FLOOR_PATH: usize = 500;

/// Why a dungeon was refused: one line naming the file, the key and what was
/// expected.
pub type DungeonError = crate::core::yaml::FileError;

/// A multi-floor dungeon ready to play: the `dungeon.yaml` and every floor's
/// scenario, checked against each other.
#[derive(Debug, Clone)]
pub struct Dungeon {
    /// The `dungeon.yaml` as read.
    pub file: DungeonFile,
    /// The floors' scenarios, top floor first.
    pub floors: Vec<Arc<Scenario>>,
    /// FNV-1a 64 digest over the `dungeon.yaml` and every floor file, in
    /// order (what a save file keeps to refuse a changed dungeon).
    pub digest: String,
}

impl Dungeon {
    /// Builds a dungeon from a checked file and its floors' scenarios (the
    /// same checks as [`load_dungeon`], for dungeons made in memory).
    pub fn new(
        file: DungeonFile,
        floors: Vec<Scenario>,
        name: &str,
    ) -> Result<Dungeon, DungeonError> {
        check_file(&file, name)?;
        if floors.len() != file.floors.len() {
            return Err(DungeonError {
                file: name.into(),
                location: "floors: ".into(),
                message: format!(
                    "lists {} floors but {} scenarios were given",
                    file.floors.len(),
                    floors.len()
                ),
            });
        }
        for (entry, s) in file.floors.iter().zip(&floors) {
            check_floor(&file, entry.number, s, name, &entry.scenario)?;
        }
        check_turn_limit(&file, floors.iter().map(|s| s.game.turn_limit), name)?;
        // The bytes `write_dungeon_yaml` writes, so the digest is the one
        // `load_dungeon` takes from the files.
        let mut bytes = super::build::dungeon_yaml(&file).into_bytes();
        for s in &floors {
            bytes.push(0);
            bytes.extend(crate::mkd::scenario::to_yaml(s).bytes());
        }
        Ok(Dungeon {
            digest: crate::core::digest::digest(&bytes),
            file,
            floors: floors.into_iter().map(Arc::new).collect(),
        })
    }

    /// The number of floors.
    pub fn len(&self) -> usize {
        self.floors.len()
    }

    /// Never true for a loaded dungeon (it has at least one floor).
    pub fn is_empty(&self) -> bool {
        self.floors.is_empty()
    }
}

/// Does this text claim to be a `dungeon.yaml` (a top-level
/// `format: tilecrawl-dungeon/…` line, any version, so that a version this
/// build does not read is refused as a dungeon, not as a scenario)? Used to
/// tell a dungeon from a scenario before parsing either.
pub fn is_dungeon_text(text: &str) -> bool {
    let family = DUNGEON_FORMAT.trim_end_matches(|c: char| c.is_ascii_digit());
    text.lines().any(|l| {
        l.strip_prefix("format:")
            .map(|v| v.trim().trim_matches(['"', '\'']).starts_with(family))
            .unwrap_or(false)
    })
}

/// Parses and checks the text of a `dungeon.yaml` (not the floor files).
pub fn dungeon_from_yaml(text: &str, file: &str) -> Result<DungeonFile, DungeonError> {
    let err = |location: String, message: String| DungeonError {
        file: file.into(),
        location,
        message,
    };
    if text.trim().is_empty() {
        return Err(err(
            String::new(),
            format!(
                "the file is empty; expected a dungeon starting with `format: {DUNGEON_FORMAT}`"
            ),
        ));
    }
    crate::core::yaml::check_shape(text).map_err(|(l, m)| err(l, m))?;
    crate::core::yaml::check_kind(text, DUNGEON_FORMAT)
        .map_err(|e| err(String::new(), e.to_string()))?;
    let d: DungeonFile = yaml_serde::from_str(text).map_err(|e| {
        let (l, m) = crate::core::yaml::error_parts(&e, text);
        err(l, format!("{m} (is this a tilecrawl dungeon.yaml?)"))
    })?;
    check_file(&d, file)?;
    Ok(d)
}

/// Checks the links inside a dungeon file.
fn check_file(d: &DungeonFile, file: &str) -> Result<(), DungeonError> {
    let err = |location: String, message: String| DungeonError {
        file: file.into(),
        location,
        message,
    };
    if d.format != DUNGEON_FORMAT {
        return Err(err(
            "format: ".into(),
            format!(
                "is `{}`; this version of tilecrawl reads `{DUNGEON_FORMAT}`",
                d.format
            ),
        ));
    }
    crate::mkd::mission::Mission::parse(&d.mission)
        .map_err(|e| err("mission: ".into(), e.to_string()))?;
    let n = d.floors.len();
    if n == 0 || n > MAX_FLOORS as usize {
        return Err(err(
            "floors: ".into(),
            format!("has {n} floors; expected 1 to {MAX_FLOORS}"),
        ));
    }
    for (i, f) in d.floors.iter().enumerate() {
        let key = format!("floors[{i}].");
        let want = i as u32 + 1;
        if f.number != want {
            return Err(err(
                format!("{key}number: "),
                format!(
                    "is {}; expected {want} (floors are numbered 1, 2, … from the top, in order)",
                    f.number
                ),
            ));
        }
        check_floor_path(&f.scenario)
            .map_err(|e| err(format!("{key}scenario: "), e.to_string()))?;
        let last = i + 1 == n;
        match (&f.stairs, last) {
            (None, false) => {
                return Err(err(
                    format!("{key}stairs: "),
                    format!(
                        "floor {want} has no stairs; every floor but the last needs stairs down to floor {}",
                        want + 1
                    ),
                ));
            }
            (Some(_), true) => {
                return Err(err(
                    format!("{key}stairs: "),
                    format!("floor {want} is the last floor; it holds the goal, not stairs"),
                ));
            }
            (Some(s), false) if s.to_floor != want + 1 => {
                return Err(err(
                    format!("{key}stairs.to_floor: "),
                    format!(
                        "is {}; the stairs of floor {want} lead to floor {}",
                        s.to_floor,
                        want + 1
                    ),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// Why a floor's path was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum FloorPathError {
    #[error("is empty; expected a path like `floor-1/scenario.yaml`")]
    Empty,
    #[error("is not a usable path (at most {MAX_FLOOR_PATH} characters, no NUL)")]
    Unusable,
    #[error(
        "`{0}` leaves the dungeon's folder; expected a path inside it, like `floor-1/scenario.yaml`"
    )]
    Outside(String),
}

/// A floor path must stay inside the dungeon's folder.
fn check_floor_path(p: &str) -> Result<(), FloorPathError> {
    if p.trim().is_empty() {
        return Err(FloorPathError::Empty);
    }
    if p.chars().count() > MAX_FLOOR_PATH || p.contains('\0') {
        return Err(FloorPathError::Unusable);
    }
    let path = Path::new(p);
    let outside = p.starts_with('/')
        || p.starts_with('\\')
        || path.is_absolute()
        || path.components().any(|c| {
            matches!(
                c,
                Component::ParentDir | Component::RootDir | Component::Prefix(_)
            )
        })
        || p.split(['/', '\\']).any(|part| part == "..");
    if outside {
        return Err(FloorPathError::Outside(p.to_string()));
    }
    Ok(())
}

/// Checks one floor's scenario against the dungeon file.
fn check_floor(
    d: &DungeonFile,
    number: u32,
    s: &Scenario,
    dungeon_file: &str,
    floor_file: &str,
) -> Result<(), DungeonError> {
    let i = number as usize - 1;
    let entry = &d.floors[i];
    let n = d.floors.len() as u32;
    let err = |location: &str, message: String| DungeonError {
        file: floor_file.into(),
        location: location.into(),
        message,
    };
    // What `dungeon.yaml` repeats of the floor: refused at its own key when
    // it says otherwise (the floor is what is played).
    let differs = |location: String, said: String, floor_says: String| DungeonError {
        file: dungeon_file.into(),
        location,
        message: format!(
            "is {said}, but floor {number} ({floor_file}) says {floor_says}; a dungeon.yaml repeats its floors, and the two must agree"
        ),
    };
    let mission = |m: &str| crate::mkd::mission::Mission::parse(m).ok();
    if mission(&d.mission) != mission(&s.game.mission) {
        return Err(differs(
            "mission: ".into(),
            format!("`{}`", d.mission),
            format!("`{}`", s.game.mission),
        ));
    }
    if entry.seed != s.seed {
        return Err(differs(
            format!("floors[{i}].seed: "),
            entry.seed.to_string(),
            s.seed.to_string(),
        ));
    }
    if entry.sets != s.game.params.sets {
        return Err(differs(
            format!("floors[{i}].sets: "),
            entry.sets.to_string(),
            format!("{} (params.sets)", s.game.params.sets),
        ));
    }
    if let Some(f) = s.game.floor
        && (f.number != number || f.of != n)
    {
        return Err(err(
            "floor: ",
            format!(
                "says floor {} of {}; {dungeon_file} lists it as floor {number} of {n}",
                f.number, f.of
            ),
        ));
    }
    let listed = entry.stairs.map(|st| st.at);
    if s.game.staircase != listed {
        let show = |sp: Option<crate::scenario::Spot>| match sp {
            Some(sp) => format!("{},{} (tile {})", sp.x, sp.y, sp.tile),
            None => "none".into(),
        };
        return Err(err(
            "staircase: ",
            format!(
                "is {}; {dungeon_file} lists the stairs of floor {number} at {}",
                show(s.game.staircase),
                show(listed)
            ),
        ));
    }
    if let Some(st) = s.game.staircase {
        let on_tile = s.tiles.get(st.tile).is_some_and(|t| t.covers(st.x, st.y));
        if !on_tile || !s.cell(st.x, st.y).passable() {
            return Err(err(
                "staircase: ",
                format!(
                    "{},{} is not a walkable square of tile {}",
                    st.x, st.y, st.tile
                ),
            ));
        }
    }
    if number < n && s.game.chests.iter().any(|c| c.quest) {
        return Err(err(
            "chests: ",
            format!("floor {number} holds a Quest Chest; only the last floor ({n}) holds the goal"),
        ));
    }
    if number > 1 && s.game.second_entrance.is_some() {
        return Err(err(
            "second_entrance: ",
            format!(
                "floor {number} has a second entrance; only the top floor of a split-up dungeon has one"
            ),
        ));
    }
    Ok(())
}

/// A dungeon's `turn_limit` against its floors': the sum of theirs for a
/// timed mission (the timer runs over every floor), none for another.
fn check_turn_limit(
    d: &DungeonFile,
    floor_limits: impl IntoIterator<Item = Option<u32>>,
    file: &str,
) -> Result<(), DungeonError> {
    let timed = crate::mkd::mission::Mission::parse(&d.mission).is_ok_and(|m| m.timed);
    let sum: u32 = floor_limits.into_iter().flatten().sum();
    let said = d
        .turn_limit
        .map_or("missing".to_string(), |t| format!("is {t}"));
    let wrong = match (timed, d.turn_limit) {
        (true, Some(t)) if t == sum => None,
        (true, _) => Some(format!(
            "{said}, but the floors' turn limits add up to {sum}; a timed dungeon's limit is their sum"
        )),
        (false, None) => None,
        (false, Some(_)) => Some(format!(
            "{said}, but the mission `{}` is not timed; only a timed dungeon has a turn limit",
            d.mission
        )),
    };
    match wrong {
        Some(message) => Err(DungeonError {
            file: file.into(),
            location: "turn_limit: ".into(),
            message,
        }),
        None => Ok(()),
    }
}

/// Reads a `dungeon.yaml` and every floor scenario it lists (paths relative
/// to the `dungeon.yaml`'s folder), and checks them against each other.
pub fn load_dungeon(path: &Path) -> Result<Dungeon, DungeonError> {
    let text = crate::core::yaml::read_file(path, MAX_DUNGEON_BYTES, "a dungeon.yaml")?;
    dungeon_from_text(&text, path)
}

/// [`load_dungeon`] with the `dungeon.yaml`'s text already read.
pub fn dungeon_from_text(text: &str, path: &Path) -> Result<Dungeon, DungeonError> {
    let name = path.display().to_string();
    let file = dungeon_from_yaml(text, &name)?;
    let dir: PathBuf = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    let mut bytes = text.as_bytes().to_vec();
    let mut floors = Vec::with_capacity(file.floors.len());
    let mut total: u64 = 0;
    for (i, entry) in file.floors.iter().enumerate() {
        let fpath = dir.join(&entry.scenario);
        let fname = fpath.display().to_string();
        let ftext = crate::core::fs::read_limited(&fpath, crate::scenario::MAX_SCENARIO_BYTES)
            .map_err(|e| DungeonError {
                file: name.clone(),
                location: format!("floors[{i}].scenario: "),
                message: format!(
                    "{fname}: {}",
                    e.describe("a floor scenario", crate::scenario::MAX_SCENARIO_BYTES)
                ),
            })?;
        total += ftext.len() as u64;
        if total > MAX_DUNGEON_TOTAL_BYTES {
            return Err(DungeonError {
                file: name.clone(),
                location: "floors: ".into(),
                message: format!(
                    "the floor scenarios come to more than {MAX_DUNGEON_TOTAL_BYTES} bytes"
                ),
            });
        }
        let s = crate::mkd::scenario::from_yaml(&ftext, &fname).map_err(|e| DungeonError {
            file: e.file,
            location: e.location,
            message: e.message,
        })?;
        check_floor(&file, entry.number, &s, &name, &fname)?;
        bytes.push(0);
        bytes.extend_from_slice(ftext.as_bytes());
        floors.push(Arc::new(s));
    }
    check_turn_limit(&file, floors.iter().map(|s| s.game.turn_limit), &name)?;
    Ok(Dungeon {
        file,
        floors,
        digest: crate::core::digest::digest(&bytes),
    })
}

/// The digest [`load_dungeon`] would give, read afresh from the files (to
/// compare with a save's). Errors as for [`load_dungeon`].
pub fn dungeon_digest(path: &Path) -> Result<String, DungeonError> {
    load_dungeon(path).map(|d| d.digest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mkd::play::testkit::two_floors;
    use crate::mkd::scenario::FloorOf;
    use crate::scenario::Spot;

    /// Writes a dungeon folder; returns the dungeon.yaml path. The floors
    /// always go to `floor-N/scenario.yaml` inside `dir`, whatever paths the
    /// (possibly hostile) file lists: a test never writes outside its folder.
    fn write(dir: &Path, file: &DungeonFile, floors: &[Scenario]) -> PathBuf {
        for (i, s) in floors.iter().enumerate() {
            let sub = dir.join(format!("floor-{}", i + 1));
            std::fs::create_dir_all(&sub).unwrap();
            std::fs::write(sub.join("scenario.yaml"), crate::mkd::scenario::to_yaml(s)).unwrap();
        }
        let p = dir.join("dungeon.yaml");
        std::fs::write(&p, yaml_serde::to_string(file).unwrap()).unwrap();
        p
    }

    fn refused(file: &DungeonFile, floors: &[Scenario]) -> String {
        let dir = tempfile::tempdir().unwrap();
        let p = write(dir.path(), file, floors);
        let e = load_dungeon(&p).unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        e
    }

    #[test]
    fn a_good_dungeon_loads_and_its_digest_follows_every_file() {
        let (file, floors) = two_floors();
        let dir = tempfile::tempdir().unwrap();
        let p = write(dir.path(), &file, &floors);
        let d = load_dungeon(&p).unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(d.floors[0].game.staircase, floors[0].game.staircase);
        let before = d.digest.clone();
        assert_eq!(dungeon_digest(&p).unwrap(), before);
        // Change the second floor only: the digest changes.
        let mut b = floors[1].clone();
        b.generator = "another tilecrawl".into();
        std::fs::write(
            dir.path().join("floor-2/scenario.yaml"),
            crate::mkd::scenario::to_yaml(&b),
        )
        .unwrap();
        assert_ne!(dungeon_digest(&p).unwrap(), before);
        assert!(is_dungeon_text(&std::fs::read_to_string(&p).unwrap()));
        assert!(!is_dungeon_text(&crate::mkd::scenario::to_yaml(&floors[0])));
    }

    #[test]
    fn a_dungeon_made_in_memory_has_the_digest_of_its_written_files() {
        let (file, floors) = two_floors();
        let dir = tempfile::tempdir().unwrap();
        let p = write(dir.path(), &file, &floors);
        std::fs::write(&p, crate::mkd::floors::dungeon_yaml(&file)).unwrap();
        let made = Dungeon::new(file, floors, "mem").unwrap();
        assert_eq!(dungeon_digest(&p).unwrap(), made.digest);
    }

    #[test]
    fn a_missing_floor_file_is_named() {
        let (file, floors) = two_floors();
        let dir = tempfile::tempdir().unwrap();
        let p = write(dir.path(), &file, &floors);
        std::fs::remove_file(dir.path().join("floor-2/scenario.yaml")).unwrap();
        let e = load_dungeon(&p).unwrap_err().to_string();
        assert!(e.contains("floors[1].scenario: "), "{e}");
        assert!(e.contains("floor-2/scenario.yaml"), "{e}");
        assert!(e.contains("cannot read a floor scenario"), "{e}");
    }

    #[test]
    fn paths_that_leave_the_folder_are_refused() {
        for bad in [
            "../elsewhere/scenario.yaml",
            "floor-1/../../x.yaml",
            "/etc/passwd",
            "..\\x.yaml",
            "",
        ] {
            let (mut file, floors) = two_floors();
            file.floors[1].scenario = bad.into();
            let e = refused(&file, &floors);
            assert!(e.contains("floors[1].scenario: "), "{bad}: {e}");
        }
    }

    #[test]
    fn bad_links_are_refused_one_line_each() {
        let (file, floors) = two_floors();
        // Stairs that skip a floor.
        let mut f = file.clone();
        f.floors[0].stairs.as_mut().unwrap().to_floor = 3;
        assert!(refused(&f, &floors).contains("floors[0].stairs.to_floor: is 3"));
        // No stairs on floor 1.
        let mut f = file.clone();
        f.floors[0].stairs = None;
        assert!(refused(&f, &floors).contains("floors[0].stairs: floor 1 has no stairs"));
        // Stairs on the last floor.
        let mut f = file.clone();
        f.floors[1].stairs = f.floors[0].stairs;
        assert!(refused(&f, &floors).contains("floors[1].stairs: floor 2 is the last floor"));
        // Numbers out of order.
        let mut f = file.clone();
        f.floors[1].number = 3;
        assert!(refused(&f, &floors).contains("floors[1].number: is 3; expected 2"));
        // The scenario's staircase disagrees with dungeon.yaml.
        let mut fl = floors.clone();
        fl[0].game.staircase.as_mut().unwrap().x = 19;
        let e = refused(&file, &fl);
        assert!(
            e.contains("floor-1/scenario.yaml: staircase: is 19,3"),
            "{e}"
        );
        // A staircase on a wall.
        let mut fl = floors.clone();
        let mut f = file.clone();
        let wall = Spot {
            x: 9,
            y: 0,
            tile: 1,
        };
        fl[0].game.staircase = Some(wall);
        f.floors[0].stairs.as_mut().unwrap().at = wall;
        // (The scenario loader refuses it first; in memory, this module does.)
        let e = refused(&f, &fl);
        assert!(e.contains("floor-1/scenario.yaml: staircase"), "{e}");
        let e = Dungeon::new(f, fl, "mem").unwrap_err().to_string();
        assert!(e.contains("is not a walkable square of tile 1"), "{e}");
        // A Quest Chest above the last floor.
        let mut fl = floors.clone();
        fl[0].game.chests[0].quest = true;
        let e = refused(&file, &fl);
        assert!(e.contains("floor-1/scenario.yaml: chests"), "{e}");
        let e = Dungeon::new(file.clone(), fl, "mem")
            .unwrap_err()
            .to_string();
        assert!(e.contains("chests: floor 1 holds a Quest Chest"), "{e}");
        // The floor: field disagrees.
        let mut fl = floors.clone();
        fl[1].game.floor = Some(FloorOf { number: 2, of: 3 });
        let e = refused(&file, &fl);
        assert!(e.contains("floor-2/scenario.yaml: "), "{e}");
        let e = Dungeon::new(file.clone(), fl, "mem")
            .unwrap_err()
            .to_string();
        assert!(e.contains("floor: says floor 2 of 3"), "{e}");
        // No floors; too many floors.
        let mut f = file.clone();
        f.floors.clear();
        assert!(refused(&f, &floors).contains("floors: has 0 floors"));
    }

    #[test]
    fn hostile_dungeon_files_get_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("dungeon.yaml");
        for text in [
            "",
            "format: tilecrawl-dungeon/1\n",
            "format: tilecrawl-dungeon/9\ngenerator: x\nseed: 1\nmission: quest\nfloors: []\n",
            "[1, 2",
            "format: tilecrawl-dungeon/1\ngenerator: x\nseed: 1\nmission: heist\nfloors: []\n",
        ] {
            std::fs::write(&p, text).unwrap();
            let e = load_dungeon(&p).unwrap_err().to_string();
            assert!(e.starts_with(&p.display().to_string()), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
        let big = "#".repeat(MAX_DUNGEON_BYTES as usize + 1);
        std::fs::write(&p, big).unwrap();
        assert!(
            load_dungeon(&p)
                .unwrap_err()
                .to_string()
                .contains("at most")
        );
    }

    #[test]
    fn dungeons_made_in_memory_get_the_same_checks() {
        let (file, floors) = two_floors();
        assert!(Dungeon::new(file.clone(), floors.clone(), "mem").is_ok());
        let mut f = file;
        f.floors[0].stairs = None;
        assert!(Dungeon::new(f, floors, "mem").is_err());
    }

    #[test]
    fn a_dungeon_file_must_say_what_its_floors_say() {
        let (file, floors) = two_floors();
        let refused = |f: DungeonFile| Dungeon::new(f, floors.clone(), "mem").unwrap_err();
        let mut f = file.clone();
        f.mission = "rescue".into();
        let e = refused(f);
        assert_eq!(
            e.to_string(),
            "mem: mission: is `rescue`, but floor 1 (floor-1/scenario.yaml) says `quest`; a dungeon.yaml repeats its floors, and the two must agree"
        );
        let mut f = file.clone();
        f.floors[1].seed = 9;
        assert_eq!(refused(f).location, "floors[1].seed: ");
        let mut f = file.clone();
        f.floors[0].sets = 2;
        assert_eq!(refused(f).location, "floors[0].sets: ");
        let mut f = file.clone();
        f.turn_limit = Some(4);
        assert_eq!(refused(f).location, "turn_limit: ");
        // The same mission in other words is the same mission.
        let mut timed = floors.clone();
        for (s, limit) in timed.iter_mut().zip([2, 1]) {
            s.game.mission = "timed+quest".into();
            s.game.turn_limit = Some(limit);
        }
        let mut f = file;
        f.mission = "quest+timed".into();
        f.turn_limit = Some(3);
        assert!(Dungeon::new(f.clone(), timed.clone(), "mem").is_ok());
        f.turn_limit = None;
        let e = Dungeon::new(f, timed, "mem").unwrap_err();
        assert_eq!(
            e.message,
            "missing, but the floors' turn limits add up to 3; a timed dungeon's limit is their sum"
        );
    }
}
