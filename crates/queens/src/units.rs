//! Counting split into independent, self-describing work units.
//!
//! [`split`] cuts the search of a board into units, each the placements of
//! its first `depth` rows (its *prefix*). [`run_unit`] counts the
//! completions of one unit; [`merge`] adds the results up after checking
//! that every unit of the split was counted exactly once. A unit carries
//! everything needed to run it anywhere: board size, reserved squares,
//! depth, prefix, the symmetry scheme and the weight of its solutions.
//!
//! Two schemes exist. On a free board, `d4`: only prefixes that can start a
//! canonical solution (see [`crate::symmetry`]) are units, each solution
//! found counts once towards `unique` and with its orbit size (its
//! *weight*: 8 under a corner prefix, 8, 4 or 2 otherwise, reported as
//! `"orbit"`) towards `total`. On a board with reserved squares, `none`:
//! every prefix is a unit and every solution weighs 1.

use crate::board::BlockedBoard;
use crate::search::{Flow, Leaf, Placement, RowRules, Search};
use crate::sweep::{self, Scoring, Tally};
use crate::symmetry::{self, CornerLeaf, EdgeLeaf, OrbitCount};
use gridsolve_search::{Budget, StopReason};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::ControlFlow;
use thiserror::Error;

/// How a unit's solutions relate to the board's symmetries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Canonical solutions only, weighted by orbit size.
    D4,
    /// Every solution, weight 1.
    None,
}

/// What each solution of a unit adds to the total.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Weight {
    /// The same weight for every solution.
    Each(u64),
    /// Each solution's orbit size (8, 4 or 2), found when it is reached.
    Orbit(OrbitWord),
}

/// The word `"orbit"` in a unit's `weight` field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrbitWord {
    /// `"orbit"`.
    #[serde(rename = "orbit")]
    Orbit,
}

/// One independent sub-problem of a count.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WorkUnit {
    /// Board side.
    pub n: usize,
    /// Reserved squares as rows of `.` and `*`, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    /// Rows fixed by the prefix.
    pub depth: usize,
    /// The 0-based column of the queen in each of the first `depth` rows.
    pub prefix: Vec<usize>,
    /// The symmetry scheme of the split.
    pub symmetry: Symmetry,
    /// What each solution below the prefix counts for.
    pub weight: Weight,
    /// This unit's 0-based index in its split.
    pub unit: usize,
    /// The number of units of the split.
    pub units: usize,
}

/// The count of one unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitResult {
    /// The unit counted.
    #[serde(flatten)]
    pub unit: WorkUnit,
    /// Weighted solutions below the prefix.
    pub total: u64,
    /// Canonical solutions below the prefix (`d4` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unique: Option<u64>,
    /// Placements tried.
    pub nodes: u64,
    /// Why the count stopped before the end, if it did (then `total` and
    /// `unique` are lower bounds).
    #[serde(default, skip_serializing_if = "Option::is_none", with = "stop_reason")]
    pub stopped: Option<StopReason>,
}

/// The most units a split may have: each takes about a hundred bytes.
pub const MAX_UNITS: usize = 2_000_000;

/// Why a board cannot be split at the depth asked.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SplitError {
    /// A depth the scheme does not allow.
    #[error("depth {depth} is out of range for this board: expected {min} to {max}")]
    Depth {
        /// The depth asked.
        depth: usize,
        /// The smallest depth of the scheme.
        min: usize,
        /// The largest (the board side).
        max: usize,
    },
    /// A depth that gives too many units.
    #[error("a split at depth {depth} has more than {MAX_UNITS} units: choose a smaller depth")]
    TooManyUnits {
        /// The depth asked.
        depth: usize,
    },
}

/// Why a unit cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnitError {
    /// The unit's fields contradict each other.
    #[error("unit {unit}: {reason}")]
    Inconsistent {
        /// The unit's index.
        unit: usize,
        /// What is wrong.
        reason: String,
    },
}

