//! Reaching 0 HP and critical injuries: the Con check (2d6 + Con) and, on
//! a miss, a d100 location, a d12 severity and the effect code a special
//! location gives.

use crate::characters::CharacterError;
use crate::characters::roll::Band;
use crate::characters::wod_s::data::Tables;
use crate::core::dice::Dice;

/// Where a critical injury landed, how bad it is and what it does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Injury {
    /// The d100 face (100 for 00).
    pub location_roll: u32,
    /// Where (`upper arm`).
    pub location: String,
    /// `left` or `right` for a limb (a d2, the project's choice), else none.
    pub side: Option<&'static str>,
    /// The d12 face.
    pub severity_roll: u32,
    /// How bad (`severed`, `maimed`, `broken`).
    pub severity: String,
    /// What the severity means for healing.
    pub severity_note: String,
    /// The effect code of a special location, with its meaning.
    pub effect: Option<(String, String)>,
}

/// Rolls a critical injury.
pub fn roll_injury(t: &Tables, dice: &mut Dice) -> Injury {
    let d100 = dice.roll(1, 100, "critical injury: location");
    let loc = t
        .injury_locations
        .iter()
        .find(|r| d100 <= r.top)
        .expect("the loader checks the bands reach 100");
    dice.set_last_purpose(format_args!("critical injury: location {}", loc.location));
    let side = if loc.limb {
        let s = if dice.roll(1, 2, "critical injury: side (1 left, 2 right)") == 1 {
            "left"
        } else {
            "right"
        };
        Some(s)
    } else {
        None
    };
    let d12 = dice.roll(1, 12, "critical injury: severity");
    let sev = t
        .injury_severities
        .iter()
        .find(|r| d12 <= r.top)
        .expect("the loader checks the bands reach 12");
    dice.set_last_purpose(format_args!("critical injury: severity {}", sev.severity));
    let effect = loc.special.as_ref().and_then(|col| {
        let code = sev.codes.get(col)?;
        Some((code.clone(), t.effect(code).unwrap_or("").to_string()))
    });
    Injury {
        location_roll: d100,
        location: loc.location.clone(),
        side,
        severity_roll: d12,
        severity: sev.severity.clone(),
        severity_note: sev.note.clone(),
        effect,
    }
}

/// What a player character's Con check at 0 HP gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZeroHp {
    /// 10+: on its feet; any more damage kills it.
    Reeling,
    /// 7–9: passes out; fine if its side wins.
    PassesOut,
    /// 6 or less: passes out and takes a critical injury.
    Injured(Injury),
}

/// A Con typed for the Con check, refused unless a player character can
/// have it ([`Tables::con_range`]: -1 to +3 by the text).
pub fn check_con(t: &Tables, con: i32) -> Result<i32, CharacterError> {
    let (low, high) = t.con_range();
    if (low..=high).contains(&con) {
        Ok(con)
    } else {
        Err(CharacterError::OutOfRange {
            what: "Con",
            got: i64::from(con),
            low: i64::from(low),
            high: i64::from(high),
        })
    }
}

/// The Con check at 0 HP: 2d6 + Con, then the injury on a miss. Returns
/// the two faces with the outcome (logged as one 2d6, their total). `con`
/// is a sheet's (checked by the party loader) or one [`check_con`] let
/// through.
pub fn con_check(t: &Tables, con: i32, dice: &mut Dice) -> ([u32; 2], ZeroHp) {
    let faces = dice.roll_each::<2>(6, format_args!("Con check at 0 HP (Con {con:+})"));
    let roll = faces[0] + faces[1];
    let outcome = match Band::of(i64::from(roll) + i64::from(con)) {
        Band::Hit => ZeroHp::Reeling,
        Band::Partial => ZeroHp::PassesOut,
        Band::Miss => ZeroHp::Injured(roll_injury(t, dice)),
    };
    (faces, outcome)
}

