//! The structure of a sheet PDF for readers that follow it rather than the
//! drawing (screen readers, reflow on a phone, copying a table out): a
//! tagged PDF. The layout marks where each part begins and ends
//! ([`Op::Open`](super::pdf::Op::Open), [`Role`]); [`Tagger`] turns those
//! marks into krilla's tag tree while the pages are drawn, and marks what
//! is only furniture (running lines, rules, stripes, a table header drawn
//! again on the next page) as artifacts a reader skips.
//!
//! The map and cut-out PDFs (`export::pdf`) are tagged by the same
//! [`Tagger`], opened and closed around what each page draws.

use std::num::NonZeroU16;

use krilla::surface::Surface;
use krilla::tagging::{
    Artifact, ArtifactType, ContentTag, SpanTag, TableHeaderScope, Tag, TagGroup, TagTree,
};

/// A part of a PDF's structure, opened and closed around the drawing
/// that makes it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Role {
    /// The sheet's title (the first heading level).
    Title,
    /// A section's heading (second level).
    Heading,
    /// A heading inside a section (third level).
    SubHeading,
    /// A paragraph, or one "label: value" line.
    Para,
    /// A table: rows of header and data cells.
    Table,
    /// One row of a table.
    Row,
    /// A column's header cell.
    HeaderCell,
    /// A data cell.
    Cell,
    /// A drawing, with the words a reader says for it.
    Figure(String),
    /// The running header and footer of a page.
    Running,
    /// Something drawn again for the eye only (a table's header and
    /// "continued" line at the top of the next page).
    Repeat,
}

/// How the content being drawn is marked.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mark {
    /// Not part of the document's text (a reader skips it).
    Artifact(ArtifactType),
    /// Text of the open group with this serial number.
    Span(u32),
    /// A drawing that belongs to the open group with this serial number.
    Other(u32),
}

/// One open part: its group in the tree to be (none for the artifacts'
/// roles), and what kind of content it takes.
struct Open {
    role: Kind,
    group: Option<TagGroup>,
    serial: u32,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// Takes text (headings, paragraphs, cells).
    Text,
    /// Takes drawings (a figure).
    Drawing,
    /// Holds other parts; its own drawing is layout (rules, fills).
    Frame,
    /// Page furniture.
    Running,
    /// Drawn again for the eye.
    Repeat,
}

/// Builds the tag tree as the pages are drawn, in reading order.
pub(crate) struct Tagger {
    tree: TagTree,
    stack: Vec<Open>,
    next: u32,
    marked: Option<Mark>,
}

impl Tagger {
    pub(crate) fn new() -> Tagger {
        Tagger {
            tree: TagTree::new().with_lang(Some("en".into())),
            stack: Vec::new(),
            next: 0,
            marked: None,
        }
    }

    /// Opens a part; what is drawn until [`Tagger::close`] belongs to it.
    pub(crate) fn open(&mut self, role: &Role) {
        // The heading's text is its content; no title attribute repeats it.
        let heading = |level: u16| {
            let level = NonZeroU16::new(level).unwrap_or(NonZeroU16::MIN);
            Some(TagGroup::new(Tag::Hn(level, None)))
        };
        let (kind, group) = match role {
            Role::Title => (Kind::Text, heading(1)),
            Role::Heading => (Kind::Text, heading(2)),
            Role::SubHeading => (Kind::Text, heading(3)),
            Role::Para => (Kind::Text, Some(TagGroup::new(Tag::P))),
            Role::Table => (Kind::Frame, Some(TagGroup::new(Tag::Table))),
            Role::Row => (Kind::Frame, Some(TagGroup::new(Tag::TR))),
            Role::HeaderCell => (
                Kind::Text,
                Some(TagGroup::new(Tag::TH(TableHeaderScope::Column))),
            ),
            Role::Cell => (Kind::Text, Some(TagGroup::new(Tag::TD))),
            Role::Figure(alt) => (
                Kind::Drawing,
                Some(TagGroup::new(Tag::Figure(Some(alt.clone())))),
            ),
            Role::Running => (Kind::Running, None),
            Role::Repeat => (Kind::Repeat, None),
        };
        // Inside furniture, every part is furniture too.
        let (kind, group) = match self.stack.last() {
            Some(o) if matches!(o.role, Kind::Running | Kind::Repeat) => (o.role, None),
            _ => (kind, group),
        };
        self.next += 1;
        self.stack.push(Open {
            role: kind,
            group,
            serial: self.next,
        });
    }

    /// Closes the innermost open part, handing its group to the part
    /// around it (or to the tree). A close with nothing open is ignored.
    pub(crate) fn close(&mut self, surface: &mut Surface) {
        let Some(done) = self.stack.pop() else {
            return;
        };
        if let Some(Mark::Span(s) | Mark::Other(s)) = self.marked
            && s == done.serial
        {
            surface.end_tagged();
            self.marked = None;
        }
        if let Some(group) = done.group {
            self.hand_up(group);
        }
    }

    /// Hands a closed part's group to the innermost open part that has a
    /// group (furniture has none), or to the tree when none is open.
    fn hand_up(&mut self, group: TagGroup) {
        match self.stack.iter_mut().rev().find_map(|o| o.group.as_mut()) {
            Some(parent) => parent.push(group),
            None => self.tree.push(group),
        }
    }

    /// Marks what is drawn next: `text` for a line of text, else a shape.
    /// Consecutive drawing of the same part shares one marked sequence.
    pub(crate) fn draw(&mut self, surface: &mut Surface, text: bool) {
        let mark = self.mark(text);
        if self.marked == Some(mark) {
            return;
        }
        if self.marked.take().is_some() {
            surface.end_tagged();
        }
        let id = match mark {
            Mark::Artifact(kind) => {
                surface.start_tagged(ContentTag::Artifact(Artifact::new(kind, None)));
                None
            }
            Mark::Span(s) => Some((s, surface.start_tagged(ContentTag::Span(SpanTag::empty())))),
            Mark::Other(s) => Some((s, surface.start_tagged(ContentTag::Other))),
        };
        if let Some((serial, id)) = id
            && let Some(group) = self
                .stack
                .iter_mut()
                .rev()
                .find(|o| o.serial == serial)
                .and_then(|o| o.group.as_mut())
        {
            group.push(id);
        }
        self.marked = Some(mark);
    }

    fn mark(&self, text: bool) -> Mark {
        let Some(top) = self.stack.last() else {
            return Mark::Artifact(ArtifactType::Layout);
        };
        match top.role {
            Kind::Running | Kind::Repeat => Mark::Artifact(ArtifactType::PaginationOther),
            Kind::Text if text => Mark::Span(top.serial),
            Kind::Drawing => Mark::Other(top.serial),
            _ => Mark::Artifact(ArtifactType::Layout),
        }
    }

    /// Ends the page's open marked sequence (each page's content stream
    /// closes its own).
    pub(crate) fn end_page(&mut self, surface: &mut Surface) {
        if self.marked.take().is_some() {
            surface.end_tagged();
        }
    }

    /// The finished tree; parts left open are closed into it.
    pub(crate) fn finish(mut self) -> TagTree {
        while let Some(done) = self.stack.pop() {
            if let Some(group) = done.group {
                self.hand_up(group);
            }
        }
        self.tree
    }
}
