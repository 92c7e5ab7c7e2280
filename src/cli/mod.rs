//! Command-line interface: one file per subcommand.

mod batch;
mod campaign;
mod generate;
mod outputs;
mod play;
mod render;
mod shell;
mod simulate;
mod tileset;

use clap::{Parser, Subcommand};

/// Builds tabletop dungeons from the tiles you own, the way the MKD Adventure
/// rules do at the table, and writes a scenario file and true-scale maps.
#[derive(Debug, Parser)]
#[command(name = "tilecrawl", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Colour the `error:` line: `auto` (when standard error is a terminal
    /// and NO_COLOR is unset), `always` or `never`.
    #[arg(
        long,
        global = true,
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
    Generate(generate::GenerateArgs),
    /// Re-draw the maps and the setup sheet from a (possibly hand-edited) scenario.yaml.
    Render(render::RenderArgs),
    /// Generate many adventures, one folder per seed, with index.csv and index.yaml.
    Batch(batch::BatchArgs),
    /// Play a scenario solo: you move the heroes, tilecrawl plays the dungeon.
    Play(play::PlayArgs),
    /// Play a scenario many times with automatic heroes and report how hard it is.
    Simulate(simulate::SimulateArgs),
    /// Campaigns: a party through adventure after adventure, with the town phase between them.
    Campaign(campaign::CampaignArgs),
    /// Check a tile-set file, or print the embedded one.
    #[command(subcommand)]
    Tileset(tileset::TilesetCommand),
    /// Print the tab-completion script for a shell.
    Completions(shell::CompletionsArgs),
    /// Print the manual page (roff; `tilecrawl man > tilecrawl.1`).
    Man,
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
        Command::Tileset(c) => tileset::run(c),
        Command::Completions(a) => shell::completions(a),
        Command::Man => shell::man(),
    }
}

/// `--ruleset`: one of the rule systems tilecrawl knows, listed in `--help`.
fn ruleset_parser() -> impl clap::builder::TypedValueParser<Value = tilecrawl::rules::RulesetId> {
    use clap::builder::TypedValueParser;
    use tilecrawl::rules::RulesetId;
    clap::builder::PossibleValuesParser::new(RulesetId::ALL.map(RulesetId::as_str)).map(|s| {
        s.parse::<RulesetId>()
            .expect("only listed ids pass the parser")
    })
}
