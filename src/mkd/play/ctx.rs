//! What a rule works with: the state, the dice and the list of events the
//! command has caused so far. Every rule function takes a [`Ctx`].

use crate::core::dice::Dice;
use crate::mkd::play::event::{Chooser, Event, Pick, Rolls, Topic};
use crate::mkd::play::state::State;
use crate::mkd::play::transcript::{Choice, pick_name};

/// The state, the dice and the events of the command being played.
pub struct Ctx<'a> {
    /// The game's state.
    pub s: &'a mut State,
    /// The play dice.
    pub dice: &'a mut Dice,
    /// What happened so far in this command.
    pub out: &'a mut Vec<Event>,
}

impl Ctx<'_> {
    /// Reports an event.
    pub fn emit(&mut self, e: Event) {
        self.out.push(e);
    }

    /// Reports the banner for who acts now.
    pub fn banner(&mut self) {
        let b = self.s.banner();
        self.emit(Event::Banner(b));
    }

    /// A tie-break the transcript shows with its dice (`orc-1: way round:
    /// rolled 5, 2 — east`): one of `picks`, by a d6 re-rolled until it
    /// names one (a fair die past six). A single option needs no die.
    pub fn choose(&mut self, by: Chooser, topic: Topic, picks: &[Pick]) -> usize {
        self.choose_among(by, topic, picks.len(), |k| picks[k])
    }

    /// [`Ctx::choose`] among `n` options named by `pick`, with no list made
    /// (a choice the dungeon makes every turn, in every simulated run).
    pub fn choose_among(
        &mut self,
        by: Chooser,
        topic: Topic,
        n: usize,
        pick: impl Fn(usize) -> Pick,
    ) -> usize {
        if n <= 1 {
            return 0;
        }
        let mut faces = Vec::new();
        let s: &State = self.s;
        let k = self.dice.choose_d6_seen(
            n,
            Choice { s, by, topic },
            |k| pick_name(s, pick(k)),
            |f| faces.push(f),
        );
        self.emit(Event::Chose {
            by,
            topic,
            faces: Rolls(faces),
            pick: pick(k),
        });
        k
    }
}
