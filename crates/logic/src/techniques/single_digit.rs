//! HoDoKu's single-digit patterns that Sudoku Explainer lacks: the empty
//! rectangle and simple colours. Both reason about one digit's *strong
//! links* (units where it has exactly two places, one of which holds it).
//!
//! - **Empty rectangle**: the digit's places in a box lie on one row and
//!   one column of the box (and not on only one of them), so the box's
//!   digit is on that row or that column. A strong link in a column (row)
//!   outside the box with one end on the rectangle's row (column) then
//!   removes the digit where the link's other end's row (column) crosses
//!   the rectangle's column (row): either that end holds it, or the first
//!   end does, which pushes the box's digit onto the rectangle's column.
//! - **Simple colours**: the strong links of one digit that connect form
//!   a chain whose cells alternate between two colours, one of which holds
//!   the digit in every cell. Two cells of one colour that see each other
//!   rule that colour out (a *wrap*); a cell outside that sees both
//!   colours cannot hold the digit (a *trap*).

use super::conjugate_pairs;
use crate::board::{sees, Board};
use crate::sentence::Said;
use crate::step::{removal_sentence, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// The first empty rectangle, digit by digit and box by box.
pub(super) fn empty_rectangle(board: &Board) -> Option<Step> {
    let technique = Technique::EmptyRectangle;
    Digit::all().find_map(|digit| {
        let links = conjugate_pairs(board, digit);
        Unit::all()
            .filter(|unit| unit.kind() == UnitKind::Box)
            .find_map(|area| {
                let places: Vec<Cell> = board.places(area, digit).collect();
                if places.len() < 3 {
                    return None;
                }
                let corner = area.cells()[0];
                (corner.row()..corner.row() + 3).find_map(|row| {
                    (corner.col()..corner.col() + 3).find_map(|col| {
                        let on_cross = |cell: &Cell| cell.row() == row || cell.col() == col;
                        let only_row = places
                            .iter()
                            .any(|cell| cell.col() != col && cell.row() == row);
                        let only_col = places
                            .iter()
                            .any(|cell| cell.row() != row && cell.col() == col);
                        if !places.iter().all(on_cross) || !only_row || !only_col {
                            return None;
                        }
                        links.iter().find_map(|&(unit, a, b)| {
                            // A link in a column with an end on the row, or
                            // in a row with an end on the column, outside
                            // the box.
                            let (near, far, target) = match unit.kind() {
                                UnitKind::Column if a.row() == row => {
                                    (a, b, Cell::at(b.row(), col)?)
                                }
                                UnitKind::Column if b.row() == row => {
                                    (b, a, Cell::at(a.row(), col)?)
                                }
                                UnitKind::Row if a.col() == col => (a, b, Cell::at(row, b.col())?),
                                UnitKind::Row if b.col() == col => (b, a, Cell::at(row, a.col())?),
                                _ => return None,
                            };
                            if near.box_index() == area.number()
                                || far.box_index() == area.number()
                                || target.box_index() == area.number()
                                || !board.candidates(target).contains(digit)
                            {
                                return None;
                            }
                            let eliminations = vec![(target, digit)];
                            let said = Said(digit);
                            let explanation = format!(
                                "In box {}, {said} lies on row {} or column {} (empty rectangle); \
                                 {unit} has it only in {near} or {far}, so {}",
                                area.number() + 1,
                                row + 1,
                                col + 1,
                                removal_sentence(&eliminations)
                            );
                            let mut cells = places.clone();
                            cells.extend([near, far]);
                            Some(Step {
                                technique,
                                rating: technique.rating(),
                                cells,
                                units: vec![area, unit],
                                digits: DigitSet::single(digit),
                                placements: Vec::new(),
                                eliminations,
                                explanation: explanation.into(),
                            })
                        })
                    })
                })
            })
    })
}

/// The first simple-colours step, digit by digit and chain by chain.
pub(super) fn simple_colors(board: &Board) -> Option<Step> {
    let technique = Technique::SimpleColors;
    Digit::all().find_map(|digit| {
        let links = conjugate_pairs(board, digit);
        // Each cell's colour (0 or 1) and chain, where it has one.
        let mut colour: Vec<Option<(usize, bool)>> = vec![None; 81];
        let mut chains = 0;
        for &(_, start, _) in &links {
            if colour[start.index()].is_some() {
                continue;
            }
            colour[start.index()] = Some((chains, false));
            let mut stack = vec![start];
            while let Some(cell) = stack.pop() {
                let (_, side) = colour[cell.index()].expect("coloured before it is stacked");
                for &(_, a, b) in &links {
                    let other = match cell {
                        _ if cell == a => b,
                        _ if cell == b => a,
                        _ => continue,
                    };
                    if colour[other.index()].is_none() {
                        colour[other.index()] = Some((chains, !side));
                        stack.push(other);
                    }
                }
            }
            chains += 1;
        }
        (0..chains).find_map(|chain| {
            let side_of = |side: bool| -> Vec<Cell> {
                Cell::all()
                    .filter(|cell| colour[cell.index()] == Some((chain, side)))
                    .collect()
            };
            let (blue, green) = (side_of(false), side_of(true));
            let step_of = |eliminations: Vec<(Cell, Digit)>, explanation: String| Step {
                technique,
                rating: technique.rating(),
                cells: blue.iter().chain(&green).copied().collect(),
                units: Vec::new(),
                digits: DigitSet::single(digit),
                placements: Vec::new(),
                eliminations,
                explanation: explanation.into(),
            };
            // A wrap: one colour sees itself, so the other holds the digit.
            for (same, other) in [(&blue, &green), (&green, &blue)] {
                let clash = same
                    .iter()
                    .enumerate()
                    .find_map(|(index, &a)| same[index + 1..].iter().find(|&&b| sees(a, b)).map(|&b| (a, b)));
                if let Some((a, b)) = clash {
                    let eliminations: Vec<(Cell, Digit)> = same.iter().map(|&cell| (cell, digit)).collect();
                    let said = Said(digit);
                    let explanation = format!(
                        "Colouring {said}'s strong links, {a} and {b} take the same colour and see each other \
                         (simple colors), so the cells of that colour cannot hold it and {}; \
                         {said} goes in {}",
                        removal_sentence(&eliminations),
                        crate::step::cell_list(other)
                    );
                    return Some(step_of(eliminations, explanation));
                }
            }
            // A trap: a cell outside the chain sees both colours.
            let eliminations: Vec<(Cell, Digit)> = Cell::all()
                .filter(|&cell| colour[cell.index()].is_none_or(|(other, _)| other != chain))
                .filter(|&cell| board.candidates(cell).contains(digit))
                .filter(|&cell| blue.iter().any(|&b| sees(cell, b)) && green.iter().any(|&g| sees(cell, g)))
                .map(|cell| (cell, digit))
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            let said = Said(digit);
            let explanation = format!(
                "Colouring {said}'s strong links, either all of {} or all of {} hold it (simple colors), \
                 so {}",
                crate::step::cell_list(&blue),
                crate::step::cell_list(&green),
                removal_sentence(&eliminations)
            );
            Some(step_of(eliminations, explanation))
        })
    })
}
