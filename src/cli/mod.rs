//! Command-line interface: one file per subcommand.

#[macro_use]
mod say;
#[macro_use]
pub(crate) mod usage;

mod batch;
mod campaign;
mod campaign_dw10;
mod characters;
mod ddd;
mod generate;
mod outputs;
mod play;
mod play_ddd;
mod play_dw10;
mod play_files;
mod prompt;
mod render;
mod shell;
mod simulate;
mod tileset;
mod warparty;

use clap::{Parser, Subcommand};

/// Builds tabletop dungeons from the tiles you own, the way the MKD Adventure
/// rules do at the table, and writes a scenario file and true-scale maps.
#[derive(Debug, Parser)]
#[command(
    name = "tilecrawl",
    version,
    about,
    long_about = None,
    after_help = "Start here: `tilecrawl generate` builds a dungeon from the embedded tiles into output/<seed>/ \
(scenario.yaml, map.svg, map.png, setup.md); add `--print a4` for PDFs to print at 100 %, then \
`tilecrawl play output/<seed>/scenario.yaml` to play it solo. `tilecrawl COMMAND --help` for each command.\n\n\
Example:\n  tilecrawl generate --seed 7 --print letter"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour the `error:` line: `auto` (when standard error is a terminal
    /// and NO_COLOR is unset), `always` or `never`.
    #[arg(
        long,
        global = true,
        help_heading = "Global options",
        value_enum,
        default_value = "auto",
        value_name = "WHEN"
    )]
    color: ColorWhen,
}

/// When the `error:` line is coloured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorWhen {
    /// When standard error is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

