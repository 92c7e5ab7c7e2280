//! The dungeon a hero walks into: `?` counters (L327-348), keys and doors
//! (L556-562), teleporters (L356-363), staircases (L317-326), chests
//! (L448-483), furnishings, pools and wells, coffins (L365-439), Checking
//! for secret doors (L288-292), and the pieces revealed on the way (A16).

use crate::dw10::features::FeatureKind;
use crate::dw10::figures::Ability;
use crate::dw10::play::combat::{kill, wound};
use crate::dw10::play::ctx::Ctx;
use crate::dw10::play::event::Event;
use crate::dw10::play::party::{PowerUp, apply_power_up};
use crate::dw10::play::sight::seen_pieces;
use crate::dw10::play::state::{FeatureId, HeroId, Item, Sq, Who};
use crate::dw10::scenario::Objective;

/// Marks the pieces the heroes stand on or see as revealed.
pub fn reveal(c: &mut Ctx) {
    let mut new = seen_pieces(c.s, c.map);
    for h in c.s.live_heroes() {
        if let Some(p) = c.s.hero(h).body.at
            && let Some(t) = c.map.tile(p)
            && !c.s.revealed[t as usize]
            && !new.contains(&t)
        {
            new.push(t);
        }
    }
    for t in &new {
        c.s.revealed[*t as usize] = true;
    }
    if !new.is_empty() {
        new.sort_unstable();
        c.push(Event::Revealed { pieces: new });
    }
}

/// The trap table's row `row` on a hero (A2: a hit is a wound, a poison
/// hit a poison counter).
pub fn trap_table(c: &mut Ctx, hero: HeroId, row: u32) {
    let Some(r) = c.tables.traps.iter().find(|r| r.roll == row).cloned() else {
        return;
    };
    c.push(Event::TrapHits {
        hero,
        hits: r.hits,
        poison: r.poison,
        kills: r.kills,
    });
    let w = Who::Hero(hero);
    if r.kills {
        kill(c, w);
        return;
    }
    if r.poison > 0 && crate::dw10::play::magic::poison_proof(c.s, w) {
        c.push(Event::Warded {
            who: w,
            what: "poison",
        });
    } else if r.poison > 0 {
        c.s.body_mut(w).poison += r.poison;
    }
    wound(c, w, r.hits);
}

/// What a hero finds on a square it enters: a `?` counter (its move ends),
/// a key, a teleporter to wake. Returns whether the hero must stop.
pub fn enter(c: &mut Ctx, hero: HeroId, p: Sq) -> bool {
    if let Some(k) = c.s.feature_on(p, FeatureKind::Key) {
        c.s.gone[k.0 as usize] = true;
        if let Some(col) = c.s.feature(k).colour {
            c.s.keys.push(col);
        }
        c.push(Event::Key { hero, key: k });
    }
    if let Some(t) = c.s.feature_on(p, FeatureKind::Teleporter)
        && !c.s.active[t.0 as usize]
    {
        c.s.active[t.0 as usize] = true;
        c.push(Event::Activated {
            teleporter: t,
            hero,
        });
    }
    if let Some(tr) = c.s.feature_on(p, FeatureKind::Trap) {
        c.s.gone[tr.0 as usize] = true;
        let h = c.s.hero_mut(hero);
        h.mp = 0;
        h.done = true;
        if c.s.hero(hero).body.has(Ability::Trap) {
            c.push(Event::Trap {
                hero,
                face: None,
                table: None,
            });
        } else {
            let face = c.d6("? counter");
            let table = (face == 6).then(|| c.d6("trap table"));
            c.push(Event::Trap {
                hero,
                face: Some(face),
                table,
            });
            if let Some(row) = table {
                trap_table(c, hero, row);
            }
        }
        return true;
    }
    if let Objective::Rescue = c.s.objective
        && !c.s.objective_done
        && c.s.features.iter().any(|f| {
            f.kind == FeatureKind::Prisoner
                && ((f.x, f.y) == p || crate::dw10::play::state::adjacent((f.x, f.y), p))
        })
    {
        c.s.objective_done = true;
        c.push(Event::Objective);
    }
    false
}

