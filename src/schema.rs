//! JSON Schemas of the files tilecrawl reads, generated from the types the
//! loaders read them into (`schemars`), so a schema cannot drift from its
//! loader: `tilecrawl schema NAME` prints one, `schemas/` ships them, and
//! the tests check that `schemas/` is what the types give today and that
//! every template and golden file of a kind validates against its schema.
//!
//! A schema says what a file's shape is (keys, types, which are required)
//! and the checks of one key the loader makes, from the loader's own
//! constants: the one `format` it reads, the limits of a key alone (a
//! square's size, a table's side, a party's statistics), a Dungeon World
//! 10 mm feature's options by kind. The loaders check more (ranges that
//! depend on other keys, names, a tile's squares), so a file the schema
//! accepts can still be refused with one `error:` line.

/// One file kind with a schema.
pub struct Kind {
    /// The name `tilecrawl schema` takes, and `schemas/<name>.schema.json`.
    pub name: &'static str,
    /// The `format:` line of the files of this kind.
    pub format: &'static str,
    /// What the files are.
    pub what: &'static str,
    /// The schema, from the loader's types.
    pub schema: fn() -> schemars::Schema,
}

/// Every kind with a schema, by name.
pub const KINDS: [Kind; 28] = [
    Kind {
        name: "campaign",
        format: crate::mkd::campaign::model::FORMAT,
        what: "a campaign file (campaigns/NAME/campaign.yaml)",
        schema: crate::mkd::campaign::model::json_schema,
    },
    Kind {
        name: "dungeon",
        format: crate::mkd::floors::DUNGEON_FORMAT,
        what: "a multi-floor dungeon (dungeon.yaml)",
        schema: crate::mkd::floors::json_schema,
    },
    Kind {
        name: "monsters",
        format: crate::mkd::monsters::FORMAT,
        what: "a monster list (--monsters)",
        schema: crate::mkd::monsters::json_schema,
    },
    Kind {
        name: "party",
        format: crate::mkd::play::party::FORMAT,
        what: "a party file (--party)",
        schema: crate::mkd::play::party::json_schema,
    },
    Kind {
        name: "save",
        format: crate::mkd::play::session::SAVE_FORMAT,
        what: "a saved game (play --save)",
        schema: crate::mkd::play::session::json_schema,
    },
    Kind {
        name: "scenario",
        format: crate::scenario::FORMAT,
        what: "a scenario of any game (scenario.yaml)",
        schema: scenario_schema,
    },
    Kind {
        name: "style",
        format: crate::export::style::FORMAT,
        what: "a map style (--style)",
        schema: crate::export::style::json_schema,
    },
    Kind {
        name: "tables",
        format: crate::mkd::tables::FORMAT,
        what: "the roll tables of solo play (--tables)",
        schema: crate::mkd::tables::json_schema,
    },
    Kind {
        name: "tileset",
        format: crate::tileset::FORMAT,
        what: "a tile set (--tileset)",
        schema: crate::tileset::json_schema,
    },
    Kind {
        name: "warparty",
        format: crate::ddd::warparty::FORMAT,
        what: "a Dungeons Dark & Dangerous war-party (--warparty)",
        schema: warparty_schema,
    },
    Kind {
        name: "ddd-save",
        format: crate::ddd::play::session::SAVE_FORMAT,
        what: "a saved Dungeons Dark & Dangerous game (play --save)",
        schema: crate::ddd::play::session::json_schema,
    },
    Kind {
        name: "dw10-party",
        format: crate::dw10::play::party::FORMAT,
        what: "a Dungeon World 10 mm party (play --party)",
        schema: crate::dw10::play::party::json_schema,
    },
    Kind {
        name: "dw10-save",
        format: crate::dw10::play::session::FORMAT,
        what: "a saved Dungeon World 10 mm game (play --save)",
        schema: crate::dw10::play::session::json_schema,
    },
    Kind {
        name: "dw10-campaign",
        format: crate::dw10::campaign::FORMAT,
        what: "a Dungeon World 10 mm campaign (campaign new --ruleset dungeon-world-10mm)",
        schema: crate::dw10::campaign::json_schema,
    },
    Kind {
        name: "dw10-shop",
        format: crate::dw10::campaign::SHOP_FORMAT,
        what: "the Dungeon World 10 mm shop between games (embedded data)",
        schema: crate::dw10::campaign::shop_schema,
    },
    Kind {
        name: "rewards",
        format: crate::mkd::campaign::reward::FORMAT,
        what: "the campaign rewards table (embedded data)",
        schema: crate::mkd::campaign::reward::json_schema,
    },
    Kind {
        name: "ruleset",
        format: crate::mkd::setup::DATA_FORMAT,
        what: "the MKD Adventure setup data (embedded data)",
        schema: crate::mkd::setup::json_schema,
    },
    Kind {
        name: "wod-s",
        format: crate::characters::wod_s::data::FORMAT,
        what: "the World of Dungeons S tables (embedded data)",
        schema: crate::characters::wod_s::data::json_schema,
    },
    Kind {
        name: "wod-s-names",
        format: crate::characters::wod_s::names::FORMAT,
        what: "the World of Dungeons S names by land (embedded data)",
        schema: crate::characters::wod_s::names::json_schema,
    },
    Kind {
        name: "wod-s-mkd",
        format: crate::mkd::wod_s::FORMAT,
        what: "the World of Dungeons S to MKD hero conversion (embedded data)",
        schema: crate::mkd::wod_s::json_schema,
    },
    Kind {
        name: "wod-s-dw10",
        format: crate::dw10::wod_s::FORMAT,
        what: "the World of Dungeons S to Dungeon World 10 mm hero conversion (embedded data)",
        schema: crate::dw10::wod_s::json_schema,
    },
    Kind {
        name: "wod-s-ddd",
        format: crate::ddd::wod_s::FORMAT,
        what: "the World of Dungeons S to Dungeons Dark & Dangerous war-party conversion (embedded data)",
        schema: crate::ddd::wod_s::json_schema,
    },
    Kind {
        name: "dw-srd",
        format: crate::characters::dw_srd::data::FORMAT,
        what: "the Dungeon World SRD hirelings, moves and harm (embedded data)",
        schema: crate::characters::dw_srd::data::json_schema,
    },
    Kind {
        name: "dw10-figures",
        format: crate::dw10::figures::FORMAT,
        what: "the Dungeon World 10 mm figures (embedded data)",
        schema: crate::dw10::figures::json_schema,
    },
    Kind {
        name: "dw10-tables",
        format: crate::dw10::tables::FORMAT,
        what: "the Dungeon World 10 mm roll tables (embedded data)",
        schema: crate::dw10::tables::json_schema,
    },
    Kind {
        name: "dw10-setup",
        format: crate::dw10::tables::SETUP_FORMAT,
        what: "the Dungeon World 10 mm setup counts (embedded data)",
        schema: crate::dw10::tables::setup_json_schema,
    },
    Kind {
        name: "dw10-conditions",
        format: crate::dw10::conditions::FORMAT,
        what: "the Dungeon World 10 mm dungeon conditions, the project's table (embedded data)",
        schema: crate::dw10::conditions::json_schema,
    },
    Kind {
        name: "dd-and-d-scenarios",
        format: crate::ddd::scenarios::FORMAT,
        what: "the Dungeons Dark & Dangerous scenario texts (embedded data)",
        schema: crate::ddd::scenarios::json_schema,
    },
];

