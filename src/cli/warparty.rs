//! `tilecrawl warparty new|check|advance`: Dungeons Dark & Dangerous
//! war-parties.

use clap::{Args, Subcommand};
use std::path::PathBuf;
use tilecrawl::ddd::advance;
use tilecrawl::ddd::play::session::Session;
use tilecrawl::ddd::play::state::Team;
use tilecrawl::ddd::warparty::{self, Warparty};

/// `tilecrawl warparty`.
#[derive(Debug, Subcommand)]
pub(crate) enum WarpartyCommand {
    /// Write a balanced war-party of ten models (Dungeons Dark & Dangerous).
    #[command(
        after_help = "Examples:\n  tilecrawl warparty new --seed 3 --out blue.yaml\n  tilecrawl warparty new --seed 4 --out -"
    )]
    New(NewArgs),
    /// Check a war-party file: one `error:` line per problem.
    #[command(after_help = "Example:\n  tilecrawl warparty check blue.yaml")]
    Check(CheckArgs),
    /// The roster after a game played with --advanced: experience spent,
    /// killed models replaced (the advanced rules).
    #[command(
        after_help = "Examples:\n  tilecrawl play board/scenario.yaml --warparty blue.yaml --advanced --save game.yaml\n  tilecrawl warparty advance blue.yaml --save game.yaml --out blue2.yaml"
    )]
    Advance(AdvanceArgs),
}

#[derive(Debug, Args)]
pub(crate) struct AdvanceArgs {
    /// The war-party file, as it played the game.
    file: PathBuf,
    /// The game's save (`tilecrawl play --advanced … --save FILE`), played to the end.
    #[arg(long, value_name = "FILE")]
    save: PathBuf,
    /// The roster to write (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The side the party played, when it played both (blue or red).
    #[arg(long)]
    side: Option<String>,
    /// Seed of the rolls. Default: the game's play seed.
    #[arg(long)]
    seed: Option<u64>,
    /// Replace the file if it exists.
    #[arg(long)]
    force: bool,
    /// No summary line on success; errors still print.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
pub(crate) struct NewArgs {
    /// Seed. Default: a new one, printed.
    #[arg(long)]
    seed: Option<u64>,
    /// The file to write (`-`: standard output).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The party's name (its models are NAME 1 … NAME 10).
    #[arg(long, default_value = "War-party")]
    name: String,
    /// Replace the file if it exists.
    #[arg(long)]
    force: bool,
    /// No summary line on success; errors still print.
    #[arg(long, short)]
    quiet: bool,
}

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The war-party file.
    file: PathBuf,
    /// Print nothing for a legal war-party (the exit status is the
    /// answer); problems still print their `error:` lines.
    #[arg(long, short)]
    quiet: bool,
}

pub(crate) fn run(c: WarpartyCommand) -> anyhow::Result<()> {
    match c {
        WarpartyCommand::New(a) => {
            // Each model is named after the party and its number (`Blue 10`).
            if !tilecrawl::core::text::is_name(&a.name, warparty::MAX_NAME - 3) {
                bail_usage!(
                    "--name: `{}` must be 1 to {} printable characters",
                    tilecrawl::core::text::excerpt(&a.name, warparty::MAX_NAME),
                    warparty::MAX_NAME - 3
                );
            }
            let seed = a.seed.unwrap_or_else(super::generate::fresh_seed);
            let w = warparty::new(seed, &a.name);
            let text = warparty::to_yaml(&w);
            if super::outputs::is_stdout(&a.out) {
                // The file keeps no seed: say it, as `party new` does.
                if a.seed.is_none() && !a.quiet {
                    warnln!("seed {seed} (repeat with --seed {seed})");
                }
                out!("{text}")?;
                return Ok(());
            }
            if a.out.exists() && !a.force {
                anyhow::bail!("{} exists; add --force to replace it", a.out.display());
            }
            tilecrawl::core::fs::write_atomic(&a.out, text.as_bytes())?;
            if !a.quiet {
                outln!("seed {seed}: wrote {}", a.out.display())?;
            }
            Ok(())
        }
        WarpartyCommand::Advance(a) => run_advance(a),
        WarpartyCommand::Check(a) => {
            let file = a.file.display().to_string();
            let text = warparty::read_text(&a.file)?;
            let w = warparty::parse(&text, &file)?;
            let problems = warparty::problems(&w);
            if problems.is_empty() {
                if !a.quiet {
                    outln!("{file}: a legal war-party of ten models")?;
                }
                return Ok(());
            }
            let (last, rest) = problems.split_last().expect("not empty");
            for p in rest {
                warnln!("error: {}", p.in_file(&text, &file));
            }
            Err(last.in_file(&text, &file).into())
        }
    }
}

