//! SRD hirelings (the `found`, `costs`, `skills` and `split` tables of
//! `templates/characters/dw-srd.yaml`): a number set by
//! where the hireling is found, split between loyalty, a main skill and
//! secondary skills; a cost; and the rule that it serves only adventurers
//! of at least its highest skill's level.

use crate::characters::CharacterError;
use crate::characters::dw_srd::data::{SkillDef, Tables, lookup};
use crate::characters::wod_s::names;
use crate::core::dice::Dice;

/// Most hirelings one request may make.
pub const MAX_COUNT: u32 = 20;

/// A made hireling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hireling {
    /// Its name (from a World of Dungeons S land: the chapter has no list).
    pub name: String,
    /// Where it was found.
    pub found: String,
    /// The number rolled for the place.
    pub number: u32,
    /// Loyalty.
    pub loyalty: u32,
    /// Skills and ranks, the main one first.
    pub skills: Vec<(SkillDef, u32)>,
    /// What keeps it in service.
    pub cost: String,
}

impl Hireling {
    /// The least level of an adventurer it works for: its highest skill.
    pub fn serves_from_level(&self) -> u32 {
        self.skills.iter().map(|s| s.1).max().unwrap_or(0)
    }

    /// Whether it works for an adventurer of `level`.
    pub fn serves(&self, level: u32) -> bool {
        level >= self.serves_from_level()
    }
}

/// Makes `count` hirelings found at `found`, with `skill` as the main
/// skill if given (else rolled). Every roll is logged.
pub fn make(
    t: &Tables,
    found: &str,
    skill: Option<&str>,
    count: u32,
    dice: &mut Dice,
) -> Result<Vec<Hireling>, CharacterError> {
    let place = lookup(&t.found, |f| &f.id, found, "place")?;
    let main_fixed = skill
        .map(|s| lookup(&t.skills, |k| &k.id, s, "hireling skill"))
        .transpose()?;
    if !(1..=MAX_COUNT).contains(&count) {
        return Err(CharacterError::OutOfRange {
            what: "the number of hirelings",
            got: i64::from(count),
            low: 1,
            high: i64::from(MAX_COUNT),
        });
    }
    let lands = names::human_lands();
    let s = &t.split;
    let mut out: Vec<Hireling> = Vec::with_capacity(count as usize);
    for _ in 0..count {
        let l = dice.choose_then(lands.len(), |i| {
            format!("hireling's land: {}", lands[i].title)
        });
        let taken: Vec<String> = out.iter().map(|h| h.name.clone()).collect();
        let name = names::draw(lands[l], 1, &taken, dice)?.remove(0);
        let span = place.high - place.low + 1;
        let number = place.low - 1
            + dice.roll(
                1,
                span,
                format_args!(
                    "number for a hireling found in a {} ({}-{}, as 1d{span}+{})",
                    place.id,
                    place.low,
                    place.high,
                    place.low - 1
                ),
            );
        let loyalty = dice
            .roll(1, s.loyalty_die, "loyalty")
            .saturating_sub(s.loyalty_less)
            .min(number - 1);
        let mut left = number - loyalty;
        let main = match main_fixed {
            Some(m) => {
                dice.note(format_args!("main skill: {} (chosen)", m.id));
                m
            }
            None => {
                let k = dice.choose_then(t.skills.len(), |k| {
                    format!("main skill: {}", t.skills[k].id)
                });
                &t.skills[k]
            }
        };
        let mut skills = Vec::new();
        if left >= 2
            && dice.roll(1, s.secondary_die, "a secondary skill? (top face: yes)")
                == s.secondary_die
        {
            let rank = dice
                .roll(1, s.secondary_rank_die, "secondary skill's rank")
                .min(left / 2);
            let others: Vec<&SkillDef> = t.skills.iter().filter(|k| k.id != main.id).collect();
            let k = dice.choose_then(others.len(), |k| {
                format!("secondary skill: {}", others[k].id)
            });
            skills.push((others[k].clone(), rank));
            left -= rank;
        }
        // The main skill takes the rest, within the rank limit; anything
        // over it goes back to loyalty.
        let main_rank = left.min(s.max_rank);
        let loyalty = loyalty + (left - main_rank);
        skills.insert(0, (main.clone(), main_rank));
        let c = dice.choose_then(t.costs.len(), |k| format!("cost: {}", t.costs[k]));
        out.push(Hireling {
            name,
            found: place.id.clone(),
            number,
            loyalty,
            skills,
            cost: t.costs[c].clone(),
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t() -> &'static Tables {
        Tables::embedded()
    }

    #[test]
    fn a_scripted_city_protector_splits_its_number() {
        // land 1, name 1; number 1d5+5 shows 4: 9; loyalty 1d3-1 shows 2: 1;
        // a secondary (2 on the d2), rank 2, the 5th other skill (tracker);
        // cost 4 (fame and glory). Protector 9 - 1 - 2 = 6.
        let mut d = Dice::scripted(&[1, 1, 4, 2, 2, 2, 5, 4]);
        let h = make(t(), "city", Some("protector"), 1, &mut d)
            .unwrap()
            .remove(0);
        assert_eq!(d.script_left(), 0);
        assert_eq!((h.number, h.loyalty), (9, 1));
        let ranks: Vec<(&str, u32)> = h.skills.iter().map(|(s, r)| (s.id.as_str(), *r)).collect();
        assert_eq!(ranks, [("protector", 6), ("tracker", 2)]);
        assert_eq!(h.cost, "fame and glory");
        assert_eq!(h.serves_from_level(), 6);
        assert!(!h.serves(5) && h.serves(6));
    }

    #[test]
    fn numbers_add_up_over_many_seeds() {
        for seed in 0..400 {
            let mut d = Dice::for_stage(seed, "hirelings");
            for place in ["village", "town", "keep", "city"] {
                for h in make(t(), place, None, 3, &mut d).unwrap() {
                    let f = t().found.iter().find(|f| f.id == place).unwrap();
                    assert!((f.low..=f.high).contains(&h.number));
                    let sum: u32 = h.loyalty + h.skills.iter().map(|s| s.1).sum::<u32>();
                    assert_eq!(sum, h.number, "seed {seed} {h:?}");
                    let main = h.skills[0].1;
                    assert!(
                        h.skills
                            .iter()
                            .all(|s| (1..=10).contains(&s.1) && s.1 <= main)
                    );
                    assert!(h.loyalty <= 2, "seed {seed}: loyalty {}", h.loyalty);
                    assert!(t().costs.contains(&h.cost));
                }
            }
        }
    }

    #[test]
    fn unknown_places_and_skills_are_refused() {
        let mut d = Dice::for_stage(1, "h");
        let e = make(t(), "moon", None, 1, &mut d).unwrap_err().to_string();
        assert!(
            e.contains("unknown place `moon`; expected one of: village, town, keep, city"),
            "{e}"
        );
        assert!(make(t(), "city", Some("cook"), 1, &mut d).is_err());
        assert!(make(t(), "vil", Some("prot"), 1, &mut d).is_ok());
        // `p` begins priest and protector: ambiguous, naming both, not an
        // unknown skill.
        let e = make(t(), "city", Some("p"), 1, &mut d).unwrap_err();
        assert_eq!(
            e.to_string(),
            "hireling skill `p` is ambiguous: it begins priest, protector; type more of it"
        );
    }
}
