//! The general puzzle: a grid of side N = box rows × box columns, units
//! (sets of N cells that hold each value once: rows, columns, boxes or
//! jigsaw regions, diagonals, windows) and cages (cells with distinct
//! values adding up to a sum).
//!
//! Invariants of [`Variant`], kept by its constructors: every unit has N
//! distinct cells inside the grid; the boxes (or regions) partition the
//! grid; cages do not overlap, each has distinct cells inside the grid and
//! a sum that some set of distinct values 1..=N of its size can make;
//! givens are in 1..=N and break no unit and no cage; the alphabet names
//! every value 1..=N.

use super::text::Symbols;
use std::fmt;

/// The largest side handled (values are bits of a `u32`).
pub const MAX_SIDE: usize = 25;

/// A grid shape: boxes of `box_rows` × `box_cols` cells, side their
/// product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Rows of a box.
    pub box_rows: usize,
    /// Columns of a box.
    pub box_cols: usize,
}

impl Shape {
    /// The classic 9×9 grid.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape with boxes of at least 2×2 and a side of at most 25.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Self, VariantError> {
        let fits = box_rows
            .checked_mul(box_cols)
            .is_some_and(|side| side <= MAX_SIDE);
        if box_rows < 2 || box_cols < 2 || !fits {
            return Err(VariantError::Shape { box_rows, box_cols });
        }
        Ok(Shape { box_rows, box_cols })
    }

    /// A grid of side 4 to 25 whose regions will replace its boxes: for
    /// jigsaw sides that no box shape makes (5, 7, 11, …). Until then its
    /// "boxes" are its rows, which add nothing.
    ///
    /// ```
    /// use gridsolve_sudoku::variant::{Shape, Variant};
    ///
    /// let shape = Shape::regions_only(5).unwrap();
    /// assert_eq!(shape.side(), 5);
    /// assert!(Variant::new(shape).with_windows().is_err());
    /// ```
    pub fn regions_only(side: usize) -> Result<Self, VariantError> {
        if !(4..=MAX_SIDE).contains(&side) {
            return Err(VariantError::Shape {
                box_rows: 1,
                box_cols: side,
            });
        }
        Ok(Shape {
            box_rows: 1,
            box_cols: side,
        })
    }

    /// Whether the grid has boxes of its own (not [`Shape::regions_only`]).
    pub fn has_boxes(self) -> bool {
        self.box_rows > 1
    }

    /// The number of rows, columns and values.
    pub fn side(self) -> usize {
        self.box_rows * self.box_cols
    }

    /// The cells, in reading order, of the box-shaped block whose top left
    /// cell is at row `top`, column `left` (0-based; the block must fit).
    fn block(self, top: usize, left: usize) -> impl Iterator<Item = usize> {
        let side = self.side();
        (0..side).map(move |k| (top + k / self.box_cols) * side + left + k % self.box_cols)
    }
}

/// Cells with distinct values adding up to `sum` (Killer Sudoku).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    /// Cell indices (`row * side + col`).
    pub cells: Vec<usize>,
    /// The total of their values.
    pub sum: u32,
}