fn run_advance(a: AdvanceArgs) -> anyhow::Result<()> {
    let side = match a.side.as_deref() {
        None => None,
        Some(s) => Some(Team::parse(s).ok_or_else(|| {
            usage!(
                "--side `{}`: expected blue or red",
                tilecrawl::core::text::excerpt(s, 20)
            )
        })?),
    };
    if !super::outputs::is_stdout(&a.out) && a.out.exists() && !a.force {
        anyhow::bail!("{} exists; add --force to replace it", a.out.display());
    }
    let party = warparty::load(&a.file)?;
    let file = a.file.display().to_string();
    let save_file = a.save.display().to_string();
    let (save, scenario, _) = super::play_ddd::load_save(&a.save, None)?;
    // The party as the save keeps it: without the log of its rolls.
    let bare = |w: &Warparty| Warparty {
        log: Vec::new(),
        ..w.clone()
    };
    let played: Vec<Team> = [(Team::Blue, &save.warparty), (Team::Red, &save.opponent)]
        .into_iter()
        .filter(|(_, w)| bare(w) == bare(&party))
        .map(|(t, _)| t)
        .filter(|t| side.is_none_or(|s| s == *t))
        .collect();
    let team = match played[..] {
        [t] => t,
        [] => {
            // The side it most likely is: the one of its name (the one
            // asked for first), told apart by its first difference.
            let near = [(Team::Blue, &save.warparty), (Team::Red, &save.opponent)]
                .into_iter()
                .filter(|(t, _)| side.is_none_or(|s| s == *t))
                .find(|(_, w)| w.name == party.name);
            match near.and_then(|(t, w)| Some((t, first_difference(&party, w)?))) {
                Some((t, what)) => anyhow::bail!(
                    "{file}: this war-party is not the roster that played {} in {save_file}: {what}; advance the roster as it was before that game (one already advanced is refused)",
                    t.name()
                ),
                None => anyhow::bail!(
                    "{file}: this war-party did not play the game in {save_file}{} (Blue was {}, Red {})",
                    side.map_or(String::new(), |s| format!(" as {}", s.name())),
                    tilecrawl::core::text::excerpt(&save.warparty.name, 40),
                    tilecrawl::core::text::excerpt(&save.opponent.name, 40)
                ),
            }
        }
        _ => anyhow::bail!(
            "{file}: this war-party played both sides in {save_file}; say which with --side blue or --side red"
        ),
    };
    super::play_ddd::tell_lookahead(&scenario, a.quiet);
    let (sess, _) = Session::resume(&save, scenario, &save_file)?;
    let after =
        advance::aftermath(sess.game(), team).map_err(|e| anyhow::anyhow!("{save_file}: {e}"))?;
    let out = advance::advance(&party, &after, a.seed.unwrap_or(save.seed));
    let text = warparty::to_yaml(&out);
    if super::outputs::is_stdout(&a.out) {
        out!("{text}")?;
        return Ok(());
    }
    tilecrawl::core::fs::write_atomic(&a.out, text.as_bytes())?;
    if a.quiet {
        return Ok(());
    }
    let xp: Vec<String> = after
        .experience
        .iter()
        .map(|(n, x)| format!("{n}: {x}"))
        .collect();
    outln!(
        "{}: {} played {}; experience earned {}; {} killed and replaced; wrote {}",
        file,
        tilecrawl::core::text::excerpt(&party.name, 40),
        team.name(),
        if xp.is_empty() {
            "none".to_string()
        } else {
            format!("({})", xp.join(", "))
        },
        after.killed.len(),
        a.out.display()
    )?;
    Ok(())
}

/// How the roster `mine` first differs from `played` (the same party as a
/// save keeps it), in words: the first model whose line is not the same,
/// and the first field that differs. `None` when only their logs differ.
fn first_difference(mine: &Warparty, played: &Warparty) -> Option<String> {
    use tilecrawl::core::text::excerpt;
    if mine.models.len() != played.models.len() {
        return Some(format!(
            "it has {} models, the save's {}",
            mine.models.len(),
            played.models.len()
        ));
    }
    if mine.ability_limit != played.ability_limit {
        let words = |l: Option<u32>| l.map_or("none".to_string(), |n| n.to_string());
        return Some(format!(
            "its ability_limit is {} here, {} in the save",
            words(mine.ability_limit),
            words(played.ability_limit)
        ));
    }
    let (m, p) = mine
        .models
        .iter()
        .zip(&played.models)
        .find(|(m, p)| m != p)?;
    let ids = |v: &[warparty::Ability]| {
        let ids: Vec<&str> = v.iter().map(|a| a.id()).collect();
        format!("[{}]", ids.join(", "))
    };
    let field = if m.number != p.number {
        format!("number {} here, {} in the save", m.number, p.number)
    } else if m.name != p.name {
        format!(
            "name `{}` here, `{}` in the save",
            excerpt(&m.name, 40),
            excerpt(&p.name, 40)
        )
    } else if (m.power, m.defense) != (p.power, p.defense) {
        format!(
            "dice {:?}/{:?} here, {:?}/{:?} in the save",
            m.power, m.defense, p.power, p.defense
        )
        .to_lowercase()
    } else if m.abilities != p.abilities {
        format!(
            "abilities {} here, {} in the save",
            ids(&m.abilities),
            ids(&p.abilities)
        )
    } else {
        format!(
            "experience {} here, {} in the save",
            m.experience, p.experience
        )
    };
    Some(format!(
        "model {} ({}): {field}",
        p.number,
        excerpt(&p.name, 40)
    ))
}
