//! Reading a grid's 81 values into band words: for each value (0 for a
//! blank, 1–9 for a clue) and each band, the band positions holding it
//! (bit `9 * row + col`, as in [`tables`](super::tables)).
//!
//! On x86-64 one byte compare and one mask extraction handle 16 cells at
//! a time (SSE2, which every x86-64 CPU has); elsewhere, one cell at a
//! time. The two must agree on every grid.

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// Per value (indexed by the value, slots 10–15 unused and empty) and
/// per band, the cells holding that value.
pub(super) type ValueCells = [[u32; 3]; 16];

/// The cells of each value in `values` (each value 0–9).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn value_cells(values: &[u8; 81]) -> ValueCells {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    let mut cells = [[0; 3]; 16];
    for band in 0..3 {
        let start = values[27 * band..].as_ptr();
        // SAFETY: the two 16-byte loads cover band positions 0–15 and
        // 11–26, bytes `27 * band` to `27 * band + 26` of the 81: inside
        // the array for every band. SSE2 is part of x86-64.
        unsafe {
            let low = _mm_loadu_si128(start.cast());
            let high = _mm_loadu_si128(start.add(11).cast());
            for (value, value_cells) in cells.iter_mut().take(10).enumerate() {
                let key = _mm_set1_epi8(value as i8);
                let low_hits = _mm_movemask_epi8(_mm_cmpeq_epi8(low, key)) as u32;
                let high_hits = _mm_movemask_epi8(_mm_cmpeq_epi8(high, key)) as u32;
                value_cells[band] = (low_hits | high_hits << 11) & BAND;
            }
        }
    }
    cells
}

/// The cells of each value in `values` (each value 0–9), one cell at a
/// time.
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
pub(super) fn value_cells_by_cell(values: &[u8; 81]) -> ValueCells {
    let mut cells = [[0; 3]; 16];
    for (band, band_values) in values.chunks_exact(27).enumerate() {
        for (pos, &value) in band_values.iter().enumerate() {
            cells[usize::from(value & 15)][band] |= 1 << pos;
        }
    }
    cells
}

#[cfg(not(target_arch = "x86_64"))]
pub(super) use value_cells_by_cell as value_cells;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn both_readings_agree(values in proptest::collection::vec(0u8..10, 81)) {
            let grid: [u8; 81] = values.try_into().expect("81 values");
            prop_assert_eq!(value_cells(&grid), value_cells_by_cell(&grid));
        }
    }

    #[test]
    fn every_cell_is_read_once() {
        let grid: [u8; 81] = std::array::from_fn(|cell| (cell % 10) as u8);
        let cells = value_cells(&grid);
        let total: u32 = cells.iter().flatten().map(|word| word.count_ones()).sum();
        assert_eq!(total, 81);
        assert_eq!(cells[0][0] & 1, 1);
        assert_eq!(cells[9][2] >> (79 - 54) & 1, 1); // cell 79 holds 9
    }
}
