//! An independent check of a forcing chain's sentence: read back in
//! letters, its chain is replayed on the board from its assumption, each
//! consequence checked to follow, by the rule it names, from the board and
//! the consequences told before it (so the sentence leaves out nothing the
//! chain needs), and its end checked to break the rules as it says. A
//! nested chain's removal ("would lose 4 (if it held 4, then …)") is
//! checked the same way: its own chain replayed on the board the outer
//! one has reached.

use gridsolve_logic::{VariantBoard, VariantStep};
use gridsolve_sudoku::variant::{Symbols, Variant};

/// Checks the forcing chain `step` (plain or nested) found on `board`
/// (see the module documentation), its values read in `letters`.
pub fn check_forcing_chain(board: &VariantBoard, step: &VariantStep, letters: &Symbols) {
    let said = step.explanation.in_symbols(letters);
    let reader = Reader {
        puzzle: board.puzzle(),
        letters,
        said: &said,
    };
    let technique = format!(" ({})", step.technique);
    let body = said
        .strip_prefix("If ")
        .and_then(|body| body.strip_suffix(&technique))
        .unwrap_or_else(|| panic!("\"If …{technique}\": {said}"));
    let (chain, removal) = body.split_once("; so ").expect("the conclusion");
    let items = top_level(chain, ", ");
    let (cell, value) = reader.holding(items[0], " held ");
    let assumed = items[0].split(' ').next().expect("a cell");
    let letter = reader.letter(value);
    assert_eq!(
        removal,
        format!("{letter} is removed from {assumed}"),
        "{said}"
    );
    reader.replay(board, cell, value, &items[1..]);
    assert_eq!(step.placements.len(), 0, "{said}");
    let removed: Vec<(usize, u8)> = step
        .eliminations
        .iter()
        .map(|&(name, value)| (reader.cell(&name.to_string()), value))
        .collect();
    assert_eq!(removed, vec![(cell, value)], "{said}");
}

/// `text` split at each `separator` outside parentheses.
fn top_level<'a>(text: &'a str, separator: &str) -> Vec<&'a str> {
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < text.len() {
        match bytes[at] {
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ if depth == 0 && text[at..].starts_with(separator) => {
                parts.push(&text[start..at]);
                at += separator.len();
                start = at;
                continue;
            }
            _ => {}
        }
        at += 1;
    }
    parts.push(&text[start..]);
    parts
}

/// Reads a sentence's parts on its puzzle.
struct Reader<'a> {
    puzzle: &'a Variant,
    letters: &'a Symbols,
    said: &'a str,
}

