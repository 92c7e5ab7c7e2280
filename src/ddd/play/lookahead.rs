//! The look-ahead that picks tilecrawl's edges in Treasure Hunt, Secrets
//! of the Ancients and Object of Power (the project's choice: the text
//! lets the second side take "another board edge" in the first two, L153,
//! L159, puts it opposite the first in Object of Power, L155, and says
//! nothing of how either side picks). For every pair
//! of edges the two sides may hold, [`LOOKAHEAD_GAMES`] short games with
//! the policy on both sides and both edges given ([`Edges::Forced`], so a
//! look-ahead game looks no further); their results are the
//! [`EdgeBook`] that `deploy.rs` reads. The games' dice come from the
//! scenario's seed and the pair, so the book is a function of the board
//! and the two war-parties alone: the same for every run of a simulation,
//! any number of threads, and for `play`.

use super::deploy::edge_zone;
use super::edges::{EdgeBook, Edges};
use super::engine::{Game, GameError, PlayOptions};
use super::event::Event;
use super::state::{Outcome, Team};
use super::turns::{AiSide, run_ai};
use crate::core::dice::{Dice, lookahead_seed};
use crate::core::geom::Side;
use crate::ddd::part::DddScenario;
use crate::ddd::scenarios::ScenarioKind;
use crate::ddd::warparty::Warparty;
use rayon::prelude::*;

/// Games played for each pair of edges.
pub const LOOKAHEAD_GAMES: u16 = 12;
/// The round limit of a look-ahead game (a game stopped there is a draw).
pub const LOOKAHEAD_ROUNDS: u32 = 40;
/// The look-ahead games' dice stage.
pub const STAGE: &str = "dd-and-d look-ahead";

/// Does tilecrawl look ahead for its edges in this scenario? Where the
/// second side takes "another" edge of its own choice (Treasure Hunt and
/// Secrets of the Ancients), and in Object of Power, where only the first
/// side chooses (the other takes the opposite edge, L155). Not in Battle,
/// whose first edge is as free as Object of Power's (L149): there a
/// look-ahead was measured and not kept (the dd-and-d chapter,
/// Deployment).
pub fn looks_ahead(kind: ScenarioKind) -> bool {
    matches!(
        kind,
        ScenarioKind::TreasureHunt
            | ScenarioKind::SecretsOfTheAncients
            | ScenarioKind::ObjectOfPower
    )
}

/// The pairs of edges (Blue's, Red's) the two sides may hold: two edges
/// with a zone, not the same, and opposite where the second side does not
/// choose ([`ScenarioKind::second_chooses_edge`]), in N, E, S, W order of Blue's then Red's.
pub fn pairs(scenario: &DddScenario) -> Vec<[Side; 2]> {
    let zoned: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|&s| scenario.game.zones.iter().any(|z| z.name == edge_zone(s)))
        .collect();
    let open = scenario.game.scenario.second_chooses_edge();
    let mut out = Vec::new();
    for &b in &zoned {
        for &r in &zoned {
            if b != r && (open || r == b.opposite()) {
                out.push([b, r]);
            }
        }
    }
    out
}

/// How many games the look-ahead plays for `scenario` before a game
/// ([`LOOKAHEAD_GAMES`] for each of its [`pairs`]): none where tilecrawl
/// does not look ahead. The CLI tells it before the games start.
pub fn games(scenario: &DddScenario) -> usize {
    if looks_ahead(scenario.game.scenario) {
        pairs(scenario).len() * usize::from(LOOKAHEAD_GAMES)
    } else {
        0
    }
}

/// The book of `scenario` for Blue `blue` and Red `red`, where tilecrawl
/// looks ahead (none elsewhere): every pair's games, played on the
/// current rayon pool and summed in order.
pub fn edge_book(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
) -> Result<Option<EdgeBook>, GameError> {
    if !looks_ahead(scenario.game.scenario) {
        return Ok(None);
    }
    let pairs = pairs(scenario);
    if pairs.is_empty() {
        return Ok(None);
    }
    let games: Vec<(usize, u16)> = (0..pairs.len())
        .flat_map(|i| (0..LOOKAHEAD_GAMES).map(move |k| (i, k)))
        .collect();
    let points: Vec<Result<u16, GameError>> = games
        .par_iter()
        .map(|&(i, k)| blue_points(scenario, blue, red, pairs[i], k))
        .collect();
    let mut book = if scenario.game.scenario.second_chooses_edge() {
        EdgeBook::new(LOOKAHEAD_GAMES)
    } else {
        EdgeBook::facing(LOOKAHEAD_GAMES)
    };
    let mut sums = vec![0u16; pairs.len()];
    for (&(i, _), p) in games.iter().zip(points) {
        sums[i] += p?;
    }
    for (pair, sum) in pairs.iter().zip(sums) {
        book.set(pair[0], pair[1], sum);
    }
    Ok(Some(book))
}

/// `opts` with the book of `scenario`'s edges where tilecrawl looks ahead.
pub fn with_book(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    opts: PlayOptions,
) -> Result<PlayOptions, GameError> {
    Ok(match edge_book(scenario, blue, red)? {
        Some(book) => PlayOptions {
            edges: Edges::Looked(book),
            ..opts
        },
        None => opts,
    })
}

/// Look-ahead game `game` of the pair `pair` (Blue's edge, Red's), set up:
/// the dice-off rolled on the look-ahead's own dice, both sides on the
/// edges given, and the opening events.
pub fn start_pair(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    pair: [Side; 2],
    game: u16,
) -> Result<(Game, Vec<Event>), GameError> {
    let number = pair[0] as u32 * 4 + pair[1] as u32;
    let seed = lookahead_seed(scenario.seed, number, u32::from(game));
    let opts = PlayOptions {
        max_rounds: Some(LOOKAHEAD_ROUNDS),
        edges: Edges::Forced(pair),
        ..PlayOptions::default()
    };
    Game::new(scenario, blue, red, Dice::quiet(seed, STAGE), opts)
}

/// Blue's points in one look-ahead game: a win 2, a draw 1, a loss 0.
fn blue_points(
    scenario: &DddScenario,
    blue: &Warparty,
    red: &Warparty,
    pair: [Side; 2],
    game: u16,
) -> Result<u16, GameError> {
    let (mut g, _) = start_pair(scenario, blue, red, pair, game)?;
    run_ai(&mut g, AiSide::Both, &mut Vec::new(), false);
    Ok(match g.state.outcome {
        Some(Outcome::Win(Team::Blue)) => 2,
        Some(Outcome::Win(Team::Red)) => 0,
        Some(Outcome::Draw) | None => 1,
    })
}
