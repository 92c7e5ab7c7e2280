//! The layering check (see ARCHITECTURE.md): every module of `src/` belongs
//! to one layer, and a module may use only modules of its own layer or the
//! layers below. Games sit side by side on one layer and never use each
//! other. And no two modules use each other, however far round: the
//! modules' import graph has no cycle.
//!
//! The source is read with `syn`; every path that names a module of the
//! crate (`crate::…`, `super::…`, `self::…`, and `tilecrawl::…` from the
//! binary) counts, in `use` items and in code, test modules included (an
//! inline `mod tests { … }` is a module of its own).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// The layers, lowest first. A module's layer is the first entry whose
/// prefix its path starts with. Entries on one line are one layer: games.
const LAYERS: &[&[&str]] = &[
    &["core"],
    &["tileset"],
    &["build"],
    &["scenario"],
    &["rules"],
    // Characters, names and hirelings of the character rule texts: games
    // may use them; they use only `core`.
    &["characters"],
    // Each game is a folder on this layer; games do not use each other.
    &["mkd", "dw10", "ddd"],
    &["games"],
    &["export"],
    &["pack", "schema"],
    &["cli", "main"],
];

/// Module paths (`mkd::play::engine`) and the files they are read from.
fn modules() -> BTreeMap<String, PathBuf> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut stack = vec![src.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(&src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            let name = match parts.as_slice() {
                [one] if one == "lib" => String::new(),
                _ => parts.join("::"),
            };
            out.insert(name, path);
        }
    }
    out
}

/// The layer of a module, as an index into [`LAYERS`], with the game's name
/// for modules on the games' layer.
fn layer(module: &str) -> Option<(usize, &'static str)> {
    let first = module.split("::").next().unwrap_or("");
    LAYERS
        .iter()
        .enumerate()
        .find_map(|(i, names)| names.iter().find(|n| **n == first).map(|n| (i, *n)))
}

/// Collects the module paths a file's code names.
struct Uses<'a> {
    /// Every module of the crate (files and inline modules).
    known: &'a BTreeSet<String>,
    /// The module being read (changes inside inline `mod x { … }`).
    current: Vec<String>,
    /// (from, to) module pairs.
    edges: BTreeSet<(String, String)>,
    /// Inline modules found.
    inline: Vec<String>,
}

impl Uses<'_> {
    /// Resolves a path's segments to the deepest module it names.
    fn resolve(&mut self, segments: &[String]) {
        let Some(first) = segments.first() else {
            return;
        };
        let mut base: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "tilecrawl" => Vec::new(),
            "self" => self.current.clone(),
            "super" => {
                let mut b = self.current.clone();
                b.pop();
                b
            }
            _ => return,
        };
        let mut rest = &segments[1..];
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        let mut target = base.clone();
        let mut deepest = target.join("::");
        for seg in rest {
            target.push(seg.clone());
            let name = target.join("::");
            if self.known.contains(&name) {
                deepest = name;
            } else {
                break;
            }
        }
        let from = self.current.join("::");
        if !deepest.is_empty() && deepest != from {
            self.edges.insert((from, deepest));
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                prefix.push(n.ident.to_string());
                let p = prefix.clone();
                self.resolve(&p);
                prefix.pop();
            }
            syn::UseTree::Rename(r) => {
                prefix.push(r.ident.to_string());
                let p = prefix.clone();
                self.resolve(&p);
                prefix.pop();
            }
            syn::UseTree::Glob(_) => {
                let p = prefix.clone();
                self.resolve(&p);
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(prefix, t);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Uses<'_> {
    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&mut Vec::new(), &u.tree);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        self.resolve(&segs);
        syn::visit::visit_path(self, p);
    }

    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if m.content.is_some() {
            self.current.push(m.ident.to_string());
            self.inline.push(self.current.join("::"));
            syn::visit::visit_item_mod(self, m);
            self.current.pop();
        }
    }
}

