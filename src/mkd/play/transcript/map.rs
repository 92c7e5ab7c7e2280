//! The text `map`: the grid with rulers, figures told apart by their marks, a
//! legend, and the tile plan with the ids of the setup sheet.

use super::*;

/// Capital letters the map keeps for things that are not heroes.
const RESERVED: &str = "EGPQSTVWX";

/// Marks of figures of one kind.
type Marks<I> = Vec<(I, char)>;

/// Each figure's mark on the text map, distinct on the board: a hero a
/// capital letter from the name (not one the map uses for other things),
/// a monster a small letter from its name; when the name's letters are all
/// taken, the next free letter, then a digit.
fn figure_marks(s: &State) -> (Marks<HeroId>, Marks<MonsterId>) {
    let mut marks = crate::core::text::FigureMarks::new(RESERVED, "");
    let mut pick = |name: &str, capital: bool| marks.pick(name, capital);
    let heroes: Vec<(HeroId, char)> = s
        .hero_ids()
        .filter(|&h| s.heroes[h].pos().is_some())
        .map(|h| (h, pick(&s.heroes[h].name, true)))
        .collect();
    let monsters: Vec<(MonsterId, char)> = s
        .floor_monsters()
        .filter(|&m| s.monsters[m].pos.is_some())
        .map(|m| (m, pick(&s.monsters[m].name, false)))
        .collect();
    (heroes, monsters)
}

/// What lies on a square besides a figure: a chest, a door, a marker, the
/// entrance, terrain other than floor.
fn under(s: &State, p: Point) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(c) = s.chest_at(p) {
        v.push(chest(s, c).to_string());
    }
    let doors = s.board.doors_at(p);
    if !doors.is_empty() {
        let open = doors.iter().any(|&d| s.board.doors[d].open);
        v.push(if open { "an open door" } else { "a shut door" }.into());
    }
    if let Some(mk) = s.markers.iter().find(|m| m.pos == p) {
        v.push(
            match mk.kind {
                PlayMarker::Teleporter => "a teleporter",
                PlayMarker::Vortex => "a vortex",
                PlayMarker::Staircase => "the staircase",
            }
            .into(),
        );
    }
    if s.board.is_entrance(p) {
        v.push("the entrance".into());
    }
    match s.board.cell(p) {
        Cell::Floor | Cell::Void => {}
        c => v.push(c.name().into()),
    }
    v
}

/// The `map` lines: the grid with rulers and figures, the legend of the
/// figures (with what each stands on), then the tiles: each tile's squares
/// in a fill its neighbours do not share, its tile-set id written across
/// its middle row.
pub fn ascii_map(s: &State) -> Vec<String> {
    let (x0, y0, x1, y1) = s.board.extent();
    let (hero_marks, monster_marks) = figure_marks(s);
    let mut v = Vec::new();
    // The kinds of ground and the other marks the grid shows, so the key
    // names each of them and no other.
    let mut ground = [false; Cell::ALL.len()];
    let mut marks: Vec<char> = Vec::new();
    v.extend(crate::core::text::column_rulers(x0, x1, 4));
    for y in y0..=y1 {
        let mut row = String::new();
        for x in x0..=x1 {
            let p = Point { x, y };
            let mut mark = |c: char| {
                if !marks.contains(&c) {
                    marks.push(c);
                }
                c
            };
            let c = if let Some(h) = s.hero_at(p)
                && let Some(&(_, c)) = hero_marks.iter().find(|(i, _)| *i == h)
            {
                c
            } else if s.prisoner_square() == Some(p) {
                mark('P')
            } else if let Some(m) = s.monster_at(p)
                && let Some(&(_, c)) = monster_marks.iter().find(|(i, _)| *i == m)
            {
                c
            } else if let Some(w) = s.wmt_at(p) {
                mark(if s.wmts[w].guardian() { 'G' } else { 'W' })
            } else if let Some(c) = s.chest_at(p) {
                mark(if s.chests[c].quest { 'Q' } else { '$' })
            } else if let Some(mk) = s.markers.iter().find(|m| m.pos == p) {
                mark(match mk.kind {
                    PlayMarker::Teleporter => 'T',
                    PlayMarker::Vortex => 'V',
                    PlayMarker::Staircase => 'S',
                })
            } else if !s.board.doors_at(p).is_empty() {
                if s.board.doors_at(p).iter().any(|&d| s.board.doors[d].open) {
                    mark('/')
                } else {
                    mark('+')
                }
            } else if s.board.is_entrance(p) {
                mark('E')
            } else {
                match s.board.cell(p) {
                    Cell::Void => ' ',
                    c => {
                        if let Some(k) = Cell::ALL.iter().position(|&a| a == c) {
                            ground[k] = true;
                        }
                        c.to_char()
                    }
                }
            };
            row.push(c);
        }
        v.push(format!("{y:>3} {}", row.trim_end()));
    }
    if let Some(line) = things_key(&marks) {
        v.push(line);
    }
    if let Some(line) = ground_key(&ground) {
        v.push(line);
    }
    let legend = |name: &str, c: char, p: Option<Point>| {
        let on = p.map(|p| under(s, p)).unwrap_or_default();
        if on.is_empty() {
            format!("{c} {name}")
        } else {
            format!("{c} {name} (on {})", join(on, ", "))
        }
    };
    if !hero_marks.is_empty() {
        v.push(format!(
            "heroes: {}",
            join(
                hero_marks
                    .iter()
                    .map(|&(h, c)| legend(hero(s, h), c, s.heroes[h].pos())),
                "; "
            )
        ));
    }
    if !monster_marks.is_empty() {
        v.push(format!(
            "monsters: {}",
            join(
                monster_marks
                    .iter()
                    .map(|&(m, c)| legend(monster(s, m), c, s.monsters[m].pos)),
                "; "
            )
        ));
    }
    v.extend(tile_plan(s));
    v
}

