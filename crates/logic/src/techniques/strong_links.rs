//! Chains of strong links on one digit (Sukaku Explainer's "strong links"
//! family: skyscraper, 2-string kite and turbot fish for two links, and
//! their longer kin), plain or through groups of cells.
//!
//! A *strong link* is a unit where the digit's places fall into two
//! *nodes*, so one of them holds it: two cells, or, when the unit has
//! three to six places, two groups of them, each a cell or cells of one
//! box's segment of a line (in a line, the places of two of its three
//! boxes; in a box, the places of two of its rows or columns, or of one
//! row and one column crossing, the crossing cell in either node). `k`
//! strong links on separate places, joined end to start by nodes lying in
//! one unit (a *weak* link: they cannot both hold the digit), force the
//! digit into the chain's first or last node, so it leaves every cell
//! that sees all the cells of both.
//!
//! Rated as Sukaku Explainer rates them: 4.0, 5.4, 5.8, 6.2 and 6.6 for 2
//! to 6 links when every link is a plain one in a line of one kind (a
//! skyscraper), 0.1 more when they mix boxes or both kinds of line, 0.2
//! more when they hold a box and both kinds of line, and 0.3 more, mixed
//! or not, when a link has more than two places (a grouped link). Among
//! chains of one length the lowest rating is taken, then the most
//! eliminations.

use crate::board::{bit, cells_of, peers, Board, Cells};
use crate::sentence::Said;
use crate::step::{removal_sentence, Rating, Step, Technique};
use gridsolve_sudoku::{Cell, Digit, DigitSet, Unit, UnitKind, CELLS};
use std::sync::OnceLock;

/// For each cell, its units (as bits of unit indexes) and its peers.
fn cell_table() -> &'static [(u32, Cells); CELLS] {
    static TABLE: OnceLock<[(u32, Cells); CELLS]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = [(0, 0); CELLS];
        for cell in Cell::all() {
            let units = Unit::of(cell)
                .iter()
                .fold(0, |units, unit| units | 1 << unit.index());
            let peers = peers(cell).fold(0, |mask, peer| mask | bit(peer));
            table[cell.index()] = (units, peers);
        }
        table
    })
}

/// One end of a strong link: a cell, or a group of cells of one box's
/// segment of a line.
#[derive(Clone, Copy, Debug)]
struct Node {
    cells: Cells,
    /// The units holding every cell of the node, as bits of unit indexes.
    units: u32,
    /// The cells that see every cell of the node.
    seen_by: Cells,
}

impl Node {
    fn new(cells: Cells) -> Node {
        let table = cell_table();
        let (units, seen_by) =
            cells_of(cells).fold((u32::MAX, Cells::MAX), |(units, seen), cell| {
                let (cell_units, peers) = table[cell.index()];
                (units & cell_units, seen & peers)
            });
        Node {
            cells,
            units,
            seen_by,
        }
    }

    /// Whether the digit in this node rules it out of `other` (disjoint
    /// nodes lying in one unit).
    fn weakly_linked(&self, other: &Node) -> bool {
        self.cells & other.cells == 0 && self.units & other.units != 0
    }

    fn first_cell(&self) -> usize {
        self.cells.trailing_zeros() as usize
    }

    fn written(&self) -> String {
        let cells: Vec<String> = cells_of(self.cells).map(|cell| cell.to_string()).collect();
        cells.join("/")
    }
}

/// One strong link: the digit's places in `unit`, covered by two nodes.
#[derive(Clone, Copy, Debug)]
struct Link {
    unit: Unit,
    places: Cells,
    ends: [Node; 2],
}

impl Link {
    fn grouped(&self) -> bool {
        self.places.count_ones() > 2
    }
}

/// What a complete chain removes: the digit from cells that see both ends.
type Eliminations = Vec<(Cell, Digit)>;

/// A chain being built: its links, each taken from `from` to the other
/// end.
struct Chain {
    links: Vec<(Link, usize)>,
    /// Every place of the chain's links.
    places: Cells,
}

impl Chain {
    fn first(&self) -> Node {
        let (link, from) = self.links[0];
        link.ends[from]
    }

    fn last(&self) -> Node {
        let (link, from) = self.links[self.links.len() - 1];
        link.ends[1 - from]
    }

    /// The links' units in chain order.
    fn units(&self) -> Vec<Unit> {
        self.links.iter().map(|(link, _)| link.unit).collect()
    }

    /// The nodes in chain order.
    fn nodes(&self) -> Vec<Node> {
        self.links
            .iter()
            .flat_map(|&(link, from)| [link.ends[from], link.ends[1 - from]])
            .collect()
    }