/// A puzzle that breaks a rule of the model, named by cell or cage.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// The box shape is not one of 2×2 … 5×5 (side at most 25).
    #[error("boxes of {box_rows}×{box_cols} do not make a grid of side 4 to 25")]
    Shape {
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
    /// A unit does not have N distinct cells of the grid.
    #[error("unit {unit} must have {side} distinct cells of the grid")]
    Unit {
        /// 1-based unit number among the extra units or regions.
        unit: usize,
        /// The grid side.
        side: usize,
    },
    /// Jigsaw regions must be N, one per value.
    #[error("expected {expected} regions, found {found}")]
    RegionCount {
        /// The grid side.
        expected: usize,
        /// How many were given.
        found: usize,
    },
    /// The regions do not cover every cell exactly once.
    #[error("the regions do not partition the grid: {cell} is in {count} regions")]
    Regions {
        /// The first cell covered other than once.
        cell: CellName,
        /// How many regions hold it.
        count: usize,
    },
    /// A cage lists a cell index outside the grid.
    #[error("cage {cage}: cell {cell} is outside the grid (cells 0 to {last})")]
    CageCell {
        /// 1-based cage number.
        cage: usize,
        /// The offending cell index.
        cell: usize,
        /// The grid's last cell index.
        last: usize,
    },
    /// A cage lists a cell twice.
    #[error("cage {cage} lists {cell} twice")]
    CageCellTwice {
        /// 1-based cage number.
        cage: usize,
        /// The cell listed twice.
        cell: CellName,
    },
    /// Two cages share a cell.
    #[error("cages {first} and {second} overlap at {cell}")]
    Overlap {
        /// 1-based number of the earlier cage.
        first: usize,
        /// 1-based number of the later cage.
        second: usize,
        /// A shared cell.
        cell: CellName,
    },
    /// No set of distinct values of the cage's size makes its sum.
    #[error("cage {cage}: no {size} distinct values from 1 to {side} add up to {sum}")]
    ImpossibleSum {
        /// 1-based cage number.
        cage: usize,
        /// Its number of cells.
        size: usize,
        /// Its sum.
        sum: u32,
        /// The grid side (largest value).
        side: usize,
    },
    /// The givens are not one value per cell, each 0 (blank) to N.
    #[error("expected {cells} givens of 0 to {side}, found {found}")]
    Givens {
        /// Cells of the grid.
        cells: usize,
        /// The grid side.
        side: usize,
        /// What was found instead.
        found: String,
    },
    /// Givens that repeat a value in a unit or cage, or overflow a cage
    /// sum: every rule they break.
    #[error("{0}")]
    GivenConflict(BrokenRules),
    /// Windows need boxes, which a regions-only grid lacks.
    #[error("windows need boxes, and a grid of side {side} has none")]
    NoBoxes {
        /// The grid side.
        side: usize,
    },
    /// An alphabet too short to name every value.
    #[error("the alphabet {alphabet:?} has {found} symbols, a {side}×{side} grid needs {side}")]
    Alphabet {
        /// The alphabet.
        alphabet: String,
        /// Its number of symbols.
        found: usize,
        /// The grid side.
        side: usize,
    },
}

/// One rule the givens break: a given that repeats its value in a unit
/// or cage, or takes a cage past its sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenRule {
    /// The cell.
    pub cell: CellName,
    /// Its value.
    pub value: u8,
    /// The value as the puzzle writes it.
    pub symbol: char,
    /// The unit or cage it breaks.
    pub rule: String,
}

impl fmt::Display for BrokenRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "given {} at {} breaks {}",
            self.symbol, self.cell, self.rule
        )
    }
}

/// Every rule a puzzle's givens break, in unit order then cage order;
/// displayed one after another, `; ` between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokenRules(pub Vec<BrokenRule>);

impl std::ops::Deref for BrokenRules {
    type Target = [BrokenRule];

    fn deref(&self) -> &[BrokenRule] {
        &self.0
    }
}

impl fmt::Display for BrokenRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, rule) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{rule}")?;
        }
        Ok(())
    }
}

/// A cell named as in messages: `r3c12`, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellName {
    /// 0-based row.
    pub row: usize,
    /// 0-based column.
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row + 1, self.col + 1)
    }
}

/// A puzzle of the general model (see the module documentation).
///
/// ```
/// use gridsolve_sudoku::variant::{Shape, Variant};
///
/// let killer = Variant::new(Shape::new(2, 2).unwrap())
///     .with_cage(vec![0, 1], 3)
///     .unwrap();
/// assert_eq!(killer.side(), 4);
/// assert!(Variant::new(Shape::new(2, 2).unwrap()).with_cage(vec![0, 1], 2).is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    shape: Shape,
    /// Rows, columns, then boxes (or regions), then extra units.
    units: Vec<Vec<usize>>,
    cages: Vec<Cage>,
    givens: Vec<u8>,
    symbols: Symbols,
    /// Whether jigsaw regions replaced the boxes.
    jigsaw: bool,
}

impl Variant {
    /// The empty grid of `shape` with rows, columns and boxes.
    pub fn new(shape: Shape) -> Self {
        let side = shape.side();
        let rows = (0..side).map(|r| (0..side).map(|c| r * side + c).collect());
        let cols = (0..side).map(|c| (0..side).map(|r| r * side + c).collect());
        let boxes = (0..side).map(|b| {
            let (top, left) = (
                b / shape.box_rows * shape.box_rows,
                b % shape.box_rows * shape.box_cols,
            );
            shape.block(top, left).collect()
        });
        Variant {
            shape,
            units: rows.chain(cols).chain(boxes).collect(),
            cages: Vec::new(),
            givens: vec![0; side * side],
            symbols: Symbols::standard(side),
            jigsaw: false,
        }
    }

