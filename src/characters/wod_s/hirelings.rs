//! Hirelings by the day (World of Dungeons S): torch bearers, guides,
//! armsmen, experts and champions, each with a name from a land of origin.

use crate::characters::CharacterError;
use crate::characters::wod_s::data::{HirelingKind, Tables};
use crate::characters::wod_s::names;
use crate::core::dice::Dice;

/// Most hirelings one request may hire.
pub const MAX_COUNT: u32 = 20;

/// A hired hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hireling {
    /// Its name.
    pub name: String,
    /// The land its name is from (title).
    pub land: String,
    /// What it is, with its pay, HP and gear.
    pub kind: HirelingKind,
}

/// Hires `count` hirelings of a kind (named by id or a unique beginning),
/// each named from a rolled human land, no name twice.
pub fn hire(
    t: &Tables,
    kind: &str,
    count: u32,
    dice: &mut Dice,
) -> Result<Vec<Hireling>, CharacterError> {
    let ids: Vec<&str> = t.hirelings.iter().map(|h| h.id.as_str()).collect();
    let k = crate::characters::names::pick(&ids, kind, "hireling kind")?;
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(CharacterError::OutOfRange {
            what: "the number of hirelings",
            got: i64::from(count),
            low: 1,
            high: i64::from(MAX_COUNT),
        });
    }
    let lands = names::human_lands();
    let mut out: Vec<Hireling> = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let l = dice.choose_then(lands.len(), |i| {
            format!("hireling's land: {}", lands[i].title)
        });
        let taken: Vec<String> = out.iter().map(|h| h.name.clone()).collect();
        let name = names::draw(lands[l], 1, &taken, dice)?.remove(0);
        out.push(Hireling {
            name,
            land: lands[l].title.clone(),
            kind: t.hirelings[k].clone(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn armsmen_have_the_texts_pay_hp_and_gear() {
        let t = Tables::embedded();
        let mut d = Dice::scripted(&[1, 1, 1, 1]);
        let h = hire(t, "arms", 2, &mut d).unwrap();
        assert_eq!(h.len(), 2);
        assert_eq!((h[0].kind.pay, h[0].kind.hp), (20, 12));
        assert_eq!(h[0].kind.gear, ["spear", "shield", "light armour"]);
        assert_eq!((h[0].name.as_str(), h[1].name.as_str()), ("Arnar", "Lárus"));
        let champ = &t.hirelings.iter().find(|k| k.id == "champion").unwrap();
        assert_eq!((champ.pay, champ.hp, champ.gear.len()), (60, 18, 5));
        let e = hire(t, "wizard", 1, &mut d).unwrap_err().to_string();
        assert!(e.starts_with("unknown hireling kind `wizard`"), "{e}");
        assert!(hire(t, "guide", 0, &mut d).is_err());
    }
}