    /// Tenths above the base rating: 3 with a grouped link; else 0 when
    /// every link is a line of one kind, 2 with a box and both kinds of
    /// line, else 1.
    fn mix(&self) -> u8 {
        if self.links.iter().any(|(link, _)| link.grouped()) {
            return 3;
        }
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
    best_chain(board, Technique::StrongLinks(count as u8), count, None)
}

/// The best chain of two plain strong links (two places each) of
/// `shape`: HoDoKu's skyscraper, 2-string kite or turbot fish (see
/// [`two_link_shape`]).
pub(super) fn two_links(board: &Board, shape: Technique) -> Option<Step> {
    best_chain(board, shape, 2, Some(shape))
}

/// Which of HoDoKu's shapes a chain of two strong links in `units` has: a
/// turbot fish when a box holds one, a skyscraper when both are lines of
/// one kind, a 2-string kite when one is a row and the other a column.
pub(crate) fn two_link_shape(units: &[Unit]) -> Technique {
    let has = |kind| units.iter().any(|unit| unit.kind() == kind);
    match (
        has(UnitKind::Box),
        has(UnitKind::Row) && has(UnitKind::Column),
    ) {
        (true, _) => Technique::TurbotFish,
        (false, false) => Technique::Skyscraper,
        (false, true) => Technique::TwoStringKite,
    }
}

/// The best chain of `count` strong links, taken as a step of
/// `technique`; with `shape`, only chains of plain links of that shape
/// (see [`two_link_shape`]).
fn best_chain(
    board: &Board,
    technique: Technique,
    count: usize,
    shape: Option<Technique>,
) -> Option<Step> {
    let mut best: Option<(Rating, usize, Step)> = None;
    for digit in Digit::all() {
        let links: Vec<Link> = Unit::all()
            .flat_map(|unit| links_in(board, unit, digit))
            .filter(|link| shape.is_none() || !link.grouped())
            .collect();
        Graph::new(board, digit, links).search(count, &mut |chain, eliminations| {
            if shape.is_some_and(|shape| shape != two_link_shape(&chain.units())) {
                return;
            }
            let rating = Rating(Technique::StrongLinks(count as u8).rating().0 + chain.mix());
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
        });
    }
    best.map(|(_, _, step)| step)
}

/// The strong links of `digit` in `unit`: its two places, or, with three
/// to six places, each way of covering them by two nodes.
fn links_in(board: &Board, unit: Unit, digit: Digit) -> Vec<Link> {
    let places = board
        .places(unit, digit)
        .fold(0, |mask, cell| mask | bit(cell));
    let link = |ends: [Cells; 2]| Link {
        unit,
        places,
        ends: ends.map(Node::new),
    };
    let cells: Vec<Cell> = cells_of(places).collect();
    match cells.len() {
        2 => vec![link([bit(cells[0]), bit(cells[1])])],
        3..=6 => covers(unit, places).into_iter().map(link).collect(),
        _ => Vec::new(),
    }
}

/// The ways to cover `places` (three to six places of `unit`) by two
/// nodes, neither holding them all.
fn covers(unit: Unit, places: Cells) -> Vec<[Cells; 2]> {
    let mask_of =
        |cells: &mut dyn Iterator<Item = Cell>| cells.fold(0, |mask, cell| mask | bit(cell));
    // The unit's segments: a line's three boxes, a box's rows and columns.
    let segments: Vec<Cells> = match unit.kind() {
        UnitKind::Box => {
            let cells = unit.cells();
            (0..3)
                .map(|row| mask_of(&mut cells[row * 3..row * 3 + 3].iter().copied()))
                .chain((0..3).map(|col| mask_of(&mut cells.iter().copied().skip(col).step_by(3))))
                .collect()
        }
        _ => unit
            .cells()
            .chunks(3)
            .map(|chunk| mask_of(&mut chunk.iter().copied()))
            .collect(),
    };
    let mut found = Vec::new();
    for (index, &first) in segments.iter().enumerate() {
        for &second in &segments[index + 1..] {
            let (a, b) = (places & first, places & second);
            if a | b != places || a == 0 || b == 0 || a == places || b == places {
                continue;
            }
            let shared = a & b;
            if shared == 0 {
                found.push([a, b]);
            } else if a != shared && b != shared {
                // A row and a column of a box crossing on a place: the
                // crossing goes in either node.
                found.push([a, b & !shared]);
                found.push([a & !shared, b]);
            }
        }
    }
    found
}

/// The links of one digit, with the cells holding it and, for each link
/// left by each end, the links (and their entry ends) weakly linked to it.
struct Graph {
    digit: Digit,
    holding: Cells,
    links: Vec<Link>,
    next: Vec<Vec<(usize, usize)>>,
}

impl Graph {
    fn new(board: &Board, digit: Digit, links: Vec<Link>) -> Graph {
        let holding = Cell::all()
            .filter(|&cell| board.candidates(cell).contains(digit))
            .fold(0, |mask, cell| mask | bit(cell));
        let next = (0..links.len() * 2)
            .map(|exit| {
                let end = &links[exit / 2].ends[exit % 2];
                (0..links.len())
                    .flat_map(|index| [(index, 0), (index, 1)])
                    .filter(|&(index, from)| end.weakly_linked(&links[index].ends[from]))
                    .collect()
            })
            .collect();
        Graph {
            digit,
            holding,
            links,
            next,
        }
    }

