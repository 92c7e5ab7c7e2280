//! What a rule works on: the state, the map, the dice, the tables and the
//! events so far.

use crate::core::dice::Dice;
use crate::dw10::figures::Figures;
use crate::dw10::play::event::Event;
use crate::dw10::play::state::{Map, State};
use crate::dw10::tables::Tables;

/// A rule's world.
pub struct Ctx<'a> {
    /// The game.
    pub s: &'a mut State,
    /// The map.
    pub map: &'a Map,
    /// The play dice.
    pub dice: &'a mut Dice,
    /// The events pushed so far.
    pub ev: &'a mut Vec<Event>,
    /// The roll tables.
    pub tables: &'a Tables,
    /// The figure lists (spawned monsters' stats).
    pub figures: &'a Figures,
}

impl Ctx<'_> {
    /// One d6.
    pub fn d6(&mut self, purpose: &str) -> u32 {
        self.dice.d6(purpose)
    }

    /// `n` d6, each face kept.
    pub fn d6s(&mut self, n: u32, purpose: &str) -> Vec<u32> {
        (0..n).map(|_| self.dice.d6(purpose)).collect()
    }

    /// Records an event.
    pub fn push(&mut self, e: Event) {
        self.ev.push(e);
    }
}
