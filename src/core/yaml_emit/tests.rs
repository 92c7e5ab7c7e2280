//! Tests of `yaml_emit`.

use super::*;
use proptest::prelude::*;
use yaml_serde::{Mapping, Value};

/// The [`Node`] of a reader's value, tags kept.
fn node(v: &Value) -> Node {
    match v {
        Value::Null => Node::Null,
        Value::Bool(b) => Node::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64(), n.as_f64()) {
            (Some(u), _, _) => Node::U64(u),
            (None, Some(i), _) => Node::I64(i),
            (None, None, f) => Node::F64(f.unwrap_or(f64::NAN)),
        },
        Value::String(s) => Node::Str(Cow::Owned(s.clone())),
        Value::Sequence(s) => Node::Seq(s.iter().map(node).collect()),
        Value::Mapping(m) => Node::Map(m.iter().map(|(k, v)| (node(k), node(v))).collect()),
        Value::Tagged(t) => {
            let shown = t.tag.to_string();
            let name = shown.strip_prefix('!').unwrap_or(&shown).to_string();
            Node::Tagged(Cow::Owned(name), Box::new(node(&t.value)))
        }
    }
}

/// `v` written with the default style.
fn write(v: &Value) -> String {
    write_with(v, &DocStyle::default()).expect("a good tag")
}

fn write_with(v: &Value, style: &DocStyle) -> Result<String> {
    emit(&node(v), style)
}

