//! Who stands where: the state's figures are placed through these methods,
//! which keep [`State::standing`] up to date, and the questions asked of a
//! square (who is on it, is it free) are answered from it.

use super::{
    ChestId, ChestPlace, HeroId, HeroPlace, MonsterId, MonsterState, Occupancy, Standing, State,
    WmtState,
};
use crate::mkd::play::board::Mover;
use crate::mkd::play::board::walk::Steps;
use crate::scenario::Point;

impl State {
    /// Who stands on each square, gathered once: the route walks ask for
    /// every square they reach, and a look-up here is one index where
    /// [`Self::occupied`] scans the figure lists.
    pub fn occupancy(&self) -> Occupancy<'_> {
        self.check_standing();
        let prisoner = self.prisoner_square().and_then(|p| self.board.idx(p));
        self.standing.occupancy(&self.board, prisoner)
    }

    /// Can a figure on `from` shoot (or cast at) one on `to`, range aside?
    /// Walls, blocking terrain, empty space and shut doors on the line stop
    /// it ([`line_of_sight`](crate::mkd::play::board::line_of_sight)), and so
    /// does a figure standing on it ([`Occupancy::figure_on_line`]).
    pub fn line_of_fire(&self, from: Point, to: Point) -> bool {
        crate::mkd::play::board::line_of_sight(&self.board, from, to)
            && self.occupancy().figure_on_line(from, to, None).is_none()
    }

    /// The square of the figure that alone stops a shot from `from` at `to`
    /// (range aside): the walls let the line through, and a figure stands
    /// on it. `None` when the line is clear or the walls stop it first.
    pub fn figure_in_the_way(&self, from: Point, to: Point) -> Option<Point> {
        crate::mkd::play::board::line_of_sight(&self.board, from, to)
            .then(|| self.occupancy().figure_on_line(from, to, None))
            .flatten()
    }

    /// The name of the figure on `p` as the log writes it: a hero's name,
    /// a monster's id, or "the prisoner".
    pub fn figure_name_at(&self, p: Point) -> String {
        if let Some(h) = self.hero_at(p) {
            return self.heroes[h].name.to_string();
        }
        if let Some(m) = self.monster_at(p) {
            return self.monsters[m].id.to_string();
        }
        String::from("the prisoner")
    }

    /// Who stands on each square, counted again from the figures.
    fn standing_counted(&self) -> Vec<u32> {
        let mut on = vec![0; self.board.len()];
        let mut mark = |p: Option<Point>, one: u32| {
            if let Some(i) = p.and_then(|p| self.board.idx(p)) {
                on[i] += one;
            }
        };
        for h in &self.heroes {
            mark(h.pos(), Standing::HERO);
        }
        for m in self.floor_monsters() {
            mark(self.monsters[m].pos, Standing::MONSTER);
        }
        for w in &self.wmts {
            mark(Some(w.pos), Standing::TOKEN);
        }
        on
    }

    /// Counts who stands where again, after figures were moved, added or
    /// taken off other than through the `set_` methods (a new floor, a
    /// turned tile, tokens revealed or placed).
    pub fn resync_standing(&mut self) {
        self.standing = Standing::from_counts(self.standing_counted());
    }

    /// Debug builds: the kept counts are the figures' own.
    #[inline]
    fn check_standing(&self) {
        debug_assert!(
            self.standing.counts() == self.standing_counted(),
            "who stands where was not kept up to date"
        );
    }

    /// Puts hero `h` at `place`, keeping [`State::standing`].
    pub fn set_hero_place(&mut self, h: HeroId, place: HeroPlace) {
        let old = self.heroes[h].pos();
        self.heroes[h].place = place;
        let new = self.heroes[h].pos();
        self.standing.moved(&self.board, old, new, Standing::HERO);
    }

    /// Puts monster `m` at `pos` (`None`: off the board), keeping
    /// [`State::standing`].
    pub fn set_monster_pos(&mut self, m: MonsterId, pos: Option<Point>) {
        let old = self.monsters[m].pos;
        self.monsters[m].pos = pos;
        if m.0 >= self.floor_from {
            self.standing
                .moved(&self.board, old, pos, Standing::MONSTER);
        }
    }

    /// Adds a monster to this floor's, keeping [`State::standing`].
    pub fn push_monster(&mut self, m: MonsterState) -> MonsterId {
        let pos = m.pos;
        self.monsters.push(m);
        self.standing
            .moved(&self.board, None, pos, Standing::MONSTER);
        MonsterId(self.monsters.len() - 1)
    }

    /// Adds a token, keeping [`State::standing`]; its index among the
    /// tokens.
    pub fn push_wmt(&mut self, w: WmtState) -> usize {
        let pos = w.pos;
        self.wmts.push(w);
        self.standing
            .moved(&self.board, None, Some(pos), Standing::TOKEN);
        self.wmts.len() - 1
    }

    /// Takes token `i` (its index among the tokens) off the board, keeping
    /// [`State::standing`].
    pub fn remove_wmt(&mut self, i: usize) -> WmtState {
        let w = self.wmts.remove(i);
        self.standing
            .moved(&self.board, Some(w.pos), None, Standing::TOKEN);
        w
    }

    /// Puts token `i` (its index among the tokens) at `pos`, keeping
    /// [`State::standing`].
    pub fn set_wmt_pos(&mut self, i: usize, pos: Point) {
        let old = self.wmts[i].pos;
        self.wmts[i].pos = pos;
        self.standing
            .moved(&self.board, Some(old), Some(pos), Standing::TOKEN);
    }

    /// The free squares a step downhill along `dist` leads to from `from`
    /// ([`crate::mkd::play::board::Board::downhill`] without the squares someone stands on).
    pub fn free_downhill(&self, from: Point, dist: &[u32], m: &Mover) -> Steps {
        let mut steps = self.board.downhill(from, dist, m);
        steps.retain(|p| !self.occupied(p));
        steps
    }

    /// Is a square taken by a hero, monster, token or the held prisoner?
    pub fn occupied(&self, p: Point) -> bool {
        if let Some(i) = self.board.idx(p) {
            self.check_standing();
            return self.standing.anyone_at(i) || self.prisoner_square() == Some(p);
        }
        self.hero_at(p).is_some()
            || self.monster_at(p).is_some()
            || self.wmts.iter().any(|w| w.pos == p)
            || self.prisoner_square() == Some(p)
    }

    /// The hero on a square.
    pub fn hero_at(&self, p: Point) -> Option<HeroId> {
        if self.standing.none_at(&self.board, p, Standing::HERO) {
            return None;
        }
        self.heroes
            .iter()
            .position(|h| h.pos() == Some(p))
            .map(HeroId)
    }

    /// The monster on a square.
    pub fn monster_at(&self, p: Point) -> Option<MonsterId> {
        if self.standing.none_at(&self.board, p, Standing::MONSTER) {
            return None;
        }
        self.floor_monsters()
            .find(|&m| self.monsters[m].pos == Some(p))
    }

    /// The chest lying on a square.
    pub fn chest_at(&self, p: Point) -> Option<ChestId> {
        self.chests
            .iter()
            .position(|c| c.place == ChestPlace::At(p))
            .map(ChestId)
    }

    /// The token on a square (its index among the tokens).
    pub fn wmt_at(&self, p: Point) -> Option<usize> {
        if self.standing.none_at(&self.board, p, Standing::TOKEN) {
            return None;
        }
        self.wmts.iter().position(|w| w.pos == p)
    }
}
