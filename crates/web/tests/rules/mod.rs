//! The rules of a classic 9×9 grid as the web tests check the page and the
//! API against them, written here from the rules alone (not taken from
//! the library): which cells see each other, and where a named cell is.

/// Whether cells `a` and `b` (0 to 80) share a row, a column or a box.
pub fn sees(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3))
}

/// The index (0 to 80) of the cell named `r3c7`.
pub fn cell_index(name: &str) -> usize {
    cell_index_on(name, 9)
}

/// The index (row by row from 0) of the cell named `r3c7` on a grid of
/// `side`.
pub fn cell_index_on(name: &str, side: usize) -> usize {
    let (row, col) = name[1..].split_once('c').expect("a cell is named rNcM");
    let number = |text: &str| text.parse::<usize>().expect("a row or column number") - 1;
    number(row) * side + number(col)
}
