//! Copies that reuse the room a value already has.

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

#[cfg(test)]
mod tests {
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
