//! What a load right after stores to the same words costs on this CPU:
//! the question behind the bitboard engine's changed-word compare, a
//! 32-byte load of words that the band updates have just written one by
//! one. Each measurement is a chain, so that its time per round is the
//! latency of one round: stores, then a load whose result feeds the next
//! round's stores.
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

/// Room for nine words, as a band's nine digit words, and a vector more.
type Words = [u32; 16];

/// One of the chains below: words, rounds, the last bit read.
type Measure = unsafe fn(&mut Words, u64) -> u32;

/// How a round writes the words: nine 4-byte stores (words 0–8), or one
/// 32-byte read-modify-write (words 0–7).
const NINE_WORDS: u8 = 0;
const VECTOR: u8 = 1;

/// How a round reads them back: one 32-byte load (words 0–7, as
/// [`VECTOR`]), eight 4-byte loads, or one 4-byte load among words 0–7.
const EIGHT_WORDS: u8 = 2;
const ONE_WORD: u8 = 3;

/// `rounds` rounds of `STORE` then `LOAD`, each round's value made from
/// the last round's load; returns the last bit read. (Constant
/// parameters: each pair is its own loop, with nothing else in it.)
#[target_feature(enable = "avx2")]
fn chain<const STORE: u8, const LOAD: u8>(words: &mut Words, rounds: u64) -> u32 {
    let mut carry = 0;
    for round in 0..rounds {
        let value = round as u32 | carry;
        let at = words.as_mut_ptr().cast::<__m256i>();
        // SAFETY (all blocks below): AVX2 is enabled; every access is of
        // words 0–8 of the 16, valid and aligned, through `words`.
        if STORE == NINE_WORDS {
            for (k, word) in words.iter_mut().take(9).enumerate() {
                unsafe { write_volatile(word, value.wrapping_add(k as u32)) };
            }
        } else {
            unsafe {
                let masked =
                    _mm256_and_si256(_mm256_loadu_si256(at), _mm256_set1_epi32(value as i32));
                _mm256_storeu_si256(at, masked);
            }
        }
        let read = match LOAD {
            VECTOR => unsafe {
                let zero = _mm256_cmpeq_epi32(_mm256_loadu_si256(at), _mm256_setzero_si256());
                _mm256_movemask_ps(_mm256_castsi256_ps(zero)) as u32
            },
            EIGHT_WORDS => words[..8]
                .iter()
                .fold(0, |any, word| any | unsafe { read_volatile(word) }),
            _ => unsafe { read_volatile(&words[(value & 7) as usize]) },
        };
        carry = read & 1;
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
    let measurements: [(&str, Measure); 4] = [
        (
            "9 word stores, then a 32-byte load",
            chain::<NINE_WORDS, VECTOR>,
        ),
        (
            "9 word stores, then 8 word loads",
            chain::<NINE_WORDS, EIGHT_WORDS>,
        ),
        (
            "a 32-byte store, then a 32-byte load",
            chain::<VECTOR, VECTOR>,
        ),
        (
            "a 32-byte store, then a word load",
            chain::<VECTOR, ONE_WORD>,
        ),
    ];
    for (name, measure) in measurements {
        let start = Instant::now();
        // SAFETY: the CPU has AVX2, checked above.
        let carry = unsafe { measure(black_box(&mut words), rounds) };
        let ns = start.elapsed().as_nanos() as f64 / rounds as f64;
        println!("{name:<40} {ns:6.2} ns a round ({carry})");
    }
}