/// A Con check's dice as `roll` prints dice: both faces, then the Con and
/// the total (`2d6 [4, 2] - 1 = 5`). The `injury --con` command and the
/// MKD play transcript both print the check this way.
pub fn con_check_dice(faces: [u32; 2], con: i32) -> String {
    let [a, b] = faces;
    let total = i64::from(a) + i64::from(b) + i64::from(con);
    let sign = if con < 0 { '-' } else { '+' };
    format!("2d6 [{a}, {b}] {sign} {} = {total}", con.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> &'static Tables {
        Tables::embedded()
    }

    #[test]
    fn every_d100_face_names_one_location() {
        let want = [
            (1, "foot"),
            (2, "foot"),
            (3, "shin"),
            (21, "groin"),
            (33, "gut"),
            (70, "chest"),
            (92, "neck"),
            (96, "face"),
            (97, "head"),
            (100, "head"),
        ];
        for (face, loc) in want {
            let mut d = Dice::scripted(&[face, 1, 7]);
            let i = roll_injury(t(), &mut d);
            assert_eq!(i.location, loc, "d100 {face}");
        }
        let mut count = 0;
        for face in 1..=100 {
            let hits = t()
                .injury_locations
                .iter()
                .filter(|r| face <= r.top)
                .count();
            assert!(hits >= 1);
            count += 1;
        }
        assert_eq!(count, 100);
    }

    #[test]
    fn neck_hits_kill_at_once_up_to_5_and_broken_from_6() {
        for d12 in 1..=12 {
            let mut d = Dice::scripted(&[92, d12]);
            let i = roll_injury(t(), &mut d);
            assert_eq!(i.side, None);
            let code = i.effect.unwrap().0;
            if d12 <= 5 {
                assert_eq!(code, "X", "d12 {d12}");
            } else {
                assert_eq!((code.as_str(), i.severity.as_str()), ("D", "broken"));
            }
        }
        // A limb: a side, no effect code.
        let mut d = Dice::scripted(&[85, 2, 1]);
        let i = roll_injury(t(), &mut d);
        assert_eq!(
            (i.location.as_str(), i.side, i.severity.as_str()),
            ("upper arm", Some("right"), "severed")
        );
        assert_eq!(i.effect, None);
        // Gut, maimed: ruptured organs.
        let mut d = Dice::scripted(&[25, 3]);
        assert_eq!(roll_injury(t(), &mut d).effect.unwrap().0, "O");
    }

    #[test]
    fn con_is_minus_1_to_3_as_a_character_can_have_it() {
        // All attributes start at 0 and stop at +3; an elf's -1 is the one
        // way below 0.
        assert_eq!(t().con_range(), (-1, 3));
        for con in -1..=3 {
            assert_eq!(check_con(t(), con), Ok(con));
        }
        for con in [-3, -2, 4, 6, i32::MIN, i32::MAX] {
            let e = check_con(t(), con).unwrap_err().to_string();
            assert_eq!(e, format!("Con is {con}; expected -1 to 3"));
        }
    }

    #[test]
    fn the_con_check_has_three_outcomes() {
        let mut d = Dice::scripted(&[5, 4]);
        assert_eq!(con_check(t(), 1, &mut d), ([5, 4], ZeroHp::Reeling));
        assert_eq!((d.log()[0].roll.as_str(), d.log()[0].result), ("2d6", 9));
        let mut d = Dice::scripted(&[5, 4]);
        assert_eq!(con_check(t(), 0, &mut d).1, ZeroHp::PassesOut);
        let mut d = Dice::scripted(&[3, 3, 60, 1]);
        match con_check(t(), 0, &mut d).1 {
            ZeroHp::Injured(i) => assert_eq!(
                (i.location.as_str(), i.effect.unwrap().0.as_str()),
                ("chest", "D")
            ),
            o => panic!("{o:?}"),
        }
        assert_eq!(d.script_left(), 0);
    }

    #[test]
    fn the_con_check_prints_both_faces_then_the_con_and_the_total() {
        assert_eq!(con_check_dice([1, 5], -1), "2d6 [1, 5] - 1 = 5");
        assert_eq!(con_check_dice([6, 4], 0), "2d6 [6, 4] + 0 = 10");
        assert_eq!(con_check_dice([4, 6], 2), "2d6 [4, 6] + 2 = 12");
    }
}
