//! Digests of file contents: what a save keeps to know its scenario is
//! unchanged.

/// FNV-1a 64 over bytes, as `fnv1a64:` and 16 hex digits.
pub fn digest(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("fnv1a64:{h:016x}")
}
