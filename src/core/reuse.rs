//! Copies and scratch buffers that reuse the room a value already has.

/// `Clone` for a struct, field by field, whose `clone_from` calls each
/// field's own `clone_from`, so that a vector copied onto one that already
/// has room reuses it instead of freeing it and allocating anew. The struct
/// is taken apart whole in both methods: a field added later and left out
/// of the list is a compile error, never a field the copy forgets.
macro_rules! clone_by_fields {
    ($t:ident { $($f:ident),* $(,)? }) => {
        impl Clone for $t {
            fn clone(&self) -> Self {
                let $t { $($f),* } = self;
                $t { $($f: Clone::clone($f)),* }
            }

            fn clone_from(&mut self, source: &Self) {
                let $t { $($f),* } = self;
                $(Clone::clone_from($f, &source.$f);)*
            }
        }
    };
}
pub(crate) use clone_by_fields;

/// A thread's spare flags for [`with_flags`]: declare one with
/// `thread_local!` per use that may run inside another.
pub type SpareFlags = std::thread::LocalKey<std::cell::RefCell<Vec<bool>>>;

/// Runs `f` with `len` flags, set at the indexes `marked` lists (each below
/// `len`) and at no other. The flags are `spare`'s buffer, which is all
/// unset between uses; only the marked flags are set and cleared again, so
/// a use costs what it marks, not a fill of the whole buffer. `marked` is
/// gone through twice (to set, then to clear).
pub fn with_flags<R>(
    spare: &'static SpareFlags,
    len: usize,
    marked: impl Iterator<Item = usize> + Clone,
    f: impl FnOnce(&[bool]) -> R,
) -> R {
    let mut flags = spare.with(|s| std::mem::take(&mut *s.borrow_mut()));
    flags.resize(len, false);
    for i in marked.clone() {
        flags[i] = true;
    }
    let out = f(&flags);
    for i in marked {
        flags[i] = false;
    }
    // During the thread's teardown there is nowhere to put it back.
    let _ = spare.try_with(|s| *s.borrow_mut() = flags);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static OUTER: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) };
        static INNER: std::cell::RefCell<Vec<bool>> = const { std::cell::RefCell::new(Vec::new()) };
    }

    #[test]
    fn flags_are_set_where_marked_and_all_unset_between_uses() {
        let set =
            |flags: &[bool]| -> Vec<usize> { (0..flags.len()).filter(|&i| flags[i]).collect() };
        let seen = with_flags(&OUTER, 10, [7, 2, 7].into_iter(), |outer| {
            // A second spare inside the first: each its own buffer.
            let inner = with_flags(&INNER, 6, [5].into_iter(), set);
            (set(outer), inner)
        });
        assert_eq!(seen, (vec![2, 7], vec![5]));
        // Longer and shorter than before: the buffer is reused, unset.
        assert_eq!(with_flags(&OUTER, 12, [11].into_iter(), set), vec![11]);
        assert_eq!(with_flags(&OUTER, 4, [0, 3].into_iter(), set), vec![0, 3]);
        assert_eq!(
            with_flags(&OUTER, 12, std::iter::empty(), set),
            Vec::<usize>::new()
        );
        OUTER.with(|b| assert!(b.borrow().iter().all(|&f| !f)));
        INNER.with(|b| assert!(b.borrow().iter().all(|&f| !f)));
    }

    #[derive(Debug, PartialEq)]
    struct Pair {
        names: Vec<String>,
        count: u32,
    }
    super::clone_by_fields!(Pair { names, count });

    #[test]
    fn a_copy_onto_a_value_is_the_source_and_keeps_the_room() {
        let source = Pair {
            names: vec!["a".into(), "b".into()],
            count: 2,
        };
        let mut target = Pair {
            names: Vec::with_capacity(16),
            count: 9,
        };
        let room = target.names.as_ptr();
        target.clone_from(&source);
        assert_eq!(target, source);
        assert_eq!(target.names.as_ptr(), room, "the vector's room is reused");
        assert_eq!(source.clone(), source);
    }
}
