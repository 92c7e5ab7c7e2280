//! `simulate_here_while`, the in-order simulation a batch stops early:
//! every run played, it is `simulate`'s report; told to stop, it stops.

use super::*;
use crate::ddd::play::simulate::simulate_here_while;

#[test]
fn played_in_order_it_gives_the_shared_report_or_stops_when_told() {
    let (b, r) = (warparty::new(1, "Blue"), warparty::new(2, "Red"));
    for (kind, seed) in [(ScenarioKind::Battle, 3), (ScenarioKind::FreePrisoner, 8)] {
        let s = scenario(kind, seed);
        let opts = SimOptions {
            runs: 9,
            seed,
            max_rounds: 30,
        };
        let shared = simulate(&s, &b, &r, &opts, &|| {}).unwrap();
        // Games, Blue's wins, Red's, the attacker's, as go_on sees them.
        let mut seen = [0; 4];
        let here = simulate_here_while(&s, &b, &r, &opts, |run| {
            let won = [
                true,
                run.won_by(Team::Blue),
                run.won_by(Team::Red),
                run.attacker_won(),
            ];
            for (n, w) in seen.iter_mut().zip(won) {
                *n += u32::from(w);
            }
            true
        })
        .unwrap();
        assert_eq!(here.as_ref(), Some(&shared), "{kind:?}");
        let here = here.unwrap();
        assert_eq!(
            serde_json::to_string(&here).unwrap(),
            serde_json::to_string(&shared).unwrap()
        );
        assert_eq!(here.to_text(), shared.to_text());
        let report = [9, shared.blue_wins, shared.red_wins, shared.attacker_wins];
        assert_eq!(seen, report, "{kind:?}: go_on saw every run as counted");
        // Told to stop after the fourth run: four played, no report.
        let mut asked = 0;
        let stopped = simulate_here_while(&s, &b, &r, &opts, |_| {
            asked += 1;
            asked < 4
        });
        assert_eq!((stopped, asked), (Ok(None), 4), "{kind:?}");
        // A stop asked for after the last run changes nothing.
        let mut asked = 0;
        let last = simulate_here_while(&s, &b, &r, &opts, |_| {
            asked += 1;
            asked < 9
        });
        assert_eq!((last, asked), (Ok(Some(shared)), 9), "{kind:?}");
    }
}