    /// The side N.
    pub fn side(&self) -> usize {
        self.shape.side()
    }

    /// The box shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Every unit: rows, columns, boxes or regions, extra units.
    pub fn units(&self) -> &[Vec<usize>] {
        &self.units
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The givens, row by row, 0 for a blank.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// The symbols the puzzle writes its values in.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// Writes values in `symbols` (standard ones by default), which must
    /// name every value of the grid.
    ///
    /// ```
    /// use gridsolve_sudoku::variant::{Shape, Symbols, Variant};
    ///
    /// let shape = Shape::new(2, 2).unwrap();
    /// assert!(Variant::new(shape).with_symbols(Symbols::new("wxyz").unwrap()).is_ok());
    /// let error = Variant::new(shape).with_symbols(Symbols::new("12").unwrap()).unwrap_err();
    /// assert_eq!(error.to_string(), "the alphabet \"12\" has 2 symbols, a 4×4 grid needs 4");
    /// ```
    pub fn with_symbols(mut self, symbols: Symbols) -> Result<Self, VariantError> {
        symbols.check_names_values_to(self.side())?;
        self.symbols = symbols;
        Ok(self)
    }

    /// The name of cell `index`.
    pub fn cell_name(&self, index: usize) -> CellName {
        CellName {
            row: index / self.side(),
            col: index % self.side(),
        }
    }

    /// Replaces the boxes by jigsaw `regions`, which must partition the
    /// grid into N regions of N cells.
    pub fn with_regions(mut self, regions: Vec<Vec<usize>>) -> Result<Self, VariantError> {
        let side = self.side();
        if regions.len() != side {
            return Err(VariantError::RegionCount {
                expected: side,
                found: regions.len(),
            });
        }
        let mut count = vec![0usize; side * side];
        for (index, region) in regions.iter().enumerate() {
            self.check_unit(index, region)?;
            for &cell in region {
                count[cell] += 1;
            }
        }
        if let Some(cell) = count.iter().position(|&c| c != 1) {
            return Err(VariantError::Regions {
                cell: self.cell_name(cell),
                count: count[cell],
            });
        }
        self.units.splice(2 * side..3 * side, regions);
        self.jigsaw = true;
        self.check_givens()?;
        Ok(self)
    }

    /// Adds a unit (N distinct cells that hold each value once).
    pub fn with_unit(mut self, cells: Vec<usize>) -> Result<Self, VariantError> {
        self.check_unit(self.units.len() - 3 * self.side(), &cells)?;
        self.units.push(cells);
        self.check_givens()?;
        Ok(self)
    }

    /// Adds a unit unless the puzzle has one of the same cells already
    /// (the named units of X-Sudoku and windoku, added to a document that
    /// may list them itself).
    fn with_unit_once(self, cells: Vec<usize>) -> Result<Self, VariantError> {
        if self.units.iter().any(|unit| same_cells(unit, &cells)) {
            Ok(self)
        } else {
            self.with_unit(cells)
        }
    }

    /// X-Sudoku: both main diagonals are units (added once: a puzzle that
    /// has them already is unchanged).
    pub fn with_diagonals(self) -> Result<Self, VariantError> {
        let [down, up] = diagonals(self.side());
        self.with_unit_once(down)?.with_unit_once(up)
    }

    /// Windoku: the boxes of a grid offset by one cell from each corner
    /// (four extra units on 9×9; in general every box whose rows and
    /// columns both start one past a box boundary and fit in the grid),
    /// each added once, as the diagonals are.
    pub fn with_windows(self) -> Result<Self, VariantError> {
        let (shape, side) = (self.shape, self.side());
        if !shape.has_boxes() {
            return Err(VariantError::NoBoxes { side });
        }
        let mut variant = self;
        let mut top = 1;
        while top + shape.box_rows < side {
            let mut left = 1;
            while left + shape.box_cols < side {
                variant = variant.with_unit_once(shape.block(top, left).collect())?;
                left += shape.box_cols + 1;
            }
            top += shape.box_rows + 1;
        }
        Ok(variant)
    }

    /// Adds a cage: distinct values in `cells` adding up to `sum`.
    pub fn with_cage(mut self, cells: Vec<usize>, sum: u32) -> Result<Self, VariantError> {
        let (side, number) = (self.side(), self.cages.len() + 1);
        let mut seen = vec![false; side * side];
        for &cell in &cells {
            if cell >= side * side {
                let last = side * side - 1;
                return Err(VariantError::CageCell {
                    cage: number,
                    cell,
                    last,
                });
            }
            if std::mem::replace(&mut seen[cell], true) {
                let cell = self.cell_name(cell);
                return Err(VariantError::CageCellTwice { cage: number, cell });
            }
        }
        for (index, cage) in self.cages.iter().enumerate() {
            if let Some(&cell) = cage.cells.iter().find(|&&cell| seen[cell]) {
                return Err(VariantError::Overlap {
                    first: index + 1,
                    second: number,
                    cell: self.cell_name(cell),
                });
            }
        }
        let all = (1u32 << side) - 1;
        if cells.is_empty() || super::cages::feasible_values(side, all, cells.len(), sum) == 0 {
            return Err(VariantError::ImpossibleSum {
                cage: number,
                size: cells.len(),
                sum,
                side,
            });
        }
        self.cages.push(Cage { cells, sum });
        self.check_givens()?;
        Ok(self)
    }

    /// Sets the givens (row by row, 0 for a blank).
    pub fn with_givens(mut self, givens: Vec<u8>) -> Result<Self, VariantError> {
        let side = self.side();
        if givens.len() != side * side || givens.iter().any(|&v| usize::from(v) > side) {
            return Err(VariantError::Givens {
                cells: side * side,
                side,
                found: format!(
                    "{} values, largest {}",
                    givens.len(),
                    givens.iter().max().unwrap_or(&0)
                ),
            });
        }
        self.givens = givens;
        self.check_givens()?;
        Ok(self)
    }

    fn check_unit(&self, index: usize, cells: &[usize]) -> Result<(), VariantError> {
        let side = self.side();
        let mut seen = vec![false; side * side];
        let valid = cells.len() == side
            && cells
                .iter()
                .all(|&cell| cell < side * side && !std::mem::replace(&mut seen[cell], true));
        if valid {
            Ok(())
        } else {
            Err(VariantError::Unit {
                unit: index + 1,
                side,
            })
        }
    }

    /// No unit or cage repeats a given; no cage's givens exceed its sum
    /// (or miss it when the cage is full). Every broken rule is named.
    fn check_givens(&self) -> Result<(), VariantError> {
        let broken = |cell: usize, rule: String| BrokenRule {
            cell: self.cell_name(cell),
            value: self.givens[cell],
            symbol: self.symbols.symbol(self.givens[cell]),
            rule,
        };
        let mut found = Vec::new();
        for (index, unit) in self.units.iter().enumerate() {
            let mut seen = 0u32;
            let mut repeats = Vec::new();
            for &cell in unit {
                let value = self.givens[cell];
                if value != 0 {
                    if seen & (1 << value) != 0 {
                        repeats.push(cell);
                    }
                    seen |= 1 << value;
                }
            }
            // A unit of the same cells as an earlier one (a document may
            // list one twice) is the same rule, said once.
            if repeats.is_empty()
                || self.units[..index]
                    .iter()
                    .any(|earlier| same_cells(earlier, unit))
            {
                continue;
            }
            found.extend(
                repeats
                    .into_iter()
                    .map(|cell| broken(cell, self.unit_name(index))),
            );
        }
        for (index, cage) in self.cages.iter().enumerate() {
            let (mut seen, mut total) = (0u32, 0u32);
            let mut first_breach = None;
            for &cell in &cage.cells {
                let value = self.givens[cell];
                if value != 0 {
                    total += u32::from(value);
                    if seen & (1 << value) != 0 || total > cage.sum {
                        first_breach.get_or_insert(cell);
                    }
                    seen |= 1 << value;
                }
            }
            let full = cage.cells.iter().all(|&cell| self.givens[cell] != 0);
            if full && total != cage.sum {
                first_breach.get_or_insert(*cage.cells.last().expect("cages have cells"));
            }
            let rule = || format!("cage {} (sum {})", index + 1, cage.sum);
            found.extend(first_breach.map(|cell| broken(cell, rule())));
        }
        if found.is_empty() {
            Ok(())
        } else {
            Err(VariantError::GivenConflict(BrokenRules(found)))
        }
    }

    /// Whether jigsaw regions replaced the boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.jigsaw
    }