/// Opens a chest (L451-460; A3: a sprung trap is the trap table's row of
/// the chest's number). The Trap ability lowers the number the d6 must
/// beat by 1, not the row of a sprung trap (L454-456: the chest's own
/// number gives the effect).
pub fn open_chest(c: &mut Ctx, hero: HeroId, chest: FeatureId) {
    c.s.gone[chest.0 as usize] = true;
    let number = c.s.feature(chest).number.unwrap_or(1);
    let trap_sense = c.s.hero(hero).body.has(Ability::Trap);
    let danger = if trap_sense {
        number.saturating_sub(1)
    } else {
        number
    };
    let face = (danger > 0).then(|| c.d6("chest trap"));
    c.push(Event::Chest {
        hero,
        chest,
        number,
        trap_sense,
        face,
    });
    if let Some(f) = face
        && f <= danger
    {
        trap_table(c, hero, number);
        if !c.s.hero(hero).body.alive() {
            if c.s.objective_chest() == Some(chest) && c.s.objective_lost() {
                c.push(Event::PrizeLost);
            }
            return;
        }
    }
    let a = c.d6("chest contents");
    let b = c.d6("chest contents");
    let row = c
        .tables
        .chest_contents
        .iter()
        .find(|r| roll_covers(&r.roll, a + b))
        .map(|r| r.item.clone())
        .unwrap_or_default();
    c.push(Event::Contents {
        hero,
        faces: (a, b),
        item: row.clone(),
    });
    take_item(c, hero, &row);
    if c.s.objective_chest() == Some(chest) && !c.s.objective_done {
        c.s.objective_done = true;
        c.push(Event::Objective);
    }
}

fn roll_covers(roll: &str, n: u32) -> bool {
    match roll.split_once('-') {
        Some((a, b)) => {
            a.parse().is_ok_and(|a: u32| a <= n) && b.parse().is_ok_and(|b: u32| n <= b)
        }
        None => roll.parse() == Ok(n),
    }
}

/// A chest's contents to a hero.
pub fn take_item(c: &mut Ctx, hero: HeroId, item: &str) {
    let w = Who::Hero(hero);
    if let Some(p) = PowerUp::from_word(item) {
        // A9: a ranged power up is +2 dice and +1 range; a hero without a
        // bow gets one. A magic one adds a Multi Shot die and a spell.
        apply_power_up(&mut c.s.body_mut(w).fig, p);
        c.s.hero_mut(hero).magic.power_ups += 1;
        c.s.hero_mut(hero).magic.found.push(p);
        c.push(Event::PowerUp {
            hero,
            what: item.into(),
        });
        if p == PowerUp::MagicPowerUp {
            learn(c, hero);
        }
        return;
    }
    match item {
        "gold-25" | "gold-100" | "gold-500" => {
            let amount = item[5..].parse().unwrap_or(0);
            c.s.gold += amount;
            c.push(Event::Gold { hero, amount });
            if amount == 25 {
                carry_stack(c, hero);
            }
        }
        "health-potion" => c.s.hero_mut(hero).items.push(Item::HealthPotion),
        "major-health-potion" => c.s.hero_mut(hero).items.push(Item::MajorHealthPotion),
        "poison-antidote" => c.s.hero_mut(hero).items.push(Item::PoisonAntidote),
        "portable-teleporter" => c.s.hero_mut(hero).items.push(Item::PortableTeleporter),
        _ => {}
    }
}

/// A 25-gold stack is carried by the hero who took it; every second one
/// costs it 1 movement from its next action phase on (L389-390). 100 and
/// 500 gold piles weigh nothing (L391-393).
fn carry_stack(c: &mut Ctx, hero: HeroId) {
    let h = c.s.hero_mut(hero);
    h.magic.stacks += 1;
    let stacks = h.magic.stacks;
    if stacks.is_multiple_of(2) {
        let movement = h.movement();
        c.push(Event::Laden {
            hero,
            stacks,
            movement,
        });
    }
}