fn back(text: &str) -> Value {
    yaml_serde::from_str(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn string_round_trip(s: &str) {
    for v in [
        Value::String(s.into()),
        Value::Sequence(vec![Value::String(s.into()), Value::String("x".into())]),
        yaml_serde::from_str::<Value>("{a: 1}").unwrap(),
    ] {
        let mut m = Mapping::new();
        m.insert(Value::String(s.into()), v.clone());
        m.insert("k".into(), v.clone());
        m.insert(
            "list".into(),
            Value::Sequence(vec![v.clone(), Value::Mapping(m.clone())]),
        );
        let doc = Value::Mapping(m);
        let text = write(&doc);
        assert_eq!(back(&text), doc, "{s:?}\n{text}");
        let text = write(&v);
        assert_eq!(back(&text), v, "{s:?}\n{text}");
    }
}

#[test]
fn awkward_strings_read_back_as_themselves() {
    let long = "a long string with spaces, commas and: colons ".repeat(60);
    let cases = [
        "",
        " ",
        "  ",
        "a ",
        " a",
        "yes",
        "No",
        "ON",
        "off",
        "y",
        "N",
        "true",
        "False",
        "TRUE",
        "null",
        "Null",
        "NULL",
        "~",
        "<<",
        "=",
        "1",
        "-1",
        "+1",
        "0",
        "00",
        "007",
        "1.5",
        "-1.5",
        "1e5",
        "1E+5",
        ".5",
        "5.",
        ".inf",
        "-.Inf",
        "+.INF",
        ".nan",
        "inf",
        "-infinity",
        "NaN",
        "0x1F",
        "0o17",
        "0b101",
        "-0x1",
        "1_000",
        "2d6",
        "1d14",
        "12:30",
        "-",
        "--",
        "---",
        "...",
        "... x",
        "?",
        "? x",
        "?x",
        ":",
        ":x",
        "a:",
        "a: b",
        "a:b",
        "a #b",
        "a#b",
        "#a",
        "&a",
        "*a",
        "!a",
        "!!str",
        "|",
        ">",
        "%YAML",
        "@a",
        "`a",
        "'",
        "\"",
        "a'b",
        "a\"b",
        "''",
        "a,b",
        "[a]",
        "{a}",
        "a]",
        "a}",
        "a, b",
        "[",
        "]",
        "{",
        "}",
        ",",
        "a\tb",
        "\t",
        "a\nb",
        "\n",
        "a\rb",
        "\r\n",
        "\0",
        "\x07",
        "\x1b[0m",
        "\x7f",
        "\u{85}",
        "\u{a0}",
        "\u{2028}",
        "\u{2029}",
        "\u{feff}",
        "\u{feff}a",
        "\u{fffe}",
        "\u{ffff}",
        "\u{e000}",
        "\u{10ffff}",
        "é",
        "Ñandú",
        "日本語",
        "🐉 dragon",
        "a\\b",
        "\\",
        "\\n",
        "C4",
        "Giant Rat",
        "Flame/Lightning",
        "2 floor(s) of 2, 1 tile set(s)",
        "######.,.###.#######______",
        "_____#..,#___",
        &long,
    ];
    for s in cases {
        string_round_trip(s);
    }
}

/// The strings of one section (`[quoted]` or `[plain]`) of
/// `tests/data/yaml-forms.txt`, shared with `tests/it/yaml_readers.rs`
/// (which reads them back through PyYAML); `[quoted]` adds the empty
/// string.
fn forms(section: &str) -> Vec<&'static str> {
    let text = include_str!("../../../tests/data/yaml-forms.txt");
    let mut out: Vec<&str> = text
        .lines()
        .skip_while(|l| *l != section)
        .skip(1)
        .take_while(|l| !l.starts_with('['))
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert!(!out.is_empty(), "no section {section}");
    if section == "[quoted]" {
        out.push("");
    }
    out
}

#[test]
fn yaml_1_1_forms_are_quoted_and_near_misses_are_not() {
    for s in forms("[quoted]") {
        for flow in [false, true] {
            assert_ne!(quoting(s, flow), Quoting::Plain, "{s:?} (flow: {flow})");
        }
        string_round_trip(s);
    }
    for s in forms("[plain]") {
        assert_eq!(quoting(s, false), Quoting::Plain, "{s:?}");
        string_round_trip(s);
    }
}

#[test]
fn numbers_and_scalars_read_back_exactly() {
    let doc: Value = yaml_serde::from_str(
        "{a: 25.4, b: 0.1, c: -0.0, d: 1.0e300, e: 5e-324, f: .inf, g: -.inf, h: .nan, \
         i: 18446744073709551615, j: -9223372036854775808, k: null, l: true, m: false, \
         n: 1.0, o: 100000000000000000000.0}",
    )
    .unwrap();
    let text = write(&doc);
    assert_eq!(back(&text), doc, "{text}");
    assert!(text.starts_with("a: 25.4\n"), "{text}");
    // As serde_yaml wrote them and yaml_serde writes them.
    for f in [
        25.4,
        0.1,
        -0.0,
        1.0,
        1e20,
        1.0e300,
        5e-324,
        -1.5e-7,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ] {
        assert_eq!(write(&Value::from(f)), yaml_serde::to_string(&f).unwrap());
    }
}

#[test]
fn small_records_are_flow_and_lists_of_records_block() {
    let doc: Value = yaml_serde::from_str(
        "format: x\n\
         size: {width: 26, height: 25}\n\
         grid: [_____, '##...']\n\
         tiles:\n\
         - {id: C4, kind: chamber, void: [{x: 1, y: 2}]}\n\
         - {id: H2, kind: hallway}\n\
         connections: [[0, 1], [1, 2]]\n\
         nested: {a: {b: {c: 1}}}\n\
         empty: {e: [], f: {}}\n",
    )
    .unwrap();
    let style = DocStyle {
        block_keys: &["grid"],
        ..DocStyle::default()
    };
    let text = write_with(&doc, &style).unwrap();
    assert_eq!(
        text,
        "format: x\n\
         size: {width: 26, height: 25}\n\
         grid:\n\
         - _____\n\
         - '##...'\n\
         tiles:\n\
         - id: C4\n  kind: chamber\n  void:\n  - {x: 1, y: 2}\n\
         - {id: H2, kind: hallway}\n\
         connections:\n\
         - [0, 1]\n\
         - [1, 2]\n\
         nested:\n  a: {b: {c: 1}}\n\
         empty: {e: [], f: {}}\n"
    );
    assert_eq!(back(&text), doc);
}

#[test]
fn a_flow_line_stays_within_the_width() {
    let item = |n: usize| {
        let mut m = Mapping::new();
        m.insert("key".into(), Value::String("v".repeat(n)));
        Value::Mapping(m)
    };
    // `- {key: ` is 8 bytes, `}` one more.
    let fits = write(&Value::Sequence(vec![item(91)]));
    assert_eq!(fits.trim_end().len(), 100, "{fits}");
    assert!(fits.starts_with("- {"));
    let over = write(&Value::Sequence(vec![item(92)]));
    assert!(over.starts_with("- key: v"), "{over}");
    // Characters, not bytes: `é` takes two bytes, and quotes.
    let mut m = Mapping::new();
    m.insert("key".into(), Value::String("é".repeat(89)));
    let wide = write(&Value::Sequence(vec![Value::Mapping(m)]));
    assert_eq!(wide.trim_end().chars().count(), 100, "{wide}");
    assert!(wide.starts_with("- {"));
}

#[test]
fn long_and_complex_keys_are_explicit() {
    let doc: Value = yaml_serde::from_str(&format!(
        "? [1, 2]\n: a\n? {{x: 1}}\n: [b]\n{}: c\n",
        "k".repeat(300)
    ))
    .unwrap();
    let text = write(&doc);
    assert!(text.starts_with("? [1, 2]\n: a\n"), "{text}");
    assert_eq!(back(&text), doc, "{text}");
    let list = Value::Sequence(vec![doc.clone(), doc]);
    let text = write(&list);
    assert_eq!(back(&text), list, "{text}");
}

#[test]
fn tags_are_written_or_refused() {
    let doc: Value = yaml_serde::from_str(
        "a: !Thing x\nb: !Thing [1]\nc: !Thing {k: v}\nd: !T-1.x\n  long: [1, 2]\ne:\n- !E 3\n",
    )
    .unwrap();
    let text = write(&doc);
    assert_eq!(back(&text), doc, "{text}");
    let top: Value = yaml_serde::from_str("!Top\nk: v\n").unwrap();
    assert_eq!(back(&write(&top)), top);
    let bad = Value::Tagged(Box::new(yaml_serde::value::TaggedValue {
        tag: yaml_serde::value::Tag::new("a b"),
        value: Value::Null,
    }));
    assert!(matches!(
        write_with(&bad, &DocStyle::default()),
        Err(EmitError::Tag(_))
    ));
    let nested = Value::Tagged(Box::new(yaml_serde::value::TaggedValue {
        tag: yaml_serde::value::Tag::new("a"),
        value: bad,
    }));
    assert_eq!(
        write_with(&nested, &DocStyle::default()),
        Err(EmitError::NestedTag)
    );
}

/// Every shape serde can hand a serializer.
#[derive(Serialize)]
enum Shape {
    Unit,
    Newtype(u8),
    Tuple(i32, String),
    Struct { a: Option<f32>, b: () },
}

#[derive(Serialize)]
struct UnitStruct;

#[derive(Serialize)]
struct Wrapper(i16);

struct Bytes(&'static [u8]);

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

#[derive(Serialize)]
struct Everything {
    b: bool,
    i: i8,
    j: i64,
    small: i128,
    big: i128,
    huge: u128,
    f: f32,
    g: f64,
    c: char,
    s: String,
    bytes: Bytes,
    none: Option<u8>,
    some: Option<u8>,
    unit: (),
    unit_struct: UnitStruct,
    wrapper: Wrapper,
    shapes: Vec<Shape>,
    tuple: (u8, String),
    map: std::collections::BTreeMap<i32, Vec<u8>>,
    nested: Vec<Vec<Shape>>,
}

#[test]
fn nodes_hold_what_yaml_serde_values_hold() {
    let x = Everything {
        b: true,
        i: -8,
        j: 1 << 40,
        small: -5,
        big: i128::MIN,
        huge: u128::MAX,
        f: 0.1,
        g: 25.4,
        c: '#',
        s: "yes".into(),
        bytes: Bytes(b"ab"),
        none: None,
        some: Some(3),
        unit: (),
        unit_struct: UnitStruct,
        wrapper: Wrapper(-2),
        shapes: vec![
            Shape::Unit,
            Shape::Newtype(1),
            Shape::Tuple(-1, "x".into()),
            Shape::Struct {
                a: Some(1.5),
                b: (),
            },
            Shape::Struct { a: None, b: () },
        ],
        tuple: (1, "t".into()),
        map: [(-1, vec![1, 2]), (7, vec![])].into_iter().collect(),
        nested: vec![vec![Shape::Unit, Shape::Newtype(2)], vec![]],
    };
    let value = yaml_serde::to_value(&x).unwrap();
    assert_eq!(to_node(&x).unwrap(), node(&value));
    let text = to_string(&x, &DocStyle::default()).unwrap();
    assert_eq!(back(&text), value, "{text}");
}

/// Strings from every awkward class: indicators, keywords, numbers,
/// spaces, quotes, controls, non-ASCII.
fn awkward_string() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => "[a-z]{0,6}",
        3 => "[ -~]{0,12}",
        3 => "[-+.0-9eExXoObB_:]{0,8}",
        3 => "[ ,:#'\"\\[\\]{}?!&*|>%@`~-]{0,6}[a-z]{0,3}[ ,:#'\"\\[\\]{}?!&*|>%@`~-]{0,3}",
        2 => prop::sample::select(vec![
            "yes", "No", "null", "~", "true", "FALSE", ".inf", "-.nan", "007", "0x1f", "1e9",
            "inf", "<<", "...", "---", "- a", "a: b", "a #b",
        ])
        .prop_map(String::from),
        1 => any::<String>(),
        1 => prop::collection::vec(any::<char>(), 0..8).prop_map(|v| v.into_iter().collect()),
        1 => "[a-z ]{200,400}",
    ]
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        1 => Just(Value::Null),
        1 => any::<bool>().prop_map(Value::Bool),
        1 => any::<u64>().prop_map(Value::from),
        1 => any::<i64>().prop_map(Value::from),
        2 => any::<f64>().prop_map(Value::from),
        10 => awkward_string().prop_map(Value::String),
    ]
}