    /// What kind of puzzle this is, in a few words: its size, then
    /// "Sudoku", "jigsaw", "Killer" or "jigsaw Killer", then "with extra
    /// units" where it has any (diagonals, windows, units of its own).
    ///
    /// ```
    /// use gridsolve_sudoku::variant::{Shape, Variant};
    ///
    /// let classic = Variant::new(Shape::CLASSIC);
    /// assert_eq!(classic.kind(), "a 9×9 Sudoku");
    /// assert_eq!(classic.with_diagonals().unwrap().kind(), "a 9×9 Sudoku with extra units");
    /// assert_eq!(Variant::new(Shape::new(2, 3).unwrap()).kind(), "a 6×6 Sudoku");
    /// ```
    pub fn kind(&self) -> String {
        let side = self.side();
        let name = match (self.jigsaw, self.cages.is_empty()) {
            (false, true) => "Sudoku",
            (true, true) => "jigsaw",
            (false, false) => "Killer",
            (true, false) => "jigsaw Killer",
        };
        let extra = if self.units.len() > 3 * side {
            " with extra units"
        } else {
            ""
        };
        format!("a {side}×{side} {name}{extra}")
    }

    /// The name of unit `index` (in the order of [`Variant::units`]):
    /// "row 3", "column 5", "box 2" or "region 2" (1-based); an extra unit
    /// by its shape, "the diagonal r1c1-r9c9", "the window r2c2-r4c4"
    /// (a box-shaped block of cells that is no box), or else by number,
    /// "extra unit 1".
    ///
    /// ```
    /// use gridsolve_sudoku::variant::{Shape, Variant};
    ///
    /// let x = Variant::new(Shape::new(3, 3).unwrap()).with_diagonals().unwrap();
    /// assert_eq!(x.unit_name(2), "row 3");
    /// assert_eq!(x.unit_name(27), "the diagonal r1c1-r9c9");
    /// assert_eq!(x.unit_name(28), "the diagonal r1c9-r9c1");
    /// let windoku = Variant::new(Shape::new(3, 3).unwrap()).with_windows().unwrap();
    /// assert_eq!(windoku.unit_name(30), "the window r6c6-r8c8");
    /// let bent = Variant::new(Shape::new(3, 3).unwrap())
    ///     .with_unit(vec![0, 10, 20, 30, 40, 50, 60, 70, 71])
    ///     .unwrap();
    /// assert_eq!(bent.unit_name(27), "extra unit 1");
    /// ```
    pub fn unit_name(&self, index: usize) -> String {
        let side = self.side();
        let third = if self.jigsaw { "region" } else { "box" };
        let kind = ["row", "column", third].get(index / side).copied();
        match kind {
            Some(kind) => format!("{kind} {}", index % side + 1),
            None => self
                .shape_of_unit(&self.units[index])
                .unwrap_or_else(|| format!("extra unit {}", index - 3 * side + 1)),
        }
    }