/// A spell rolled on the spell table (d6) and learnt, if not known yet.
pub fn learn(c: &mut Ctx, hero: HeroId) {
    let face = c.d6("spell table");
    let spell = c
        .tables
        .spells
        .iter()
        .find(|r| r.roll == face)
        .map(|r| r.spell.clone());
    if let Some(sp) = &spell
        && let Some(a) = Ability::parse(sp)
        && !c.s.knows(hero, a)
    {
        c.s.hero_mut(hero).magic.spells.push(a);
    }
    c.push(Event::Learnt { hero, face, spell });
}

/// Heals a figure up to its starting wounds.
pub fn heal(c: &mut Ctx, by: Who, who: Who, faces: Vec<u32>, amount: u32) {
    let b = c.s.body_mut(who);
    let before = b.wounds;
    b.wounds = (b.wounds + amount).min(b.fig.wounds);
    let got = b.wounds - before;
    c.push(Event::Healed {
        by,
        who,
        faces,
        amount: got,
    });
}

/// Explores a furnishing or coffin (L365-439). `spell`: what a bookcase
/// or a tome on a pedestal teaches (checked: a spell the hero does not
/// know); none, and it teaches nothing.
pub fn explore(c: &mut Ctx, hero: HeroId, f: FeatureId, spell: Option<Ability>) {
    let w = Who::Hero(hero);
    let feature = c.s.feature(f).clone();
    let what = if feature.kind == FeatureKind::Coffin {
        "coffin".to_string()
    } else {
        feature.what.clone().unwrap_or_default()
    };
    let mut face = None;
    let mut used_up = true;
    match what.as_str() {
        "coffin" => {
            let d = c.d6("destroy coffin");
            face = Some(d);
            used_up = d >= 4;
        }
        "crate-of-skulls" => {
            face = Some(c.d6(&what));
        }
        "bed" => face = Some(c.dice.roll(1, 3, "bed")),
        _ => {}
    }
    c.push(Event::Explored {
        hero,
        feature: f,
        face,
    });
    match what.as_str() {
        "crate-of-apples" => heal(c, w, w, vec![], 2),
        "crate-of-skulls" => {
            if face.unwrap_or(1) >= 3 {
                heal(c, w, w, face.into_iter().collect(), 1)
            } else {
                wound(c, w, 1)
            }
        }
        "bed" => {
            heal(c, w, w, face.into_iter().collect(), face.unwrap_or(1));
            c.s.hero_mut(hero).magic.asleep = true;
            c.push(Event::Sleeps { hero });
            used_up = false;
        }
        "camp-fire" => {
            c.s.hero_mut(hero).magic.fire_guard = Some(f);
            c.push(Event::FireGuard { hero });
            used_up = false;
        }
        "stone-altar" => {
            c.s.hero_mut(hero).magic.reading = Some(f);
            c.push(Event::Reads { hero });
            used_up = false;
        }
        "weapons-rack" => {
            for h in 0..c.s.heroes.len() {
                let fig = &mut c.s.heroes[h].body.fig;
                fig.attacks += 1;
                if let Some(s) = fig.shoot.as_mut() {
                    s.dice += 1;
                }
                c.s.heroes[h].magic.power_ups += 1;
            }
            c.push(Event::PowerUp {
                hero,
                what: what.clone(),
            });
        }
        "wizards-table" => {
            // +1 die to melee "or/and" ranged attacks (L416-417): both, for
            // a hero who shoots.
            let fig = &mut c.s.body_mut(w).fig;
            fig.attacks += 1;
            if let Some(s) = fig.shoot.as_mut() {
                s.dice += 1;
            }
            c.s.hero_mut(hero).magic.power_ups += 1;
            c.push(Event::PowerUp {
                hero,
                what: what.clone(),
            });
        }
        "table-of-food" => {
            let full = c.s.body(w).fig.wounds;
            heal(c, w, w, vec![], full);
            for o in c.s.live_heroes() {
                if o != hero {
                    heal(c, w, Who::Hero(o), vec![], 1);
                }
            }
        }
        "bookcase" | "tome-on-pedestal" => {
            // The player chooses the spell; the d6 keeps it (L407-409:
            // 4-6; L422-423: 5-6).
            if let Some(spell) = spell {
                let need = if what == "bookcase" { 4 } else { 5 };
                let face = c.d6(&format!("{what}: keep {spell}"));
                c.push(Event::Studied {
                    hero,
                    spell,
                    face,
                    need,
                });
                if face >= need && !c.s.knows(hero, spell) {
                    c.s.hero_mut(hero).magic.spells.push(spell);
                }
            }
        }
        "treasure-25" | "treasure-100" | "treasure-500" => {
            let amount = what[9..].parse().unwrap_or(0);
            c.s.gold += amount;
            c.push(Event::Gold { hero, amount });
            if amount == 25 {
                carry_stack(c, hero);
            }
        }
        // Table and chair, torture rack: the explore is told, nothing
        // comes of it.
        _ => used_up = false,
    }
    if used_up {
        c.s.gone[f.0 as usize] = true;
    }
}