impl Reader<'_> {
    /// Checks that placing `value` in `cell` on `board`, then the
    /// consequences `items` tell (" then" the first, the clash last),
    /// breaks the rules as the last says.
    fn replay(&self, board: &VariantBoard, cell: usize, value: u8, items: &[&str]) {
        let said = self.said;
        let mut told: Vec<&str> = items.to_vec();
        let mut last = told.pop().expect("a clash").to_string();
        // "r3c5 would need D (why), which it could no longer hold".
        if last == "which it could no longer hold" {
            last = format!("{}, {last}", told.pop().expect("the value needed"));
        }
        if let Some(first) = told.first_mut() {
            *first = first.strip_prefix("then ").expect("then");
        }
        let clash = last
            .strip_prefix("and ")
            .or_else(|| last.strip_prefix("then "))
            .unwrap_or_else(|| panic!("the clash: {said}"));
        let mut replayed = board.clone();
        assert!(replayed.candidate_values(cell).contains(&value), "{said}");
        replayed.place(cell, value);
        for consequence in told {
            self.follow(&mut replayed, consequence);
        }
        self.clash(&replayed, clash);
    }

    fn letter(&self, value: u8) -> char {
        self.letters.symbol(value)
    }

    fn value(&self, word: &str) -> u8 {
        let mut chars = word.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else {
            panic!("not a value: {word:?} in {}", self.said);
        };
        (1..=self.puzzle.side() as u8)
            .find(|&value| self.letter(value) == letter)
            .unwrap_or_else(|| panic!("not a value: {word:?} in {}", self.said))
    }

    fn cell(&self, name: &str) -> usize {
        let side = self.puzzle.side();
        (0..side * side)
            .find(|&cell| self.puzzle.cell_name(cell).to_string() == name)
            .unwrap_or_else(|| panic!("not a cell: {name:?} in {}", self.said))
    }

    /// The cells of the unit or cage named `name`.
    fn house(&self, name: &str) -> (Vec<usize>, Option<u32>) {
        let units = self.puzzle.units().iter().enumerate();
        if let Some((_, cells)) = units
            .clone()
            .find(|&(index, _)| self.puzzle.unit_name(index) == name)
        {
            return (cells.clone(), None);
        }
        let cages = self.puzzle.cages().iter().enumerate();
        let (_, cage) = cages
            .clone()
            .find(|(index, cage)| format!("cage {} (sum {})", index + 1, cage.sum) == name)
            .unwrap_or_else(|| panic!("not a house: {name:?} in {}", self.said));
        (cage.cells.clone(), Some(cage.sum))
    }

    /// `CELL<verb>VALUE`.
    fn holding(&self, text: &str, verb: &str) -> (usize, u8) {
        let (cell, value) = text
            .split_once(verb)
            .unwrap_or_else(|| panic!("{verb:?} in {text:?}: {}", self.said));
        (self.cell(cell), self.value(value))
    }

    /// Checks that `text` ("CELL would hold VALUE (why)" or "CELL would
    /// lose VALUE (why)") follows on `board` by the rule it names, then
    /// makes it there.
    fn follow(&self, board: &mut VariantBoard, text: &str) {
        let said = self.said;
        let (head, why) = text.split_once(" (").expect("a reason");
        let why = why.strip_suffix(')').expect("a reason's end");
        if let Some((cell, value)) = head.split_once(" would hold ") {
            let (cell, value) = (self.cell(cell), self.value(value));
            assert_eq!(board.value(cell), None, "{text}: {said}");
            assert!(
                board.candidate_values(cell).contains(&value),
                "{text}: {said}"
            );
            self.forced(board, cell, value, why);
            board.place(cell, value);
            return;
        }
        let (cell, value) = head
            .split_once(" would lose ")
            .unwrap_or_else(|| panic!("{text}: {said}"));
        let (cell, value) = (self.cell(cell), self.value(value));
        assert!(
            board.candidate_values(cell).contains(&value),
            "{text}: {said}"
        );
        if let Some(nested) = why.strip_prefix("if it held ") {
            // A nested chain: placing the value clashes on this board.
            let items = top_level(nested, ", ");
            assert_eq!(self.value(items[0]), value, "{text}: {said}");
            self.replay(board, cell, value, &items[1..]);
        } else if let Some(cage) = why
            .strip_prefix("no filling of ")
            .and_then(|rest| rest.strip_suffix(" left gives it there"))
        {
            let (cells, sum) = self.house(cage);
            let fillings = fillings(board, &cells, sum.expect("a cage"));
            assert!(
                fillings.iter().all(|filling| filling[&cell] != value),
                "{text}: {said}"
            );
        } else {
            let locked = why
                .strip_prefix("in ")
                .unwrap_or_else(|| panic!("{text}: {said}"));
            let (unit, cover) = locked
                .split_once(&format!(", {} would fit only in ", self.letter(value)))
                .unwrap_or_else(|| panic!("{text}: {said}"));
            let ((unit, sum), (cover, _)) = (self.house(unit), self.house(cover));
            assert_eq!(sum, None, "{text}: {said}");
            assert!(
                unit.iter().all(|&cell| board.value(cell) != Some(value)),
                "{text}: {said}"
            );
            let places = places(board, &unit, value);
            assert!(
                places.iter().all(|place| cover.contains(place)),
                "{text}: {said}"
            );
            assert!(
                cover.contains(&cell) && !unit.contains(&cell),
                "{text}: {said}"
            );
        }
        board.eliminate(cell, value);
    }

    /// Checks that the rule `why` names leaves `cell` no value but
    /// `value` on `board`: it has no other candidate (a naked single), no
    /// other cell of a unit has the value's place (a hidden single), or it
    /// is a cage's last open cell and `value` what the sum leaves.
    fn forced(&self, board: &VariantBoard, cell: usize, value: u8, why: &str) {
        let said = self.said;
        assert_eq!(board.value(cell), None, "{why}: {said}");
        if why == "naked single" {
            let others = board
                .candidate_values(cell)
                .into_iter()
                .filter(|&other| other != value);
            assert_eq!(others.count(), 0, "{why}: {said}");
        } else if let Some(unit) = why.strip_prefix("hidden single in ") {
            let (cells, sum) = self.house(unit);
            assert_eq!(sum, None, "{why}: {said}");
            assert!(
                cells.iter().all(|&other| board.value(other) != Some(value)),
                "{why}: {said}"
            );
            let others = places(board, &cells, value)
                .into_iter()
                .filter(|&other| other != cell);
            assert_eq!(others.count(), 0, "{why}: {said}");
        } else {
            let cage = why
                .strip_prefix("what ")
                .and_then(|rest| rest.strip_suffix(" leaves"))
                .unwrap_or_else(|| panic!("{why}: {said}"));
            let (cells, sum) = self.house(cage);
            let placed: u32 = cells
                .iter()
                .filter_map(|&cell| board.value(cell))
                .map(u32::from)
                .sum();
            let open: Vec<usize> = cells
                .iter()
                .copied()
                .filter(|&cell| board.value(cell).is_none())
                .collect();
            assert_eq!(open, vec![cell], "{why}: {said}");
            assert_eq!(
                sum.expect("a cage") - placed,
                u32::from(value),
                "{why}: {said}"
            );
        }
    }

    /// Checks that `text` says how `board` breaks the rules, and that it
    /// does.
    fn clash(&self, board: &VariantBoard, text: &str) {
        let said = self.said;
        if let Some(cell) = text.strip_suffix(" would have no value left") {
            let cell = self.cell(cell);
            assert_eq!(board.value(cell), None, "{said}");
            assert!(board.candidate_values(cell).is_empty(), "{said}");
        } else if let Some((house, value)) = text.split_once(" would have no place left for ") {
            let ((cells, sum), value) = (self.house(house), self.value(value));
            assert_eq!(sum, None, "{said}");
            assert!(
                cells.iter().all(|&cell| board.value(cell) != Some(value)),
                "{said}"
            );
            assert!(places(board, &cells, value).is_empty(), "{said}");
        } else if let Some(cage) = text.strip_suffix(" could not make its sum") {
            let (cells, sum) = self.house(cage);
            assert!(
                fillings(board, &cells, sum.expect("a cage")).is_empty(),
                "{said}"
            );
        } else {
            let needed = text
                .strip_suffix(", which it could no longer hold")
                .unwrap_or_else(|| panic!("{said}"));
            let (head, why) = needed.split_once(" (").expect("a reason");
            let why = why.strip_suffix(')').expect("a reason's end");
            let (cell, value) = head
                .split_once(" would need ")
                .unwrap_or_else(|| panic!("{said}"));
            let (cell, value) = (self.cell(cell), self.value(value));
            self.forced(board, cell, value, why);
            assert!(!board.candidate_values(cell).contains(&value), "{said}");
        }
    }
}

