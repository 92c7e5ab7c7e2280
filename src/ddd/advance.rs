//! Between games (the advanced rules, rule text L164-176): a war-party's
//! roster after a game played with `--advanced` — experience spent on new
//! abilities, killed models replaced by new ones.
//!
//! The text leaves the choices to the player; tilecrawl's recipe, each
//! step a logged roll of the party's dice:
//!
//! 1. every surviving model adds the experience it earned this game to its
//!    unspent points, and trades each five for an ability rolled by the
//!    weights `warparty new` deals with (rolled again, at most
//!    [`BUY_TRIES`] times, while it would break a rule for that model);
//!    leftover points stay on the roster for the next game;
//! 2. each killed model is struck off and a new one takes its number (its
//!    card): dice rolled as `warparty new` rolls them, no experience;
//! 3. the new models share as many abilities as there are new models,
//!    dealt as `warparty new` deals (at most two a new model), and only to
//!    them;
//! 4. the party's `ability_limit` becomes its new total when that is past
//!    ten, so `warparty check` accepts the grown roster.

use crate::core::dice::Dice;
use crate::ddd::play::engine::Game;
use crate::ddd::play::state::{Fate, Team};
use crate::ddd::warparty::{self, MAX_ABILITIES, MAX_NAME, Warparty};

/// Experience points an ability costs (L167).
pub const XP_PER_ABILITY: u32 = 5;
/// Rolls for one bought ability before the points are kept for later.
pub const BUY_TRIES: u32 = 50;

/// Why a game cannot advance a war-party.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AdvanceError {
    /// The game was played without the advanced rules.
    #[error(
        "the game was played without --advanced; experience and reinforcements are advanced rules"
    )]
    NotAdvanced,
    /// The game is still under way.
    #[error("the game is not over yet; play it to the end first")]
    NotOver,
}

/// What one side took away from a finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aftermath {
    /// The side.
    pub team: Team,
    /// Numbers of its models killed, in order.
    pub killed: Vec<u32>,
    /// Experience earned by each model, by number (models with none left out).
    pub experience: Vec<(u32, u32)>,
}

/// The aftermath of a finished game played with the advanced rules, for
/// `team`.
pub fn aftermath(game: &Game, team: Team) -> Result<Aftermath, AdvanceError> {
    if !game.opts.advanced {
        return Err(AdvanceError::NotAdvanced);
    }
    if !game.over() {
        return Err(AdvanceError::NotOver);
    }
    let mine = game.state.figures.iter().filter(|f| f.id.team == team);
    Ok(Aftermath {
        team,
        killed: mine
            .clone()
            .filter(|f| f.fate == Fate::Dead)
            .map(|f| f.id.number)
            .collect(),
        experience: mine
            .filter(|f| f.xp > 0)
            .map(|f| (f.id.number, f.xp))
            .collect(),
    })
}

/// `w` after a game: experience spent, the killed replaced (see the
/// module's recipe). The rolls are added to the party's log, under the
/// stage `warparty advance`.
pub fn advance(w: &Warparty, after: &Aftermath, seed: u64) -> Warparty {
    let stage = match after.team {
        Team::Blue => "warparty advance blue",
        Team::Red => "warparty advance red",
    };
    advance_with(w, after, Dice::for_stage(seed, stage))
}