/// Splits the count of `board` into units of `depth` rows.
///
/// ```
/// use gridsolve_queens::{run_unit, split, BlockedBoard};
/// use gridsolve_queens::Budget;
///
/// let units = split(&BlockedBoard::free(8).unwrap(), 3).unwrap();
/// let total: u64 = units.iter().map(|u| run_unit(u, &Budget::default()).unwrap().total).sum();
/// assert_eq!(total, 92);
/// ```
pub fn split(board: &BlockedBoard, depth: usize) -> Result<Vec<WorkUnit>, SplitError> {
    let n = board.n();
    let symmetry = scheme(board);
    let min = min_depth(n, symmetry);
    if !(min..=n).contains(&depth) {
        return Err(SplitError::Depth { depth, min, max: n });
    }
    let mut prefixes = Vec::new();
    match symmetry {
        Symmetry::D4 => {
            for root in symmetry::roots(n) {
                collect_prefixes(n, &symmetry::rules(n, &root), &root, depth, &mut prefixes);
            }
        }
        Symmetry::None => {
            let rules = RowRules::forbidding(*board.masks());
            collect_prefixes(n, &rules, &[], depth, &mut prefixes);
        }
    }
    if prefixes.len() > MAX_UNITS {
        return Err(SplitError::TooManyUnits { depth });
    }
    let rows = (symmetry == Symmetry::None).then(|| board.rows());
    let units = prefixes.len();
    Ok(prefixes
        .into_iter()
        .enumerate()
        .map(|(unit, prefix)| WorkUnit {
            n,
            board: rows.clone(),
            depth,
            weight: weight(n, symmetry, &prefix),
            prefix,
            symmetry,
            unit,
            units,
        })
        .collect())
}

/// Counts the solutions below `unit`'s prefix, within `budget`.
pub fn run_unit(unit: &WorkUnit, budget: &Budget) -> Result<UnitResult, UnitError> {
    let inconsistent = |reason: String| UnitError::Inconsistent {
        unit: unit.unit,
        reason,
    };
    let board = unit_board(unit).map_err(&inconsistent)?;
    let n = unit.n;
    if unit.symmetry != scheme(&board) {
        return Err(inconsistent(
            "d4 units are for boards without reserved squares".to_string(),
        ));
    }
    if unit.prefix.len() != unit.depth || !(min_depth(n, unit.symmetry)..=n).contains(&unit.depth) {
        return Err(inconsistent(format!(
            "a prefix of {} rows does not fit depth {} on a board of {n}",
            unit.prefix.len(),
            unit.depth
        )));
    }
    if let Some(&col) = unit.prefix.iter().find(|&&col| col >= n) {
        return Err(inconsistent(format!(
            "column {col} of its prefix is off a board of {n} columns"
        )));
    }
    let from_a_root = || {
        symmetry::roots(n)
            .iter()
            .any(|root| unit.prefix.starts_with(root))
    };
    if unit.symmetry == Symmetry::D4 && !from_a_root() {
        return Err(inconsistent(format!(
            "prefix {} starts at no root of the count up to symmetry",
            Prefix(&unit.prefix)
        )));
    }
    if unit.weight != weight(n, unit.symmetry, &unit.prefix) {
        return Err(inconsistent(
            "its weight does not belong to its prefix".to_string(),
        ));
    }
    let rules = match unit.symmetry {
        Symmetry::D4 => symmetry::rules(n, &unit.prefix),
        Symmetry::None => RowRules::forbidding(*board.masks()),
    };
    let Some(mut search) = Search::new(n, &rules, &unit.prefix, n - 1) else {
        return Err(inconsistent(format!(
            "prefix {} is not a valid start",
            Prefix(&unit.prefix)
        )));
    };
    let scoring = match (unit.symmetry, unit.weight) {
        (Symmetry::None, _) => Scoring::Plain,
        (Symmetry::D4, Weight::Each(_)) => Scoring::Corner,
        (Symmetry::D4, Weight::Orbit(_)) => Scoring::Orbit,
    };
    // A unit started after the deadline or the cancel flag stops at once,
    // not a poll interval of nodes later: a count of thousands of units
    // then ends within one unit's poll, not thousands.
    let tally = if let Some(reason) = budget.poll() {
        Tally {
            stopped: Some(reason),
            ..Tally::default()
        }
    } else {
        // The sweep keeps no node limit to the node; a complete prefix has
        // no rows left to sweep.
        let sweepable = budget.max_nodes().is_none() && unit.prefix.len() < n;
        let below = sweep::Below {
            n,
            rules: &rules,
            prefix: &unit.prefix,
            start: search.start_attacks(),
            scoring,
        };
        sweepable
            .then(|| sweep::count(below, budget))
            .flatten()
            .unwrap_or_else(|| row_count(&mut search, scoring, budget))
    };
    Ok(UnitResult {
        unit: unit.clone(),
        total: tally.total,
        unique: (unit.symmetry == Symmetry::D4).then_some(tally.unique),
        nodes: tally.nodes,
        stopped: tally.stopped,
    })
}

