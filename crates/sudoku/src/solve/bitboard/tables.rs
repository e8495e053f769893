//! Constant tables of the band bitboard, computed at compile time.
//!
//! A band is three rows of the grid, 27 cells, one bit each: bit
//! `9 * row + col` (row 0–2 within the band, col 0–8). A *minirow* is the
//! three cells of one row inside one box, the bits
//! `7 << (9 * row + 3 * box)`; a set of minirows is 9 bits, box-major
//! (see [`minirow_bit`]), which [`minirows`] computes without a look-up.

/// Tables indexed by band position have this many entries: 27, padded
/// with empty ones to 32, so that any bit position of a `u32` (a
/// `trailing_zeros` of a non-empty band word) indexes them with no bounds
/// check.
pub(super) const POSITIONS: usize = 32;

/// The cells of a band that see band position `p` (its row, its box and
/// its column within the band), `p` itself excluded.
pub(super) const BAND_PEERS: [u32; POSITIONS] = {
    let mut peers = [0u32; POSITIONS];
    let mut p = 0;
    while p < 27 {
        let (row, col) = (p / 9, p % 9);
        let mut q = 0;
        while q < 27 {
            let (r, c) = (q / 9, q % 9);
            if q != p && (r == row || c == col || c / 3 == col / 3) {
                peers[p] |= 1 << q;
            }
            q += 1;
        }
        p += 1;
    }
    peers
};

/// For each band position, the three cells of its column within a band.
pub(super) const POS_COLUMN: [u32; POSITIONS] = {
    let mut masks = [0u32; POSITIONS];
    let mut pos = 0;
    while pos < 27 {
        masks[pos] = spread(1 << (pos % 9));
        pos += 1;
    }
    masks
};

/// A 9-bit column mask spread to the three rows of a band.
#[inline(always)]
pub(super) const fn spread(columns: u32) -> u32 {
    columns | (columns << 9) | (columns << 18)
}

/// The bit of the minirow of `row` in box `box_` in a set of minirows.
pub(super) const fn minirow_bit(row: usize, box_: usize) -> usize {
    1 << (3 * box_ + row)
}

/// The non-empty minirows of a band mask, as a set of minirows.
///
/// Bit `9 * row + 3 * box` of `occupied` says whether that minirow has a
/// cell; shifting row `row` right by `8 * row` brings that bit to
/// `3 * box + row`, and the bits of the other rows land above bit 8 or
/// fall off.
#[inline(always)]
pub(super) const fn minirows(band: u32) -> usize {
    const FIRST_CELLS: u32 = spread(0b001_001_001);
    let occupied = (band | band >> 1 | band >> 2) & FIRST_CELLS;
    ((occupied | occupied >> 8 | occupied >> 16) & 0x1FF) as usize
}

/// For the 9-bit set of non-empty minirows of one digit in a band, the
/// cells the digit may keep: those in minirows that belong to a placement
/// of the digit once per row and once per box (one of the six 3×3
/// permutations) using only non-empty minirows. 0 when none exists.
///
/// This is row/box locked candidates ("pointing" and "claiming") inside
/// the band, in one look-up.
pub(super) const KEEP: [u32; 512] = {
    const PERMUTATIONS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u32; 512];
    let mut present: usize = 0;
    while present < 512 {
        let mut allowed = 0usize;
        let mut i = 0;
        while i < 6 {
            let boxes = PERMUTATIONS[i];
            let minirows =
                minirow_bit(0, boxes[0]) | minirow_bit(1, boxes[1]) | minirow_bit(2, boxes[2]);
            if present & minirows == minirows {
                allowed |= minirows;
            }
            i += 1;
        }
        let mut cells = 0u32;
        let mut m = 0;
        while m < 9 {
            let (row, box_) = (m % 3, m / 3);
            if allowed & minirow_bit(row, box_) != 0 {
                cells |= 7 << (9 * row + 3 * box_);
            }
            m += 1;
        }
        table[present] = cells;
        present += 1;
    }
    table
};