fn key() -> impl Strategy<Value = Value> {
    prop_oneof![
        6 => scalar(),
        1 => prop::collection::vec(scalar(), 0..3).prop_map(Value::Sequence),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    scalar().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Sequence),
            prop::collection::vec((key(), inner.clone()), 0..6)
                .prop_map(|kv| Value::Mapping(kv.into_iter().collect())),
            ("[A-Za-z][A-Za-z0-9_.-]{0,6}", inner).prop_filter_map(
                "one tag per node",
                |(tag, value)| {
                    (!matches!(value, Value::Tagged(_))).then(|| {
                        Value::Tagged(Box::new(yaml_serde::value::TaggedValue {
                            tag: yaml_serde::value::Tag::new(tag),
                            value,
                        }))
                    })
                }
            ),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_string_reads_back(s in awkward_string()) {
        for flow in [false, true] {
            let mut out = String::new();
            write_string(&mut out, &s, flow);
            let doc = if flow { format!("[{out}]") } else { format!("k: {out}\n") };
            let v: Value = yaml_serde::from_str(&doc)
                .map_err(|e| TestCaseError::fail(format!("{e}\n{doc}")))?;
            let got = if flow { v.get(0).cloned() } else { v.get("k").cloned() };
            prop_assert_eq!(got, Some(Value::String(s.clone())), "{}", doc);
        }
    }

    #[test]
    fn any_value_reads_back(v in value(), width in prop::sample::select(vec![20usize, 100, 400])) {
        let style = DocStyle { width, block_keys: &["grid"] };
        let text = write_with(&v, &style).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let got: Value = yaml_serde::from_str(&text)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&got, &v, "{}", text);
        prop_assert_eq!(write_with(&got, &style).unwrap(), text);
    }
}