/// Drinks from a pool or well beside the hero (L433-439): 1-2 a hit back.
pub fn drink_pool(c: &mut Ctx, hero: HeroId) {
    let w = Who::Hero(hero);
    let face = c.d6("drink");
    if face <= 2 {
        heal(c, w, w, vec![face], 1);
    } else {
        c.push(Event::Healed {
            by: w,
            who: w,
            faces: vec![face],
            amount: 0,
        });
    }
}

/// Drinks a potion or the antidote.
pub fn drink_item(c: &mut Ctx, hero: HeroId, item: Item) {
    let w = Who::Hero(hero);
    let h = c.s.hero_mut(hero);
    if let Some(i) = h.items.iter().position(|x| *x == item) {
        h.items.remove(i);
    }
    c.push(Event::Drank { hero, item });
    match item {
        Item::HealthPotion => {
            let f = c.d6("health potion");
            heal(c, w, w, vec![f], f);
        }
        Item::MajorHealthPotion => {
            let full = c.s.body(w).fig.wounds;
            heal(c, w, w, vec![], full);
        }
        Item::PoisonAntidote => c.s.body_mut(w).poison = 0,
        Item::PortableTeleporter => {}
    }
}

/// Checking (L288-292): on 3-6 every secret door of the hero's piece is
/// found (and can then be opened like any door).
pub fn check(c: &mut Ctx, hero: HeroId) {
    let face = c.d6("checking");
    let mut found = Vec::new();
    let at = c.s.hero(hero).body.at.unwrap_or((0, 0));
    let tile = c.map.tile(at);
    if face >= 3 {
        for (e, f) in c.s.door_at.clone() {
            if c.s.hidden(f) && (c.map.tile(e.0) == tile || c.map.tile(e.1) == tile) {
                c.s.found[f.0 as usize] = true;
                found.push(f);
            }
        }
    }
    c.push(Event::Checked { hero, face, found });
}

/// A portable teleporter set down on `at`, active at once and for good
/// (L443-446).
pub fn place_teleporter(c: &mut Ctx, hero: HeroId, at: Sq) {
    let h = c.s.hero_mut(hero);
    if let Some(i) = h.items.iter().position(|x| *x == Item::PortableTeleporter) {
        h.items.remove(i);
    }
    let mut f = crate::dw10::features::Feature::new(FeatureKind::Teleporter, at.0, at.1);
    f.active = Some(true);
    let id = c.s.add_feature(f);
    c.push(Event::Placed {
        hero,
        teleporter: id,
    });
}