/// Every module and the modules it names.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = modules();
    // Inline modules are found in a first pass, so paths into them resolve.
    let mut known: BTreeSet<String> = files.keys().cloned().collect();
    let mut parsed = Vec::new();
    for (name, path) in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut first = Uses {
            known: &BTreeSet::new(),
            current: split(name),
            edges: BTreeSet::new(),
            inline: Vec::new(),
        };
        first.visit_file(&file);
        known.extend(first.inline);
        parsed.push((name.clone(), file));
    }
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, file) in &parsed {
        let mut uses = Uses {
            known: &known,
            current: split(name),
            edges: BTreeSet::new(),
            inline: Vec::new(),
        };
        uses.visit_file(file);
        out.entry(name.clone()).or_default();
        for (from, to) in uses.edges {
            // A module naming its own inline test module is not a use.
            out.entry(from).or_default().insert(to);
        }
    }
    out
}

fn split(name: &str) -> Vec<String> {
    if name.is_empty() {
        Vec::new()
    } else {
        name.split("::").map(str::to_string).collect()
    }
}

#[test]
fn every_module_has_a_layer() {
    let missing: Vec<String> = modules()
        .into_keys()
        .filter(|m| !m.is_empty() && layer(m).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "modules on no layer (add them to LAYERS in tests/it/layers.rs and to ARCHITECTURE.md): {missing:?}"
    );
}

#[test]
fn no_module_uses_a_layer_above_its_own_or_another_game() {
    let mut wrong = Vec::new();
    for (from, tos) in graph() {
        let Some((lf, gf)) = layer(&from) else {
            continue;
        };
        for to in tos {
            let Some((lt, gt)) = layer(&to) else {
                continue;
            };
            if lt > lf {
                wrong.push(format!("{from} (layer {gf}) uses {to} (layer {gt}, above)"));
            } else if lt == lf && gf != gt && LAYERS[lf].len() > 1 && gf != "main" && gt != "main" {
                wrong.push(format!("{from} uses {to}, another game"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} upward uses:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// `characters` sits above `rules` so that games may use it, but it needs
/// nothing between `core` and itself: it uses `core` only.
#[test]
fn characters_use_only_core() {
    let wrong: Vec<String> = graph()
        .into_iter()
        .filter(|(from, _)| from.starts_with("characters"))
        .flat_map(|(from, tos)| {
            tos.into_iter()
                .filter(|to| !to.starts_with("core") && !to.starts_with("characters"))
                .map(move |to| format!("{from} uses {to}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_two_modules_use_each_other() {
    let g = graph();
    // Strongly connected components (Tarjan), over modules; a folder's
    // `mod.rs` and the files inside it count apart.
    let names: Vec<&String> = g.keys().collect();
    let index: BTreeMap<&str, usize> = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let adj: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            g[*n]
                .iter()
                .filter(|t| t != n)
                .filter_map(|t| index.get(t.as_str()).copied())
                .collect()
        })
        .collect();
    let cycles = tarjan(&adj)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut v: Vec<&str> = c.iter().map(|&i| names[i].as_str()).collect();
            v.sort();
            v.join(" <-> ")
        })
        .collect::<Vec<_>>();
    assert!(
        cycles.is_empty(),
        "{} groups of modules use each other:\n{}",
        cycles.len(),
        cycles.join("\n")
    );
}

/// Tarjan's strongly connected components, iteratively.
fn tarjan(adj: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = adj.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if *i == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = adj[v].get(*i) {
                *i += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                loop {
                    let w = stack.pop().unwrap();
                    on_stack[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(comp);
            }
        }
    }
    out
}

/// The check must catch what it is for: a made-up upward use and a made-up
/// circle are found.
#[test]
fn the_check_finds_an_upward_use_and_a_circle() {
    assert!(layer("core::dice").unwrap().0 < layer("mkd::play::engine").unwrap().0);
    assert!(layer("export").unwrap().0 > layer("mkd").unwrap().0);
    let adj = vec![vec![1], vec![2], vec![0], vec![]];
    let comps = tarjan(&adj);
    assert!(comps.iter().any(|c| c.len() == 3));
    assert!(comps.iter().filter(|c| c.len() == 1).count() == 1);
}