/// The open cells of `cells` with `value` among their candidates.
fn places(board: &VariantBoard, cells: &[usize], value: u8) -> Vec<usize> {
    cells
        .iter()
        .copied()
        .filter(|&cell| {
            board.value(cell).is_none() && board.candidate_values(cell).contains(&value)
        })
        .collect()
}

/// Every filling of the cage of `cells` making `sum` on `board` (its
/// placed values kept, its open cells given distinct candidates), by brute
/// force: each as the value of every cell.
fn fillings(
    board: &VariantBoard,
    cells: &[usize],
    sum: u32,
) -> Vec<std::collections::HashMap<usize, u8>> {
    let mut found = Vec::new();
    let mut chosen = std::collections::HashMap::new();
    fill(board, cells, sum, &mut chosen, &mut found);
    found
}

fn fill(
    board: &VariantBoard,
    cells: &[usize],
    sum: u32,
    chosen: &mut std::collections::HashMap<usize, u8>,
    found: &mut Vec<std::collections::HashMap<usize, u8>>,
) {
    let Some((&cell, rest)) = cells.split_first() else {
        if chosen.values().map(|&value| u32::from(value)).sum::<u32>() == sum {
            found.push(chosen.clone());
        }
        return;
    };
    let options = match board.value(cell) {
        Some(value) => vec![value],
        None => board.candidate_values(cell),
    };
    for value in options {
        if chosen.values().any(|&other| other == value) {
            continue;
        }
        chosen.insert(cell, value);
        fill(board, rest, sum, chosen, found);
        chosen.remove(&cell);
    }
}