/// Why results cannot be merged into a count.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MergeError {
    /// No result at all.
    #[error("no unit results to merge (a board without placements splits into no units: count it directly)")]
    Empty,
    /// A result from another split than the first one.
    #[error("{at}: unit {unit} belongs to another split than the result at {first_at} (n, board, depth or unit count differ)")]
    OtherSplit {
        /// Where the result was read (e.g. `units.jsonl: line 3`).
        at: String,
        /// Its unit index.
        unit: usize,
        /// Where the first result was read.
        first_at: String,
    },
    /// A result whose unit is not the unit of that index in the split.
    #[error("{at}: unit {unit} (prefix {prefix}) is not unit {unit} of the split")]
    NotOfSplit {
        /// Where the result was read (e.g. `units.jsonl: line 3`).
        at: String,
        /// Its unit index.
        unit: usize,
        /// Its prefix, as written.
        prefix: String,
    },
    /// A result of a unit whose count was stopped.
    #[error("{at}: unit {unit} (prefix {prefix}) was not counted to the end ({reason})")]
    Unfinished {
        /// Where the result was read (e.g. `units.jsonl: line 3`).
        at: String,
        /// Its unit index.
        unit: usize,
        /// Its prefix.
        prefix: String,
        /// Why it stopped.
        reason: String,
    },
    /// A result whose counts no count of its unit can give: a `d4`
    /// result without `unique` (or a `none` one with it), a corner unit's
    /// total that is not 8 per canonical solution, or an edge unit's that
    /// no orbit sizes of its canonical solutions add up to.
    #[error("{at}: unit {unit} (prefix {prefix}): {reason}")]
    Impossible {
        /// Where the result was read.
        at: String,
        /// Its unit index.
        unit: usize,
        /// Its prefix.
        prefix: String,
        /// Which counts disagree, and why.
        reason: String,
    },
    /// The same unit twice.
    #[error("{at}: unit {unit} (prefix {prefix}) was already counted at {first_at}")]
    Duplicate {
        /// Where the second result was read.
        at: String,
        /// The unit index.
        unit: usize,
        /// Its prefix.
        prefix: String,
        /// Where the first result was read.
        first_at: String,
    },
    /// Units of the split without a result.
    #[error("{} of {units} units were not counted: {}", missing.len(), list_missing(missing))]
    Missing {
        /// Index and prefix of each missing unit.
        missing: Vec<(usize, String)>,
        /// Units of the split.
        units: usize,
    },
    /// The split itself cannot be rebuilt from the results' fields.
    #[error("{at}: {reason}")]
    BadSplit {
        /// Where the first result was read.
        at: String,
        /// What is wrong.
        reason: String,
    },
}