impl Cli {
    /// Whether the `error:` line is coloured, decided before the command runs.
    pub fn color_errors(&self) -> bool {
        use std::io::IsTerminal;
        match self.color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                    && std::io::stderr().is_terminal()
            }
        }
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Build and set up a new dungeon; write scenario.yaml, the maps and the setup sheet.
    #[command(
        after_help = "Example:\n  tilecrawl generate --seed 7 --sets 3 --print a4 --out output/crypt"
    )]
    Generate(generate::GenerateArgs),
    /// Re-draw the maps and the setup sheet from a (possibly hand-edited) scenario.yaml.
    #[command(
        after_help = "Example:\n  tilecrawl render output/7/scenario.yaml --print letter --style ink --force"
    )]
    Render(render::RenderArgs),
    /// Generate many MKD Adventure, Dungeon World 10 mm or Dungeons Dark & Dangerous dungeons, one folder per seed, with index.csv and index.yaml.
    #[command(
        after_help = "Examples:\n  tilecrawl batch --count 50 --out deep --filter 'depth>=4'\n  tilecrawl batch --ruleset dungeon-world-10mm --count 20 --simulate 100 --filter 'win_rate>=0.4' --filter 'win_rate<=0.7' --out dw-season\n  tilecrawl batch --ruleset dd-and-d --scenario battle --count 10 --simulate 50 --filter 'blue_win_rate>=0.4' --filter 'blue_win_rate<=0.6' --out even-boards\n  tilecrawl batch merge s1 s2 s3 --out season"
    )]
    Batch(batch::BatchCli),
    /// Play a scenario solo: you move the heroes, tilecrawl plays the dungeon.
    #[command(
        after_help = "At the prompt, type a command and Enter; `help` lists them all for the game being played.\n\
MKD Adventure (heroes by name):\n  \
Ayla moves to 12,7          Ayla opens door at 14,7      Ayla checks door at 14,7\n  \
Ayla disarms door at 14,7 fast|slow                      Ayla opens chest at 20,9\n  \
Ayla takes chest at 20,9    Ayla drops chest             Ayla gives chest to Borin\n  \
Ayla attacks orc-raider-2   Ayla leaves                  Ayla passes      Ayla drinks\n  \
hit orc-raider-2 2          kill orc-raider-2            wound Ayla 1\n  \
heal Ayla    level Ayla    first Bob    end turn    status    map    undo    quit\n\
Dungeon World 10 mm (the verb first):\n  \
move Bram 12,7    open Bram door W    attack Bram 2    shoot Bram 2    end    status    map    quit\n\
Dungeons Dark & Dangerous (the model whose card is up):\n  \
move 12,7    attack r3    shoot r3    open S    end    status    map    quit\n\n\
Examples:\n  tilecrawl play output/7/scenario.yaml --party party.yaml --combat dice\n  \
tilecrawl play dw/scenario.yaml --party dw-party.yaml --scaled-down\n  \
tilecrawl play dd/scenario.yaml --ai none"
    )]
    Play(play::PlayArgs),
    /// Play a scenario many times with automatic heroes and report how hard it is.
    #[command(after_help = "Example:\n  tilecrawl simulate output/7/scenario.yaml --runs 1000")]
    Simulate(simulate::SimulateArgs),
    /// Campaigns: a party through adventure after adventure, with the town phase between them.
    #[command(
        after_help = "Example:\n  tilecrawl campaign new Ironfall && tilecrawl campaign next Ironfall"
    )]
    Campaign(campaign::CampaignArgs),
    /// Parties of World of Dungeons S characters for play (`party new`).
    #[command(
        subcommand,
        after_help = "Example:\n  tilecrawl party new --ruleset wod-s --heroes 4 --seed 9 --out party.yaml"
    )]
    Party(characters::PartyCommand),
    /// Dungeons Dark & Dangerous war-parties: make a balanced one, check one, advance one after a game.
    #[command(
        subcommand,
        after_help = "Examples:\n  tilecrawl warparty new --seed 3 --out blue.yaml\n  tilecrawl warparty check blue.yaml\n  tilecrawl play board/scenario.yaml --warparty blue.yaml --advanced --save game.yaml\n  tilecrawl warparty advance blue.yaml --save game.yaml --out blue2.yaml"
    )]
    Warparty(warparty::WarpartyCommand),
    /// Names by land of origin (World of Dungeons S), for the people met on the way.
    #[command(after_help = "Example:\n  tilecrawl names --land northlands --count 10 --seed 3")]
    Names(characters::NamesArgs),
    /// Hirelings: World of Dungeons S by the day, or Dungeon World SRD by skill and loyalty.
    #[command(
        after_help = "Examples:\n  tilecrawl hireling --ruleset wod-s --kind armsman --count 2 --seed 4\n  tilecrawl hireling --ruleset dw-srd --found city --skill protector --seed 4"
    )]
    Hireling(characters::HirelingArgs),
    /// Roll dice (2d6+1, b[2d6], w[3d10]); with --move, read 10+ / 7-9 / 6-;
    /// with --damage, World of Dungeons S fumbles and critical hits; with
    /// --other, the SRD's damage from no creature.
    #[command(
        after_help = "Examples:\n  tilecrawl roll 2d6+1 --move --seed 2\n  tilecrawl roll d6+1 --damage --armour 1 --seed 63    # main die: fumble on 1; on 6 the d20 for a critical\n  tilecrawl roll 2d6+3 --critical --seed 3             # the GM calls it: a 6 on the main die is a critical\n  tilecrawl roll d8+2 --armour 2 --seed 1              # damage less armour\n  tilecrawl roll --other bones --armour 2 --seed 3     # SRD damage from no creature: bruises, blood, bones, deadly"
    )]
    Roll(characters::RollArgs),
    /// A World of Dungeons S critical injury (or the Con check at 0 HP first, with --con).
    #[command(
        after_help = "Examples:\n  tilecrawl injury --seed 5\n  tilecrawl injury --con 1 --seed 5"
    )]
    Injury(characters::InjuryArgs),
    /// Check a tile-set file, or print the embedded one.
    #[command(
        subcommand,
        after_help = "Examples:\n  tilecrawl tileset default > my-tiles.yaml\n  tilecrawl tileset check my-tiles.yaml"
    )]
    Tileset(tileset::TilesetCommand),
    /// Print the tab-completion script for a shell.
    #[command(
        after_help = "Example:\n  tilecrawl completions bash > ~/.local/share/bash-completion/completions/tilecrawl"
    )]
    Completions(shell::CompletionsArgs),
    /// Print the manual page (roff; `tilecrawl man > tilecrawl.1`).
    #[command(after_help = "Example:\n  tilecrawl man > ~/.local/share/man/man1/tilecrawl.1")]
    Man(shell::ManArgs),
    /// Print the JSON Schema of a kind of file tilecrawl reads (for editors and validators).
    #[command(
        after_help = "Examples:\n  tilecrawl schema party > party.schema.json\n  tilecrawl schema"
    )]
    Schema(shell::SchemaArgs),
}

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Generate(a) => generate::run(a),
        Command::Render(a) => render::run(a),
        Command::Batch(a) => batch::run(a),
        Command::Play(a) => play::run(a),
        Command::Simulate(a) => simulate::run(a),
        Command::Campaign(a) => campaign::run(a),
        Command::Party(c) => characters::party(c),
        Command::Warparty(c) => warparty::run(c),
        Command::Names(a) => characters::names(a),
        Command::Hireling(a) => characters::hireling(a),
        Command::Roll(a) => characters::roll(a),
        Command::Injury(a) => characters::injury(a),
        Command::Tileset(c) => tileset::run(c),
        Command::Completions(a) => shell::completions(a),
        Command::Man(a) => shell::man(a),
        Command::Schema(a) => shell::schema(a),
    }
}

/// `--ruleset`: one of the rule systems tilecrawl knows, listed in `--help`.
fn ruleset_parser() -> impl clap::builder::TypedValueParser<Value = tilecrawl::rules::RulesetId> {
    rulesets_parser(&tilecrawl::rules::RulesetId::ALL)
}