    /// Every chain of `count` links, started from each link and end whose
    /// start node sees some other cell holding the digit.
    fn search(&self, count: usize, found: &mut dyn FnMut(&Chain, Eliminations)) {
        let mut chain = Chain {
            links: Vec::new(),
            places: 0,
        };
        for (index, link) in self.links.iter().enumerate() {
            for from in 0..2 {
                if link.ends[from].seen_by & self.holding & !link.places == 0 {
                    continue;
                }
                self.extend(index, from, count, &mut chain, found);
            }
        }
    }

    /// Adds link `index`, entered by end `from`, to `chain`, and grows it
    /// to `count` links, each on places of its own, handing every complete
    /// chain that removes something to `found`.
    fn extend(
        &self,
        index: usize,
        from: usize,
        count: usize,
        chain: &mut Chain,
        found: &mut dyn FnMut(&Chain, Eliminations),
    ) {
        let link = self.links[index];
        chain.links.push((link, from));
        chain.places |= link.places;
        if chain.links.len() == count {
            let (first, last) = (chain.first(), chain.last());
            let removable = first.seen_by & last.seen_by & self.holding & !chain.places;
            // Each direction is found once: keep the one starting lower.
            if removable != 0 && first.first_cell() < last.first_cell() {
                let eliminations: Eliminations =
                    cells_of(removable).map(|cell| (cell, self.digit)).collect();
                found(chain, eliminations);
            }
        } else {
            for &(next, entry) in &self.next[index * 2 + 1 - from] {
                if chain.places & self.links[next].places == 0 {
                    self.extend(next, entry, count, chain, found);
                }
            }
        }
        chain.places &= !link.places;
        chain.links.pop();
    }
}

fn step_of(
    technique: Technique,
    rating: Rating,
    digit: Digit,
    chain: &Chain,
    eliminations: Eliminations,
) -> Step {
    let nodes = chain.nodes();
    let cells: Vec<Cell> = nodes.iter().flat_map(|node| cells_of(node.cells)).collect();
    let units = chain.units();
    let grouped = if chain.mix() == 3 { "grouped " } else { "" };
    let shape = match units.len() {
        2 => format!("{grouped}{}", two_link_shape(&units).name()),
        count => format!("{count} {grouped}strong links"),
    };
    let written: Vec<String> = nodes.iter().map(Node::written).collect();
    let linked: Vec<String> = units.iter().map(Unit::to_string).collect();
    let said = Said(digit);
    let explanation = format!(
        "{said} lies in two nodes in each of {} ({shape}: {}), linked end to start, so {} or {} holds it and {}",
        linked.join(", "),
        written.join(", "),
        chain.first().written(),
        chain.last().written(),
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
        explanation: explanation.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(kind: UnitKind, number: usize) -> Unit {
        let first = match kind {
            UnitKind::Row => 0,
            UnitKind::Column => 9,
            UnitKind::Box => 18,
        };
        Unit::new(first + number).unwrap()
    }

    #[test]
    fn the_shape_of_two_links_follows_their_units_kinds() {
        use UnitKind::{Box, Column, Row};
        let cases = [
            ([(Row, 0), (Row, 4)], Technique::Skyscraper),
            ([(Column, 2), (Column, 8)], Technique::Skyscraper),
            ([(Row, 1), (Column, 6)], Technique::TwoStringKite),
            ([(Column, 3), (Row, 7)], Technique::TwoStringKite),
            ([(Box, 3), (Column, 7)], Technique::TurbotFish),
            ([(Row, 5), (Box, 0)], Technique::TurbotFish),
        ];
        for (units, shape) in cases {
            let units = units.map(|(kind, number)| unit(kind, number));
            assert_eq!(two_link_shape(&units), shape, "{units:?}");
        }
    }
}
