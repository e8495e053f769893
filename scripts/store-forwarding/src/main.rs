//! What a load right after stores to the same words costs on this CPU:
//! the question behind the bitboard engine's changed-word compare, a
//! 32-byte load of words that the band updates have just written one by
//! one. Each loop below makes a chain, so that its time per iteration is
//! the latency of one round: stores, then a load whose result feeds the
//! next round's stores.
//!
//! ```text
//! cargo run --release --manifest-path scripts/store-forwarding/Cargo.toml
//! ```
//!
//! A 32-byte load that spans several 4-byte stores cannot take its data
//! from the store buffer and waits until the stores reach the cache; a
//! load inside one wider store, or of the same size, is forwarded.

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_castsi256_ps, _mm256_cmpeq_epi32, _mm256_loadu_si256,
    _mm256_movemask_ps, _mm256_set1_epi32, _mm256_setzero_si256, _mm256_storeu_si256,
};
use std::hint::black_box;
use std::ptr::{read_volatile, write_volatile};
use std::time::Instant;

/// Nine words, as a band's nine digit words.
type Words = [u32; 16];

/// Nine 4-byte stores, then one 32-byte load of eight of them.
#[target_feature(enable = "avx2")]
fn word_stores_then_vector_load(words: &mut Words, rounds: u64) -> u32 {
    let mut carry = 0;
    for round in 0..rounds {
        let value = round as u32 | carry;
        for (k, word) in words.iter_mut().take(9).enumerate() {
            // SAFETY: `word` is a valid, aligned, exclusive reference.
            unsafe { write_volatile(word, value.wrapping_add(k as u32)) };
        }
        // SAFETY: AVX2 is enabled; the load reads words 0–7 of 16.
        let zero = unsafe {
            let loaded = _mm256_loadu_si256(words.as_ptr().cast::<__m256i>());
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                loaded,
                _mm256_setzero_si256(),
            )))
        };
        carry = zero as u32 & 1;
    }
    carry
}

/// The same nine stores, then eight 4-byte loads.
fn word_stores_then_word_loads(words: &mut Words, rounds: u64) -> u32 {
    let mut carry = 0;
    for round in 0..rounds {
        let value = round as u32 | carry;
        for (k, word) in words.iter_mut().take(9).enumerate() {
            // SAFETY: `word` is a valid, aligned, exclusive reference.
            unsafe { write_volatile(word, value.wrapping_add(k as u32)) };
        }
        // SAFETY: each read is of a valid, aligned word.
        let any = words[..8]
            .iter()
            .fold(0, |any, word| any | unsafe { read_volatile(word) });
        carry = any & 1;
    }
    carry
}

/// One 32-byte read-modify-write, then a 32-byte load of the same bytes.
#[target_feature(enable = "avx2")]
fn vector_store_then_vector_load(words: &mut Words, rounds: u64) -> u32 {
    let mut carry = 0;
    for round in 0..rounds {
        let value = round as u32 | carry;
        // SAFETY: AVX2 is enabled; the accesses cover words 0–7 of 16.
        let zero = unsafe {
            let at = words.as_mut_ptr().cast::<__m256i>();
            let masked = _mm256_and_si256(_mm256_loadu_si256(at), _mm256_set1_epi32(value as i32));
            _mm256_storeu_si256(at, masked);
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(
                _mm256_loadu_si256(at),
                _mm256_setzero_si256(),
            )))
        };
        carry = zero as u32 & 1;
    }
    carry
}

/// One 32-byte read-modify-write, then a 4-byte load inside it.
#[target_feature(enable = "avx2")]
fn vector_store_then_word_load(words: &mut Words, rounds: u64) -> u32 {
    let mut carry = 0;
    for round in 0..rounds {
        let value = round as u32 | carry;
        // SAFETY: AVX2 is enabled; the accesses cover words 0–7 of 16.
        let word = unsafe {
            let at = words.as_mut_ptr().cast::<__m256i>();
            let masked = _mm256_and_si256(_mm256_loadu_si256(at), _mm256_set1_epi32(value as i32));
            _mm256_storeu_si256(at, masked);
            read_volatile(&words[(value & 7) as usize])
        };
        carry = word & 1;
    }
    carry
}

fn main() {
    assert!(
        std::is_x86_feature_detected!("avx2"),
        "this measurement needs AVX2"
    );
    let rounds = 50_000_000;
    let mut words: Words = [1; 16];
    let time = |name: &str, run: &dyn Fn(&mut Words) -> u32, words: &mut Words| {
        let start = Instant::now();
        let carry = run(black_box(words));
        let ns = start.elapsed().as_nanos() as f64 / rounds as f64;
        println!("{name:<40} {ns:6.2} ns a round ({carry})");
    };
    // SAFETY (each closure below): the CPU has AVX2, checked above.
    time(
        "9 word stores, then a 32-byte load",
        &|w| unsafe { word_stores_then_vector_load(w, rounds) },
        &mut words,
    );
    time(
        "9 word stores, then 8 word loads",
        &|w| word_stores_then_word_loads(w, rounds),
        &mut words,
    );
    time(
        "a 32-byte store, then a 32-byte load",
        &|w| unsafe { vector_store_then_vector_load(w, rounds) },
        &mut words,
    );
    time(
        "a 32-byte store, then a word load",
        &|w| unsafe { vector_store_then_word_load(w, rounds) },
        &mut words,
    );
}