/// `--ruleset` of a command that takes only some games (`campaign new`):
/// `--help` lists those, and clap refuses any other (exit 2), naming them.
fn rulesets_parser(
    ids: &[tilecrawl::rules::RulesetId],
) -> impl clap::builder::TypedValueParser<Value = tilecrawl::rules::RulesetId> + use<> {
    use clap::builder::TypedValueParser;
    use tilecrawl::rules::RulesetId;
    clap::builder::PossibleValuesParser::new(ids.iter().map(|r| r.as_str())).map(|s| {
        s.parse::<RulesetId>()
            .expect("only listed ids pass the parser")
    })
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::{CommandFactory, Parser};

    /// The leaf subcommands under `cmd` (those with none of their own),
    /// each by its path of names.
    fn leaves(cmd: &clap::Command, path: &str, out: &mut Vec<(String, clap::Command)>) {
        let subs: Vec<&clap::Command> = cmd
            .get_subcommands()
            .filter(|s| s.get_name() != "help")
            .collect();
        if subs.is_empty() {
            out.push((path.trim().to_string(), cmd.clone()));
        }
        for s in subs {
            leaves(s, &format!("{path} {}", s.get_name()), out);
        }
    }

    /// "Every subcommand takes -q" (docs/src/commands.md, "Quiet runs"),
    /// checked on the whole command tree, so a subcommand added later
    /// cannot leave it out.
    #[test]
    fn every_leaf_subcommand_takes_q() {
        let mut all = Vec::new();
        leaves(&Cli::command(), "", &mut all);
        assert!(all.len() > 20, "{} leaves", all.len());
        let missing: Vec<&str> = all
            .iter()
            .filter(|(_, c)| {
                !c.get_arguments()
                    .any(|a| a.get_id() == "quiet" && a.get_short() == Some('q'))
            })
            .map(|(p, _)| p.as_str())
            .collect();
        assert!(missing.is_empty(), "without -q/--quiet: {missing:?}");
    }

    /// No help of an option's value holds a double quote: the zsh and fish
    /// completion scripts put those helps between double quotes unescaped,
    /// and fish then refuses the whole line (`complete: too many
    /// arguments`).
    #[test]
    fn no_value_help_holds_a_double_quote() {
        fn walk(cmd: &clap::Command, path: &str, bad: &mut Vec<String>, seen: &mut usize) {
            for arg in cmd.get_arguments() {
                for v in arg.get_possible_values() {
                    *seen += 1;
                    if v.get_help().is_some_and(|h| h.to_string().contains('"')) {
                        bad.push(format!("{path} --{:?} {}", arg.get_long(), v.get_name()));
                    }
                }
            }
            for s in cmd.get_subcommands() {
                walk(s, &format!("{path} {}", s.get_name()), bad, seen);
            }
        }
        let (mut bad, mut seen) = (Vec::new(), 0);
        walk(&Cli::command(), "tilecrawl", &mut bad, &mut seen);
        assert!(seen > 50, "only {seen} values seen");
        assert!(bad.is_empty(), "a double quote in the help of {bad:?}");
    }

    /// Every option that takes a path (its value named FILE or DIR, as
    /// `--out DIR`) refuses an empty one while the command line is parsed:
    /// an empty path would mean the current folder. clap's own path parser
    /// does; a parser of our own must too.
    #[test]
    fn every_path_option_refuses_an_empty_path() {
        /// Every command under `cmd`, itself included, by its path of names.
        fn commands(cmd: &clap::Command, path: &str, out: &mut Vec<(String, clap::Command)>) {
            out.push((path.trim().to_string(), cmd.clone()));
            for s in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
                commands(s, &format!("{path} {}", s.get_name()), out);
            }
        }
        let mut all = Vec::new();
        commands(&Cli::command(), "", &mut all);
        let mut checked = 0;
        for (path, cmd) in &all {
            for arg in cmd.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                let names = arg.get_value_names().unwrap_or_default();
                if !names
                    .iter()
                    .any(|n| n.as_str().contains("FILE") || n.as_str().contains("DIR"))
                {
                    continue;
                }
                let mut argv: Vec<String> = vec!["tilecrawl".into()];
                argv.extend(path.split(' ').map(String::from));
                argv.extend([format!("--{long}"), String::new()]);
                let err =
                    Cli::try_parse_from(&argv).expect_err(&format!("{argv:?} should be refused"));
                assert!(
                    matches!(
                        err.kind(),
                        clap::error::ErrorKind::InvalidValue
                            | clap::error::ErrorKind::ValueValidation
                    ),
                    "{argv:?}: {:?}: {err}",
                    err.kind()
                );
                assert!(err.to_string().contains(&format!("--{long}")), "{err}");
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked} path options");
    }
}