/// For a 9-bit set of columns, the band's cells in the columns that are
/// alone in their box's three (a box whose candidates lie in one column
/// only).
pub(super) const LONE_COLUMN_CELLS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut k = 0;
        while k < 3 {
            let triad = (bits >> (3 * k)) & 7;
            if triad != 0 && triad & (triad - 1) == 0 {
                table[bits] |= spread((triad << (3 * k)) as u32);
            }
            k += 1;
        }
        bits += 1;
    }
    table
};

/// For the non-empty minirows as in [`KEEP`], the cells [`KEEP`] keeps in
/// the rows where it keeps one minirow only.
///
/// The digit must stand in that minirow, so no other row may use its box
/// and [`KEEP`] keeps none of the box's other cells: the box's cells are
/// the minirow's. When the box has one column left, the row has one cell
/// left; and a row with one cell left is such a row. So a band word's row
/// singles are its cells in these rows and in columns alone in their box.
pub(super) const ONE_MINIROW_ROWS: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut present = 0;
    while present < 512 {
        let mut row = 0;
        while row < 3 {
            let cells = (KEEP[present] >> (9 * row)) & 0x1FF;
            if minirows(cells).count_ones() == 1 {
                table[present] |= cells << (9 * row);
            }
            row += 1;
        }
        present += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_of_a_band_cell_are_its_row_box_and_column() {
        // 8 in the row, 6 more in the box (which holds the column's
        // other cells of the band).
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
        assert_eq!(BAND_PEERS[13] & (1 << 13), 0);
    }

    #[test]
    fn keep_follows_the_permutations() {
        // Every minirow present: nothing is ruled out.
        assert_eq!(KEEP[0x1FF], (1 << 27) - 1);
        // Row 0 only in box 0: box 0 only in row 0, so rows 1 and 2 lose
        // box 0.
        let present = 0x1FF & !(minirow_bit(0, 1) | minirow_bit(0, 2));
        assert_eq!(KEEP[present] & (7 << 9), 0);
        assert_eq!(KEEP[present] & (7 << 18), 0);
        assert_eq!(KEEP[present] & (0o770 << 9), 0o770 << 9);
        // A row with no minirow: no placement at all.
        let row_1 = minirow_bit(1, 0) | minirow_bit(1, 1) | minirow_bit(1, 2);
        assert_eq!(KEEP[0x1FF & !row_1], 0);
    }

    /// The cells of `band` alone in their row, counted row by row.
    fn row_singles(band: u32) -> u32 {
        (0..3)
            .map(|row| band & 0x1FF << (9 * row))
            .filter(|cells| cells.count_ones() == 1)
            .fold(0, |singles, cells| singles | cells)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]
        #[test]
        fn row_singles_are_in_one_minirow_rows_and_lone_columns(
            words in proptest::array::uniform3(0u32..1 << 27),
            sparseness in 0usize..3,
        ) {
            // One, two or three random words ANDed: about 1/2, 1/4 or 1/8
            // of the band, for rows of every size.
            let word = words[..=sparseness].iter().fold(u32::MAX, |word, w| word & w);
            let present = minirows(word);
            let cells = word & KEEP[present];
            let lone = LONE_COLUMN_CELLS[((cells | cells >> 9 | cells >> 18) & 0x1FF) as usize];
            proptest::prop_assert_eq!(cells & ONE_MINIROW_ROWS[present] & lone, row_singles(cells));
        }
    }

    #[test]
    fn lone_columns_are_alone_in_their_box() {
        assert_eq!(LONE_COLUMN_CELLS[0b000_010_011], spread(0b000_010_000));
    }

    #[test]
    fn minirows_are_the_non_empty_ones() {
        for cell in 0..27 {
            assert_eq!(minirows(1 << cell), minirow_bit(cell / 9, cell % 9 / 3));
        }
        assert_eq!(minirows((1 << 27) - 1), 0x1FF);
        assert_eq!(
            minirows(1 << 3 | 1 << 5 | 1 << 9),
            minirow_bit(0, 1) | minirow_bit(1, 0)
        );
    }
}
