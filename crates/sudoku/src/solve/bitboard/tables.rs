//! Constant tables of the band bitboard, computed at compile time.
//!
//! A band is three rows of the grid, 27 cells, one bit each: bit
//! `9 * row + col` (row 0–2 within the band, col 0–8). A *minirow* is the
//! three cells of one row inside one box: minirow `3 * row + box` holds the
//! bits `7 << (9 * row + 3 * box)`.

/// The cells of a band that see band position `p` (its row, its box and
/// its column within the band), `p` itself excluded.
pub(super) const BAND_PEERS: [u32; 27] = {
    let mut peers = [0u32; 27];
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

/// The three cells of column `col` within a band.
pub(super) const COLUMN: [u32; 9] = {
    let mut masks = [0u32; 9];
    let mut col = 0;
    while col < 9 {
        masks[col] = (1 << col) | (1 << (col + 9)) | (1 << (col + 18));
        col += 1;
    }
    masks
};

/// For each band position, the three cells of its column within a band.
pub(super) const POS_COLUMN: [u32; 27] = {
    let mut masks = [0u32; 27];
    let mut pos = 0;
    while pos < 27 {
        masks[pos] = COLUMN[pos % 9];
        pos += 1;
    }
    masks
};

/// A 9-bit column mask spread to the three rows of a band.
#[inline(always)]
pub(super) const fn spread(columns: u32) -> u32 {
    columns | (columns << 9) | (columns << 18)
}

/// For the 9 bits of one row, which of its three minirows are not empty
/// (bit `box`).
pub(super) const TRIADS: [u8; 512] = {
    let mut table = [0u8; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut k = 0;
        while k < 3 {
            if bits & (7 << (3 * k)) != 0 {
                table[bits] |= 1 << k;
            }
            k += 1;
        }
        bits += 1;
    }
    table
};

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
            let minirows = (1 << boxes[0]) | (1 << (3 + boxes[1])) | (1 << (6 + boxes[2]));
            if present & minirows == minirows {
                allowed |= minirows;
            }
            i += 1;
        }
        let mut cells = 0u32;
        let mut m = 0;
        while m < 9 {
            if allowed & (1usize << m) != 0 {
                cells |= 7 << (9 * (m / 3) + 3 * (m % 3));
            }
            m += 1;
        }
        table[present] = cells;
        present += 1;
    }
    table
};

/// For a 9-bit set of columns, those that are alone in their box's three
/// (a box whose candidates lie in one column only).
pub(super) const LONE_COLUMNS: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut k = 0;
        while k < 3 {
            let triad = (bits >> (3 * k)) & 7;
            if triad != 0 && triad & (triad - 1) == 0 {
                table[bits] |= (triad << (3 * k)) as u16;
            }
            k += 1;
        }
        bits += 1;
    }
    table
};

/// The 9 bits of a row if exactly one is set, else 0.
const LONE_CELL: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut bits = 1;
    while bits < 512 {
        if bits & (bits - 1) == 0 {
            table[bits] = bits as u16;
        }
        bits += 1;
    }
    table
};

/// The cells of a band mask that are alone in their row.
#[inline(always)]
pub(super) fn row_singles(band: u32) -> u32 {
    u32::from(LONE_CELL[(band & 0x1FF) as usize])
        | u32::from(LONE_CELL[((band >> 9) & 0x1FF) as usize]) << 9
        | u32::from(LONE_CELL[(band >> 18) as usize & 0x1FF]) << 18
}

/// The non-empty minirows (9 bits) of a band mask.
#[inline(always)]
pub(super) fn minirows(band: u32) -> usize {
    TRIADS[(band & 0x1FF) as usize] as usize
        | (TRIADS[((band >> 9) & 0x1FF) as usize] as usize) << 3
        | (TRIADS[(band >> 18) as usize & 0x1FF] as usize) << 6
}

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
        let present = 0x1FF & !0b110;
        assert_eq!(KEEP[present] & (7 << 9), 0);
        assert_eq!(KEEP[present] & (7 << 18), 0);
        // A row with no minirow: no placement at all.
        assert_eq!(KEEP[0x1F8], 0);
    }

    #[test]
    fn lone_columns_are_alone_in_their_box() {
        assert_eq!(LONE_COLUMNS[0b000_010_011], 0b000_010_000);
        assert_eq!(minirows(1 | 1 << 12 | 1 << 26), 0b100_010_001);
    }
}