/// [`advance`] with the dice given (tests script them).
pub fn advance_with(w: &Warparty, after: &Aftermath, mut dice: Dice) -> Warparty {
    let mut out = w.clone();
    out.models.sort_by_key(|m| m.number);
    // 1. experience, survivors only.
    for m in out
        .models
        .iter_mut()
        .filter(|m| !after.killed.contains(&m.number))
    {
        let earned = after
            .experience
            .iter()
            .find(|(n, _)| *n == m.number)
            .map_or(0, |(_, x)| *x);
        m.experience += earned;
        let n = m.number;
        'buy: while m.experience >= XP_PER_ABILITY {
            for attempt in 1..=BUY_TRIES {
                let a = warparty::roll_ability(
                    &mut dice,
                    format_args!("model {n}: an ability for {XP_PER_ABILITY} experience"),
                );
                if warparty::may_take(m, a) && warparty::serves(m, a) {
                    m.abilities.push(a);
                    m.experience -= XP_PER_ABILITY;
                    dice.set_last_purpose(format_args!(
                        "model {n}: {} bought with {XP_PER_ABILITY} experience ({} left)",
                        a.id(),
                        m.experience
                    ));
                    continue 'buy;
                }
                dice.set_last_purpose(format_args!(
                    "model {n}: {} does not fit it (roll {attempt}); rolled again",
                    a.id()
                ));
            }
            break;
        }
    }
    // 2. the killed replaced.
    let mut recruits = Vec::new();
    for (i, m) in out.models.iter_mut().enumerate() {
        if !after.killed.contains(&m.number) {
            continue;
        }
        let n = m.number;
        let (power, defense) = warparty::roll_dice(&mut dice, n);
        let name = format!("{} {n}", w.name);
        *m = warparty::Model {
            number: n,
            name: if name.chars().count() <= MAX_NAME {
                name
            } else {
                format!("Recruit {n}")
            },
            power,
            defense,
            abilities: Vec::new(),
            experience: 0,
        };
        recruits.push(i);
    }
    // 3. their abilities.
    warparty::deal(
        &mut dice,
        &mut out.models,
        &recruits,
        recruits.len(),
        "new models' ability",
    );
    // 4. the limit.
    let total: usize = out.models.iter().map(|m| m.abilities.len()).sum();
    out.ability_limit = (total > MAX_ABILITIES).then_some(total as u32);
    out.log.extend(dice.into_log());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ddd::play::engine::PlayOptions;
    use crate::ddd::play::session::{AiSide, run_ai};
    use crate::ddd::warparty::{Ability, Die, new, problems};
    use crate::ddd::{Choice, DddOptions, ScenarioKind, generate};

    /// Blue with its abilities on models 1-5, two each, 6-10 bare.
    fn party() -> Warparty {
        let mut w = new(3, "Blue");
        let pairs = [
            [Ability::RangedAttack, Ability::AceShot],
            [Ability::Thief, Ability::MasterThief],
            [Ability::ExtraWound, Ability::ExtraWound],
            [Ability::Healer, Ability::Mage],
            [Ability::Fear, Ability::SureOfFoot],
        ];
        for (i, m) in w.models.iter_mut().enumerate() {
            m.abilities = pairs.get(i).map_or(Vec::new(), |p| p.to_vec());
        }
        assert_eq!(problems(&w), Vec::new());
        w
    }

    #[test]
    fn five_experience_buy_an_ability_and_the_rest_is_kept() {
        // Model 6 (bare) earned 7: face 1 of the 39 weights is Ranged
        // Attack; 2 points stay. Model 7 has 4: not enough. Model 5 has
        // Fear and 5 points: face 25 (Fear) again is refused and rolled
        // again, face 38 is Strong Will.
        let w = party();
        let after = Aftermath {
            team: Team::Blue,
            killed: Vec::new(),
            experience: vec![(5, 5), (6, 7), (7, 4)],
        };
        let out = advance_with(&w, &after, Dice::scripted(&[25, 38, 1]));
        assert_eq!(
            out.models[4].abilities,
            vec![Ability::Fear, Ability::SureOfFoot, Ability::StrongWill]
        );
        assert_eq!(out.models[4].experience, 0);
        assert_eq!(out.models[5].abilities, vec![Ability::RangedAttack]);
        assert_eq!(out.models[5].experience, 2);
        assert_eq!(
            (out.models[6].abilities.len(), out.models[6].experience),
            (0, 4)
        );
        // Twelve abilities now: the limit follows, and the roster checks.
        assert_eq!(out.ability_limit, Some(12));
        assert_eq!(problems(&out), Vec::new());
        let log: Vec<&str> = out.log[w.log.len()..]
            .iter()
            .map(|e| e.purpose.as_str())
            .collect();
        assert_eq!(
            log,
            vec![
                "model 5: fear does not fit it (roll 1); rolled again",
                "model 5: strong-will bought with 5 experience (0 left)",
                "model 6: ranged-attack bought with 5 experience (2 left)",
            ]
        );
    }

    #[test]
    fn experience_buys_nothing_the_model_cannot_use() {
        // Model 6 (bare) earned 5: face 17 is magic weapon for ranged
        // attacks, which a model that cannot shoot has no use for; rolled
        // again, face 1 is Ranged Attack.
        let w = party();
        let after = Aftermath {
            team: Team::Blue,
            killed: Vec::new(),
            experience: vec![(6, 5)],
        };
        let out = advance_with(&w, &after, Dice::scripted(&[17, 1]));
        assert_eq!(out.models[5].abilities, vec![Ability::RangedAttack]);
        let log: Vec<&str> = out.log[w.log.len()..]
            .iter()
            .map(|e| e.purpose.as_str())
            .collect();
        assert_eq!(
            log,
            vec![
                "model 6: magic-weapon-ranged does not fit it (roll 1); rolled again",
                "model 6: ranged-attack bought with 5 experience (0 left)",
            ]
        );
    }

    #[test]
    fn killed_models_are_replaced_and_share_as_many_new_abilities() {
        // Models 2 (Thief, Master Thief) and 6 (bare) were killed; model 2's
        // experience is lost with it. New model 2: power face 3 (d8),
        // defense face 2 of d6/d8/d10/d12 (d8); new model 6: power 5
        // (d12), defense 1 of d4…d12 (d4). Two abilities between them:
        // model face 1 (new 2) ranged attack (face 3); model face 2 (new
        // 6) healer (face 26).
        let w = party();
        let after = Aftermath {
            team: Team::Blue,
            killed: vec![2, 6],
            experience: vec![(2, 9)],
        };
        let out = advance_with(&w, &after, Dice::scripted(&[3, 2, 5, 1, 1, 3, 2, 26]));
        let m2 = &out.models[1];
        assert_eq!((m2.power, m2.defense), (Die::D8, Die::D8));
        assert_eq!(m2.abilities, vec![Ability::RangedAttack]);
        assert_eq!((m2.name.as_str(), m2.experience), ("Blue 2", 0));
        let m6 = &out.models[5];
        assert_eq!((m6.power, m6.defense), (Die::D12, Die::D4));
        assert_eq!(m6.abilities, vec![Ability::Healer]);
        // Eight old abilities and two new: ten, no limit needed.
        assert_eq!(out.ability_limit, None);
        assert_eq!(problems(&out), Vec::new());
        // The survivors are unchanged.
        assert_eq!(out.models[0], w.models[0]);
    }

    fn finished(advanced: bool) -> Game {
        let s = generate(
            7,
            &DddOptions {
                choice: Choice::Named(ScenarioKind::Battle),
                ..DddOptions::default()
            },
        )
        .unwrap();
        let (mut g, _) = Game::new(
            &s,
            &new(1, "Blue"),
            &new(2, "Red"),
            Dice::quiet(5, "test"),
            PlayOptions {
                max_rounds: Some(40),
                advanced,
                ..PlayOptions::default()
            },
        )
        .unwrap();
        run_ai(&mut g, AiSide::Both, &mut Vec::new(), false);
        g
    }

    #[test]
    fn a_whole_game_advances_both_sides_to_legal_rosters() {
        let g = finished(true);
        assert!(g.over());
        for (team, w) in [(Team::Blue, new(1, "Blue")), (Team::Red, new(2, "Red"))] {
            let a = aftermath(&g, team).unwrap();
            let dead: Vec<u32> = g
                .state
                .figures
                .iter()
                .filter(|f| f.id.team == team && f.fate == Fate::Dead)
                .map(|f| f.id.number)
                .collect();
            assert_eq!(a.killed, dead);
            let out = advance(&w, &a, 5);
            assert_eq!(problems(&out), Vec::new(), "{team:?}");
            assert_eq!(out, advance(&w, &a, 5), "the same seed, the same roster");
            for n in &dead {
                let m = &out.models[*n as usize - 1];
                assert!(m.abilities.len() <= 2 && m.experience == 0);
            }
        }
    }

    #[test]
    fn a_game_without_the_advanced_rules_or_not_over_is_refused() {
        let g = finished(false);
        assert_eq!(aftermath(&g, Team::Blue), Err(AdvanceError::NotAdvanced));
        let s = generate(
            7,
            &DddOptions {
                choice: Choice::Named(ScenarioKind::Battle),
                ..DddOptions::default()
            },
        )
        .unwrap();
        let (g, _) = Game::new(
            &s,
            &new(1, "Blue"),
            &new(2, "Red"),
            Dice::quiet(5, "test"),
            PlayOptions {
                max_rounds: None,
                advanced: true,
                ..PlayOptions::default()
            },
        )
        .unwrap();
        assert_eq!(aftermath(&g, Team::Red), Err(AdvanceError::NotOver));
    }
}