    /// "the diagonal FIRST-LAST" when `cells` are a main diagonal,
    /// "the window FIRST-LAST" when they fill a box-shaped block (FIRST and
    /// LAST in reading order).
    fn shape_of_unit(&self, cells: &[usize]) -> Option<String> {
        let (side, shape) = (self.side(), self.shape);
        let in_order = |cells: &[usize]| {
            let mut sorted = cells.to_vec();
            sorted.sort_unstable();
            sorted
        };
        let sorted = in_order(cells);
        let (&first, &last) = (sorted.first()?, sorted.last()?);
        let span = format!("{}-{}", self.cell_name(first), self.cell_name(last));
        if diagonals(side)
            .iter()
            .any(|diagonal| in_order(diagonal) == sorted)
        {
            return Some(format!("the diagonal {span}"));
        }
        let (top, left) = (first / side, first % side);
        let fits = top + shape.box_rows <= side && left + shape.box_cols <= side;
        let window = shape.has_boxes() && fits && shape.block(top, left).eq(sorted.iter().copied());
        window.then(|| format!("the window {span}"))
    }
}

/// The two main diagonals of a grid of side `side`: down from the top
/// left, then down from the top right.
fn diagonals(side: usize) -> [Vec<usize>; 2] {
    [
        (0..side).map(|k| k * side + k).collect(),
        (0..side).map(|k| k * side + side - 1 - k).collect(),
    ]
}

/// Whether units `a` and `b` (each of distinct cells) hold the same
/// cells, in any order.
fn same_cells(a: &[usize], b: &[usize]) -> bool {
    a.len() == b.len() && a.iter().all(|cell| b.contains(cell))
}