/// Adds up unit results, each with the place it was read from (which
/// errors name, e.g. `units.jsonl: line 3`), after checking they are the
/// units of one split, each exactly once and counted to the end.
///
/// ```
/// use gridsolve_queens::{merge, run_unit, split, BlockedBoard, Counts};
/// use gridsolve_queens::Budget;
///
/// let units = split(&BlockedBoard::free(6).unwrap(), 2).unwrap();
/// let results: Vec<_> = units.iter().map(|u| run_unit(u, &Budget::default()).unwrap()).collect();
/// let lines = results.iter().cloned().enumerate().map(|(i, r)| (format!("line {}", i + 1), r));
/// assert_eq!(merge(lines).unwrap(), Counts { total: 4, unique: Some(1) });
///
/// let missing_last = results[..results.len() - 1].iter().cloned().map(|r| ("here", r));
/// assert!(merge(missing_last).unwrap_err().to_string().contains("were not counted"));
/// ```
pub fn merge<P: fmt::Display>(
    results: impl IntoIterator<Item = (P, UnitResult)>,
) -> Result<crate::Counts, MergeError> {
    let mut results = results.into_iter();
    let Some((first_at, first)) = results.next() else {
        return Err(MergeError::Empty);
    };
    let first_at = first_at.to_string();
    let bad_split = |reason: String| MergeError::BadSplit {
        at: first_at.clone(),
        reason,
    };
    let board = unit_board(&first.unit).map_err(bad_split)?;
    let expected = split(&board, first.unit.depth).map_err(|error| bad_split(error.to_string()))?;
    if expected.len() != first.unit.units {
        return Err(bad_split(format!(
            "the split has {} units, the result says {}",
            expected.len(),
            first.unit.units
        )));
    }
    let mut seen: Vec<Option<String>> = vec![None; expected.len()];
    let mut counts = crate::Counts {
        total: 0,
        unique: (first.unit.symmetry == Symmetry::D4).then_some(0),
    };
    let rest = results.map(|(at, result)| (at.to_string(), result));
    for (at, result) in std::iter::once((first_at.clone(), first.clone())).chain(rest) {
        let unit = &result.unit;
        let prefix = || Prefix(&unit.prefix).to_string();
        let same_split = unit.n == first.unit.n
            && unit.board == first.unit.board
            && unit.depth == first.unit.depth
            && unit.units == first.unit.units;
        if !same_split {
            return Err(MergeError::OtherSplit {
                at,
                unit: unit.unit,
                first_at,
            });
        }
        if expected.get(unit.unit) != Some(unit) {
            return Err(MergeError::NotOfSplit {
                at,
                unit: unit.unit,
                prefix: prefix(),
            });
        }
        if let Some(reason) = result.stopped {
            return Err(MergeError::Unfinished {
                at,
                unit: unit.unit,
                prefix: prefix(),
                reason: reason.to_string(),
            });
        }
        if let Err(reason) = possible_counts(&result) {
            return Err(MergeError::Impossible {
                at,
                unit: unit.unit,
                prefix: prefix(),
                reason,
            });
        }
        if let Some(first_at) = seen[unit.unit].replace(at.clone()) {
            return Err(MergeError::Duplicate {
                at,
                unit: unit.unit,
                prefix: prefix(),
                first_at,
            });
        }
        counts.total += result.total;
        if let (Some(sum), Some(unique)) = (&mut counts.unique, result.unique) {
            *sum += unique;
        }
    }
    let missing: Vec<(usize, String)> = seen
        .iter()
        .enumerate()
        .filter(|(_, line)| line.is_none())
        .map(|(index, _)| (index, Prefix(&expected[index].prefix).to_string()))
        .collect();
    if !missing.is_empty() {
        return Err(MergeError::Missing {
            missing,
            units: expected.len(),
        });
    }
    Ok(counts)
}

/// Whether `result`'s counts are ones its unit can give, by its weight
/// alone (no recount): every canonical solution of a corner unit weighs
/// 8, and of an edge unit its orbit size, 2, 4 or 8 (1 on the board of
/// side 1), so a total is the weight times `unique`, or an even number
/// (but for side 1) between twice and 8 times it.
fn possible_counts(result: &UnitResult) -> Result<(), String> {
    let UnitResult { total, unique, .. } = *result;
    let unit = &result.unit;
    match (unit.symmetry, unique, unit.weight) {
        (Symmetry::None, None, _) => Ok(()),
        (Symmetry::None, Some(_), _) => {
            Err("`unique` in a result of the none scheme, which counts no classes".to_string())
        }
        (Symmetry::D4, None, _) => Err("no `unique` in a result of the d4 scheme".to_string()),
        (Symmetry::D4, Some(unique), Weight::Each(weight)) => {
            if unique.checked_mul(weight) == Some(total) {
                Ok(())
            } else {
                Err(format!(
                    "total {total} is not {weight} times its {unique} canonical solutions"
                ))
            }
        }
        (Symmetry::D4, Some(unique), Weight::Orbit(_)) => {
            let smallest = if unit.n == 1 { 1 } else { 2 };
            let in_range =
                (unique.saturating_mul(smallest)..=unique.saturating_mul(8)).contains(&total);
            if in_range && (unit.n == 1 || total % 2 == 0) {
                Ok(())
            } else {
                Err(format!(
                    "total {total} is no sum of orbit sizes (2, 4 or 8) of its {unique} \
                     canonical solutions"
                ))
            }
        }
    }
}

