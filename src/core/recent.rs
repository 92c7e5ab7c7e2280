//! A small memory of recent results, keyed by their exact inputs: what a
//! hot loop asks again and again (a route field, the squares that see a
//! hero) is worked out once while its inputs stay the same. A kept value
//! must be a function of its key alone, so keeping it changes no result.

use std::sync::Arc;

/// The last few keys asked for and their values, the most recently used
/// first: a look-up meets the likeliest keys first, and the least recently
/// used, last, goes when a new one comes.
pub struct Recent<K, V> {
    kept: usize,
    entries: Vec<(K, V)>,
}

impl<K: PartialEq, V: Clone> Recent<K, V> {
    /// A memory of at most `kept` values (at least one).
    pub const fn new(kept: usize) -> Recent<K, V> {
        Recent {
            kept,
            entries: Vec::new(),
        }
    }

    /// The value kept for `key`, or `make`'s, kept from now on.
    pub fn get_or_make(&mut self, key: K, make: impl FnOnce(&K) -> V) -> V {
        if let Some(v) = self.hit(|k| *k == key) {
            return v;
        }
        let value = make(&key);
        self.keep(key, value.clone());
        value
    }

    /// [`Recent::get_or_make`] for a key dear to build (it owns lists):
    /// the kept value whose key `is` holds of, or the key and value `make`
    /// gives, kept from now on. The key is built only when none matches.
    /// `is` must hold of exactly one key, the one `make` would build.
    pub fn find_or_make(&mut self, is: impl Fn(&K) -> bool, make: impl FnOnce() -> (K, V)) -> V {
        if let Some(v) = self.hit(is) {
            return v;
        }
        let (key, value) = make();
        self.keep(key, value.clone());
        value
    }

    /// The value of the first key `is` holds of, moved to the front.
    fn hit(&mut self, is: impl Fn(&K) -> bool) -> Option<V> {
        let i = self.entries.iter().position(|(k, _)| is(k))?;
        self.entries[..=i].rotate_right(1);
        Some(self.entries[0].1.clone())
    }

    /// Keeps a new entry at the front, the least recently used going when
    /// full.
    fn keep(&mut self, key: K, value: V) {
        if self.entries.len() >= self.kept.max(1) {
            self.entries.pop();
        }
        self.entries.insert(0, (key, value));
    }
}

/// A shared value as a key: equal when it is the same allocation. The key
/// holds the `Arc`, so the allocation is never freed and reused while the
/// key is kept; with values changed only through `Arc::make_mut` (which
/// copies a shared one), the same allocation is the same value.
pub struct Same<T>(pub Arc<T>);

impl<T> PartialEq for Same<T> {
    fn eq(&self, other: &Same<T>) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_value_is_given_again_and_the_oldest_goes() {
        let mut r: Recent<u32, u32> = Recent::new(2);
        let mut made = 0;
        let mut ask = |r: &mut Recent<u32, u32>, k: u32| {
            r.get_or_make(k, |k| {
                made += 1;
                k * 10
            })
        };
        assert_eq!(ask(&mut r, 1), 10);
        assert_eq!(ask(&mut r, 2), 20);
        assert_eq!(ask(&mut r, 1), 10); // kept: 1 is now the newest
        assert_eq!(ask(&mut r, 3), 30); // 2 goes
        assert_eq!(ask(&mut r, 1), 10);
        assert_eq!(ask(&mut r, 2), 20); // made again
        assert_eq!(made, 4);
    }

    #[test]
    fn a_key_found_by_a_test_is_built_only_when_none_matches() {
        let mut r: Recent<Vec<u32>, u32> = Recent::new(2);
        let mut built = 0;
        let mut ask = |r: &mut Recent<Vec<u32>, u32>, k: &[u32]| {
            r.find_or_make(
                |kept| kept.as_slice() == k,
                || {
                    built += 1;
                    (k.to_vec(), k.iter().sum())
                },
            )
        };
        assert_eq!(ask(&mut r, &[1, 2]), 3);
        assert_eq!(ask(&mut r, &[4]), 4);
        assert_eq!(ask(&mut r, &[1, 2]), 3); // kept: [1, 2] is now the newest
        assert_eq!(ask(&mut r, &[5, 5]), 10); // [4] goes
        assert_eq!(ask(&mut r, &[1, 2]), 3);
        assert_eq!(ask(&mut r, &[4]), 4); // built again
        assert_eq!(built, 4);
    }

    #[test]
    fn it_makes_what_a_plain_least_recently_used_list_would_make() {
        // Random asks over a few keys, for memories of 1 to 5: a value is
        // made exactly when the key is not among the last `kept` distinct
        // keys asked for, which a list kept in order of use tells.
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for kept in 1..=5 {
            let mut r: Recent<u64, u64> = Recent::new(kept);
            let mut order: Vec<u64> = Vec::new();
            for _ in 0..2000 {
                let k = next() % 8;
                let mut made = false;
                let v = r.get_or_make(k, |k| {
                    made = true;
                    k + 100
                });
                assert_eq!(v, k + 100);
                let known = order.iter().position(|&o| o == k);
                assert_eq!(made, known.is_none(), "key {k} with {kept} kept");
                if let Some(i) = known {
                    order.remove(i);
                }
                order.insert(0, k);
                order.truncate(kept);
            }
        }
    }

    #[test]
    fn same_compares_allocations_not_values() {
        let a = Arc::new(5);
        let b = Arc::new(5);
        assert!(Same(a.clone()) == Same(a));
        assert!(Same(b.clone()) != Same(Arc::new(*b)));
    }
}