/// A `scenario.yaml` of any game: one schema per game, told apart by the
/// `ruleset` key each allows (the files share their `format`).
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)] // never built: only its schema is used
enum AnyScenarioFile {
    /// The MKD Adventure.
    Mkd(crate::mkd::scenario::ScenarioFile),
    /// Dungeon World 10 mm.
    Dw10(crate::dw10::schema::ScenarioFile),
    /// Dungeons Dark & Dangerous.
    Ddd(crate::ddd::schema::ScenarioFile),
}

fn scenario_schema() -> schemars::Schema {
    schemars::schema_for!(AnyScenarioFile)
}

fn warparty_schema() -> schemars::Schema {
    schemars::schema_for!(crate::ddd::warparty::Warparty)
}

/// The kind called `name`.
pub fn kind(name: &str) -> Option<&'static Kind> {
    KINDS.iter().find(|k| k.name == name)
}

/// A kind's schema as the JSON text `schemas/` holds: pretty-printed, with
/// a title naming the kind, ending in a line break.
pub fn to_json(k: &Kind) -> String {
    let mut s = (k.schema)();
    s.insert(
        "title".into(),
        format!("tilecrawl: {} (format: {})", k.what, k.format).into(),
    );
    let mut text = serde_json::to_string_pretty(&s).expect("a schema always serialises");
    text.push('\n');
    text
}