/// Why a unit's result disagrees with its count made again.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecountError {
    /// The unit cannot be run.
    #[error(transparent)]
    Unit(#[from] UnitError),
    /// The recount stopped before the end.
    #[error("unit {unit}: the recount stopped ({reason})")]
    Stopped {
        /// The unit's index.
        unit: usize,
        /// Why it stopped.
        reason: StopReason,
    },
    /// The recount gave other figures than the result.
    #[error("unit {unit} (prefix {prefix}): {differences}")]
    Differs {
        /// The unit's index.
        unit: usize,
        /// Its prefix.
        prefix: String,
        /// Each figure that differs, as the result has it and recounted:
        /// `total 31 in the result, 32 recounted`.
        differences: String,
    },
}

/// Counts `result`'s unit again, within `budget`, and compares every
/// figure (`total`, `unique` and `nodes`, each the same on every run of a
/// unit): a result that a faulty or dishonest worker made up disagrees.
///
/// ```
/// use gridsolve_queens::{recount, run_unit, split, BlockedBoard, Budget};
///
/// let unit = &split(&BlockedBoard::free(8).unwrap(), 2).unwrap()[3];
/// let mut result = run_unit(unit, &Budget::default()).unwrap();
/// assert_eq!(recount(&result, &Budget::default()), Ok(()));
/// result.nodes += 1;
/// let error = recount(&result, &Budget::default()).unwrap_err().to_string();
/// assert!(error.ends_with(&format!("nodes {} in the result, {} recounted", result.nodes, result.nodes - 1)));
/// ```
pub fn recount(result: &UnitResult, budget: &Budget) -> Result<(), RecountError> {
    let unit = &result.unit;
    let again = run_unit(unit, budget)?;
    if let Some(reason) = again.stopped {
        return Err(RecountError::Stopped {
            unit: unit.unit,
            reason,
        });
    }
    let figure = |name: &str, had: Option<u64>, got: Option<u64>| {
        let written = |value: Option<u64>| value.map_or("none".to_string(), |v| v.to_string());
        (had != got).then(|| {
            format!(
                "{name} {} in the result, {} recounted",
                written(had),
                written(got)
            )
        })
    };
    let differences: Vec<String> = [
        figure("total", Some(result.total), Some(again.total)),
        figure("unique", result.unique, again.unique),
        figure("nodes", Some(result.nodes), Some(again.nodes)),
    ]
    .into_iter()
    .flatten()
    .collect();
    if differences.is_empty() {
        Ok(())
    } else {
        Err(RecountError::Differs {
            unit: unit.unit,
            prefix: Prefix(&unit.prefix).to_string(),
            differences: differences.join(", "),
        })
    }
}

fn list_missing(missing: &[(usize, String)]) -> String {
    const SHOWN: usize = 5;
    let mut text: Vec<String> = missing
        .iter()
        .take(SHOWN)
        .map(|(unit, prefix)| format!("unit {unit} (prefix {prefix})"))
        .collect();
    if missing.len() > SHOWN {
        text.push(format!("and {} more", missing.len() - SHOWN));
    }
    text.join(", ")
}

/// A prefix written as `[0, 2, 5]`.
struct Prefix<'a>(&'a [usize]);

impl fmt::Display for Prefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

fn scheme(board: &BlockedBoard) -> Symmetry {
    if !board.has_reserved() {
        Symmetry::D4
    } else {
        Symmetry::None
    }
}

fn min_depth(n: usize, symmetry: Symmetry) -> usize {
    match symmetry {
        // The root rows fix the pruning, so every unit holds them.
        Symmetry::D4 => n.min(2),
        Symmetry::None => 1,
    }
}