/// The key's line for the things on the board: each mark the grid shows
/// (`drawn`) and what it stands for, as `mark name` entries apart by `; `
/// (the figures' lines read the same way), in a fixed order; none when the
/// grid shows none. A mark the floor has not, or a figure hides, is left
/// out (a user's audit: the key named a teleporter and a vortex on every
/// map).
fn things_key(drawn: &[char]) -> Option<String> {
    const KEY: [(char, &str); 11] = [
        ('W', "token"),
        ('G', "Guardian"),
        ('Q', "Quest Chest"),
        ('$', "chest"),
        ('+', "shut door"),
        ('/', "open door"),
        ('E', "entrance"),
        ('T', "teleporter"),
        ('V', "vortex"),
        ('S', "staircase"),
        ('P', "the prisoner (rescue mission)"),
    ];
    let key: Vec<String> = KEY
        .iter()
        .filter(|(c, _)| drawn.contains(c))
        .map(|(c, name)| format!("{c} {name}"))
        .collect();
    (!key.is_empty()).then(|| format!("key: {}", join(key, "; ")))
}

/// The key's line for the ground: each kind of square the grid shows
/// (`drawn`, in the order of `Cell::ALL`), its character and its name;
/// none when the grid shows no ground.
fn ground_key(drawn: &[bool; Cell::ALL.len()]) -> Option<String> {
    let kinds: Vec<String> = Cell::ALL
        .iter()
        .zip(drawn)
        .filter(|&(_, &d)| d)
        .map(|(c, _)| format!("{} {}", c.to_char(), c.name()))
        .collect();
    (!kinds.is_empty()).then(|| format!("ground: {}", join(kinds, "; ")))
}

/// The tiles as laid: each tile's squares in a fill none of its
/// neighbours has, its id across its middle row (the names play uses, as
/// printed on the map and setup sheet).
fn tile_plan(s: &State) -> Vec<String> {
    const FILLS: [char; 6] = ['.', ':', '-', '\'', '*', '`'];
    let (x0, y0, x1, y1) = s.board.extent();
    let n = s.board.tiles.len();
    // Tiles that touch (a square of one beside a square of the other).
    let mut touch = vec![Vec::new(); n];
    for y in y0..=y1 {
        for x in x0..=x1 {
            let Some(a) = s.board.tile_at(Point { x, y }) else {
                continue;
            };
            for q in [Point { x: x + 1, y }, Point { x, y: y + 1 }] {
                if let Some(b) = s.board.tile_at(q)
                    && a != b
                    && !touch[a].contains(&b)
                {
                    touch[a].push(b);
                    touch[b].push(a);
                }
            }
        }
    }
    let mut fill: Vec<Option<usize>> = vec![None; n];
    for t in 0..n {
        let taken: Vec<usize> = touch[t].iter().filter_map(|&o| fill[o]).collect();
        fill[t] = Some(
            (0..FILLS.len())
                .find(|f| !taken.contains(f))
                .unwrap_or(t % FILLS.len()),
        );
    }
    let mut grid: Vec<Vec<char>> = (y0..=y1)
        .map(|y| {
            (x0..=x1)
                .map(|x| match s.board.tile_at(Point { x, y }) {
                    Some(t) => FILLS[fill[t].unwrap_or(0)],
                    None => ' ',
                })
                .collect()
        })
        .collect();
    for (t, info) in s.board.tiles.iter().enumerate() {
        let id: Vec<char> = info.label.to_string().chars().collect();
        let y = info.centre.y;
        let row = (x0..=x1)
            .filter(|&x| s.board.tile_at(Point { x, y }) == Some(t))
            .collect::<Vec<_>>();
        let (Some(&first), Some(&last)) = (row.first(), row.last()) else {
            continue;
        };
        let width = (last - first + 1) as usize;
        let start = if id.len() <= width {
            first + ((width - id.len()) / 2) as i32
        } else {
            first
        };
        for (k, &c) in id.iter().enumerate() {
            let x = start + k as i32;
            if x <= x1 && s.board.tile_at(Point { x, y }) == Some(t) {
                grid[(y - y0) as usize][(x - x0) as usize] = c;
            }
        }
    }
    let mut v = vec!["tiles (ids as on the map and setup sheet):".to_string()];
    v.extend(crate::core::text::column_rulers(x0, x1, 4));
    for (k, row) in grid.into_iter().enumerate() {
        let row: String = row.into_iter().collect();
        v.push(format!("{:>3} {}", y0 + k as i32, row.trim_end()));
    }
    v
}
