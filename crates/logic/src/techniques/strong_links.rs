//! Chains of strong links on one digit (Sukaku Explainer's "strong links"
//! family: skyscraper, 2-string kite and turbot fish for two links, and
//! their longer kin).
//!
//! A *strong link* is a unit where the digit has exactly two places: one
//! of them holds it. `k` strong links joined end to start by cells that
//! see each other (a *weak* link: they cannot both hold the digit) force
//! the digit into the chain's first or last cell, so it leaves every cell
//! that sees both.
//!
//! Rated as Sukaku Explainer rates them: 4.0, 5.4, 5.8, 6.2 and 6.6 for 2
//! to 6 links when every link is a line of one kind (a skyscraper), 0.1
//! more when they mix boxes or both kinds of line, 0.2 more when they
//! hold a box and both kinds of line. Among chains of one length the
//! lowest rating is taken, then the most eliminations. (Links through a
//! group of cells, which Sukaku Explainer rates 0.3 more, are not
//! searched.)

use crate::board::{sees, Board};
use crate::step::{cell_list, removal_sentence, Rating, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind};

/// One strong link: the digit's two places in `unit`.
#[derive(Clone, Copy, Debug)]
struct Link {
    unit: Unit,
    ends: [Cell; 2],
}

/// What a complete chain removes: the digit from cells that see both ends.
type Eliminations = Vec<(Cell, Digit)>;

/// A chain being built: its links, each taken from `from` to the other
/// end.
struct Chain {
    links: Vec<(Link, usize)>,
}

impl Chain {
    fn first(&self) -> Cell {
        let (link, from) = self.links[0];
        link.ends[from]
    }

    fn last(&self) -> Cell {
        let (link, from) = self.links[self.links.len() - 1];
        link.ends[1 - from]
    }

    fn holds(&self, cell: Cell) -> bool {
        self.links.iter().any(|(link, _)| link.ends.contains(&cell))
    }

    /// The cells in chain order.
    fn cells(&self) -> Vec<Cell> {
        self.links
            .iter()
            .flat_map(|&(link, from)| [link.ends[from], link.ends[1 - from]])
            .collect()
    }

    /// Tenths above the base rating: 0 when every link is a line of one
    /// kind, 2 with a box and both kinds of line, else 1.
    fn mix(&self) -> u8 {
        let kinds: Vec<UnitKind> = self
            .links
            .iter()
            .map(|(link, _)| link.unit.kind())
            .collect();
        let has = |kind| kinds.contains(&kind);
        let (boxes, rows, columns) = (
            has(UnitKind::Box),
            has(UnitKind::Row),
            has(UnitKind::Column),
        );
        match (boxes, rows && columns) {
            (false, false) => 0,
            (true, true) => 2,
            _ => 1,
        }
    }
}

/// The best chain of `count` (2 to 6) strong links on any digit.
pub(super) fn strong_links(board: &Board, count: usize) -> Option<Step> {
    let technique = Technique::StrongLinks(count as u8);
    let mut best: Option<(Rating, usize, Step)> = None;
    for digit in Digit::all() {
        let links: Vec<Link> = Unit::all()
            .filter_map(
                |unit| match board.places(unit, digit).collect::<Vec<_>>()[..] {
                    [a, b] => Some(Link { unit, ends: [a, b] }),
                    _ => None,
                },
            )
            .collect();
        let mut chain = Chain { links: Vec::new() };
        extend(
            board,
            digit,
            &links,
            count,
            &mut chain,
            &mut |chain, eliminations| {
                let rating = Rating(technique.rating().0 + chain.mix());
                let better = best.as_ref().is_none_or(|(kept, removed, _)| {
                    (rating, std::cmp::Reverse(eliminations.len()))
                        < (*kept, std::cmp::Reverse(*removed))
                });
                if better {
                    let removed = eliminations.len();
                    best = Some((
                        rating,
                        removed,
                        step_of(technique, rating, digit, chain, eliminations),
                    ));
                }
            },
        );
    }
    best.map(|(_, _, step)| step)
}

/// Grows `chain` to `count` links from `links`, each new link starting in
/// a cell that sees the chain's last cell, and hands every complete chain
/// that removes something to `found`.
fn extend(
    board: &Board,
    digit: Digit,
    links: &[Link],
    count: usize,
    chain: &mut Chain,
    found: &mut dyn FnMut(&Chain, Eliminations),
) {
    if chain.links.len() == count {
        let (first, last) = (chain.first(), chain.last());
        // Each direction is found once: keep the one starting lower.
        if first.index() > last.index() {
            return;
        }
        let eliminations: Eliminations = Cell::all()
            .filter(|&cell| sees(cell, first) && sees(cell, last) && !chain.holds(cell))
            .filter(|&cell| board.candidates(cell).contains(digit))
            .map(|cell| (cell, digit))
            .collect();
        if !eliminations.is_empty() {
            found(chain, eliminations);
        }
        return;
    }
    for link in links {
        for from in 0..2 {
            let start = link.ends[from];
            if chain.holds(link.ends[0]) || chain.holds(link.ends[1]) {
                continue;
            }
            if !chain.links.is_empty() && !sees(chain.last(), start) {
                continue;
            }
            chain.links.push((*link, from));
            extend(board, digit, links, count, chain, found);
            chain.links.pop();
        }
    }
}

fn step_of(
    technique: Technique,
    rating: Rating,
    digit: Digit,
    chain: &Chain,
    eliminations: Eliminations,
) -> Step {
    let cells = chain.cells();
    let units: Vec<Unit> = chain.links.iter().map(|(link, _)| link.unit).collect();
    let shape = match (chain.links.len(), chain.mix()) {
        (2, 0) => "skyscraper".to_string(),
        (2, _) if units.iter().all(|unit| unit.kind() != UnitKind::Box) => {
            "2-string kite".to_string()
        }
        (2, _) => "turbot fish".to_string(),
        (count, _) => format!("{count} strong links"),
    };
    let linked: Vec<String> = units.iter().map(Unit::to_string).collect();
    let explanation = format!(
        "{digit} has two places in each of {} ({shape}: {}), linked end to start, so {} or {} holds it and {}",
        linked.join(", "),
        cell_list(&cells),
        chain.first(),
        chain.last(),
        removal_sentence(&eliminations)
    );
    Step {
        technique,
        rating,
        cells,
        units,
        digits: DigitSet::single(digit),
        placements: Vec::new(),
        eliminations,
        explanation,
    }
}
