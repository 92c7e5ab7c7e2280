//! What an adventure came to, for the campaign's town phase: who came back,
//! which chests they brought, how much experience the party earned.

use crate::mkd::play::state::{ChestOrigin, ChestPlace, HeroPlace, HeroState, Outcome, State};
use crate::mkd::tables::Item;

/// The end of an adventure, as the town phase needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdventureResult {
    /// How the game ended; `None` while it is still being played.
    pub outcome: Option<Outcome>,
    /// The turn the game stands at.
    pub turn: u32,
    /// Heroes not slain, in party order.
    pub survivors: Vec<String>,
    /// Heroes slain, in party order.
    pub fallen: Vec<String>,
    /// Chests brought out of the dungeon, in chest order.
    pub chests: Vec<ChestOut>,
    /// Experience earned in the dungeon (kills, traps).
    pub experience_earned: u32,
    /// Of that, experience already spent in the dungeon (heals, levels).
    pub experience_spent: u32,
}

/// A chest brought out of the dungeon.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChestOut {
    /// Transcript name (`chest-3`, `quest-chest`).
    pub id: String,
    /// Chest level, 1 to 3.
    pub level: u32,
    /// The Quest Chest?
    pub quest: bool,
    /// Gold and item, if the chest was opened in the dungeon; `None` for a
    /// chest carried out shut. A potion in a chest opened in the dungeon
    /// was drunk by the hero who opened it.
    pub contents: Option<(u32, Option<Item>)>,
    /// Where it came from: from town (`town-1`, …), its item goes back to
    /// the party; an artifact's powers leave it in town.
    pub origin: ChestOrigin,
    /// Still holds its potion, undrunk (a chest from town).
    pub full: bool,
}

impl State {
    /// The adventure's result so far (final once [`State::outcome`] is set).
    ///
    /// A game stops as soon as its outcome is known, sometimes with heroes
    /// still inside (a stealth mission's Quest Chest went out ahead of them,
    /// or they are cut off: the `missions` module). tilecrawl's
    /// reading: nothing is left to stop them, so every hero not slain counts
    /// as a survivor; a chest counts as brought out only once its bearer
    /// has left, so what such a hero carries stays inside.
    ///
    /// A rescue's prisoner is not one of the party: once freed it stands
    /// among the game's heroes, but it is neither a survivor nor fallen here.
    pub fn result(&self) -> AdventureResult {
        let party = |&(i, _): &(usize, &HeroState)| {
            self.mission.freed != Some(crate::mkd::play::state::HeroId(i))
        };
        // A hero knocked out cold (`--injuries wod-s`) lives if the heroes win.
        let won = self.outcome() == Some(crate::mkd::play::state::Outcome::Won);
        let fell = |h: &HeroState| h.place == HeroPlace::Slain && !(h.out_cold && won);
        let survivors = self
            .heroes
            .iter()
            .enumerate()
            .filter(party)
            .filter(|(_, h)| !fell(h))
            .map(|(_, h)| h.name.to_string())
            .collect();
        let fallen = self
            .heroes
            .iter()
            .enumerate()
            .filter(party)
            .filter(|(_, h)| fell(h))
            .map(|(_, h)| h.name.to_string())
            .collect();
        let chests = self
            .chests
            .iter()
            // Carried out only once its bearer has left the dungeon.
            .filter(|c| c.place == ChestPlace::Out)
            .map(|c| ChestOut {
                id: c.id.clone(),
                level: c.level,
                quest: c.quest,
                contents: c.contents.clone(),
                origin: c.origin,
                full: c.full,
            })
            .collect();
        AdventureResult {
            outcome: self.outcome(),
            turn: self.turn,
            survivors,
            fallen,
            chests,
            experience_earned: self.xp,
            experience_spent: self.xp_spent,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::mkd::play::state::{ChestPlace, HeroId, HeroPlace, Outcome, Phase};
    use crate::mkd::play::testkit;

    #[test]
    fn a_fresh_game_has_no_outcome_and_everyone_alive() {
        let g = testkit::game(&[]);
        let r = g.result();
        assert_eq!(r.outcome, None);
        assert_eq!(r.fallen, Vec::<String>::new());
        assert_eq!(r.survivors.len(), g.heroes.len());
        assert!(r.chests.is_empty());
        assert_eq!(r.experience_earned, 0);
    }

    #[test]
    fn a_chest_counts_as_carried_out_only_once_its_bearer_left() {
        let mut g = testkit::game(&[]);
        let mut second = g.chests[0].clone();
        second.id = "quest-chest".into();
        second.quest = true;
        g.chests.push(second);
        g.chests[0].place = ChestPlace::Out;
        let sword = crate::mkd::tables::Item {
            name: "fine sword".into(),
            speed: 0,
            attack: 2,
            defence: 0,
            abilities: vec![],
            potion: false,
        };
        g.chests[0].contents = Some((100, Some(sword)));
        g.chests[1].place = ChestPlace::Hero(HeroId(0));
        g.heroes[0].place = HeroPlace::Escaped;
        g.heroes[1].place = HeroPlace::Slain;
        g.xp = 40;
        g.xp_spent = 10;
        // Still playing: only the chest already out counts.
        let r = g.result();
        assert_eq!(r.chests.len(), 1);
        let (gold, item) = r.chests[0].contents.clone().unwrap();
        assert_eq!(gold, 100);
        assert_eq!(item.unwrap().attack, 2, "the sword the chest holds");
        g.phase = Phase::Over(Outcome::Won);
        let r = g.result();
        assert_eq!(r.outcome, Some(Outcome::Won));
        // The chest still in a hero's hands at the end was not carried out.
        assert_eq!(r.chests.len(), 1);
        assert_eq!(r.fallen, vec![g.heroes[1].name.to_string()]);
        assert!(!r.survivors.contains(&g.heroes[1].name.to_string()));
        assert_eq!((r.experience_earned, r.experience_spent), (40, 10));
    }
}
