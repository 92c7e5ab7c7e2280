//! Monster decision making (placeholder: heads for the nearest hero and
//! attacks). Replaced by the full decision rules.

use crate::play::board::Board;
use crate::play::engine::Game;

/// One monster's activation.
pub(crate) fn activate(game: &mut Game, m: usize) {
    let Some(from) = game.monsters[m].pos else {
        return;
    };
    let mover = game.monster_mover(m);
    let id = game.monsters[m].id.clone();
    let Some(h) = game.nearest_hero_from(from, &mover, &format!("{id}: first choice")) else {
        return;
    };
    let hp = game.heroes[h].pos().expect("inside");
    if !Board::adjacent(from, hp) {
        game.step_monster_towards(m, hp);
    }
    if let (Some(p), Some(hp)) = (game.monsters[m].pos, game.heroes[h].pos())
        && Board::adjacent(p, hp)
    {
        game.monster_attacks(m, h);
    }
}