fn weight(n: usize, symmetry: Symmetry, prefix: &[usize]) -> Weight {
    match symmetry {
        Symmetry::None => Weight::Each(1),
        Symmetry::D4 if n > 1 && prefix.first() == Some(&0) => Weight::Each(8),
        Symmetry::D4 => Weight::Orbit(OrbitWord::Orbit),
    }
}

/// The board a unit describes.
fn unit_board(unit: &WorkUnit) -> Result<BlockedBoard, String> {
    if !(1..=crate::MAX_N).contains(&unit.n) {
        return Err(format!(
            "n = {} is out of range 1 to {}",
            unit.n,
            crate::MAX_N
        ));
    }
    let board = match &unit.board {
        None => BlockedBoard::free(unit.n).map_err(|error| error.to_string())?,
        Some(rows) => rows
            .join("\n")
            .parse::<BlockedBoard>()
            .map_err(|error| format!("board: {error}"))?,
    };
    if board.n() != unit.n {
        return Err(format!(
            "the board is {0}×{0} but n = {1}",
            board.n(),
            unit.n
        ));
    }
    Ok(board)
}

/// Pushes every placement of rows `..depth` below `root` (or `root`
/// itself when it already has `depth` rows).
fn collect_prefixes(
    n: usize,
    rules: &RowRules,
    root: &[usize],
    depth: usize,
    out: &mut Vec<Vec<usize>>,
) {
    /// Collects up to one prefix more than [`MAX_UNITS`] (so that the
    /// caller can tell the split is too large), then pauses.
    struct Collect<'a>(&'a mut Vec<Vec<usize>>);
    impl Leaf for Collect<'_> {
        fn reached(&mut self, placement: Placement<'_>) -> ControlFlow<()> {
            self.0.push(placement.columns().collect());
            if self.0.len() > MAX_UNITS {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        }
    }
    if let Some(mut search) = Search::new(n, rules, root, depth - 1) {
        search.run(&mut Collect(out), &Budget::default());
    }
}

/// Counts every solution reached, weight 1.
struct Plain(u64);

impl Leaf for Plain {
    #[inline]
    fn reached(&mut self, _: Placement<'_>) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

impl From<Plain> for OrbitCount {
    fn from(leaf: Plain) -> Self {
        OrbitCount {
            total: leaf.0,
            unique: 0,
        }
    }
}

/// Counts below `search` row by row, scoring as `scoring` says: the engine
/// for counts that keep a node limit to the node.
fn row_count(search: &mut Search, scoring: Scoring, budget: &Budget) -> Tally {
    fn run<L: Leaf + Into<OrbitCount>>(search: &mut Search, mut leaf: L, budget: &Budget) -> Tally {
        let flow = search.run(&mut leaf, budget);
        let counts: OrbitCount = leaf.into();
        Tally {
            total: counts.total,
            unique: counts.unique,
            nodes: search.nodes(),
            stopped: match flow {
                Flow::Stopped(reason) => Some(reason),
                Flow::Exhausted | Flow::Paused => None,
            },
        }
    }
    match scoring {
        Scoring::Plain => run(search, Plain(0), budget),
        Scoring::Corner => run(search, CornerLeaf(OrbitCount::default()), budget),
        Scoring::Orbit => run(search, EdgeLeaf(OrbitCount::default()), budget),
    }
}

/// `StopReason` as the words of its `Display`, for JSON.
mod stop_reason {
    use gridsolve_search::StopReason;
    use serde::{Deserialize, Deserializer, Serializer};

    const ALL: [StopReason; 4] = [
        StopReason::SolutionLimit,
        StopReason::NodeLimit,
        StopReason::Deadline,
        StopReason::Cancelled,
    ];

    pub fn serialize<S: Serializer>(
        reason: &Option<StopReason>,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match reason {
            Some(reason) => serializer.serialize_str(&reason.to_string()),
            None => serializer.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<StopReason>, D::Error> {
        let Some(text) = Option::<String>::deserialize(deserializer)? else {
            return Ok(None);
        };
        ALL.into_iter()
            .find(|reason| reason.to_string() == text)
            .map(Some)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown stop reason {text:?}")))
    }
}
