//! How `sudoku generate` writes its puzzles: in the form `--format`
//! asks (a Killer as its cage list or JSON document, a jigsaw with its
//! region letters), each followed, if asked, by its solution and its
//! rating; a puzzle of several lines kept apart from the next by a blank
//! line.

use crate::args::{GenerateArgs, SolveFormat};
use crate::failure::{print_line, Failure};
use clap::ValueEnum;
use gridsolve_logic::{Difficulty, Rating};
use gridsolve_sudoku::variant::{render, render_grid, to_json, to_text, Notation, Variant};
use gridsolve_sudoku::{Grid, TextFormat};
use std::fs;

/// How the puzzles are written (see `GenerateArgs::format`).
pub(super) struct Output {
    format: SolveFormat,
    /// The grid is the classic 9×9 one, which takes every form.
    classic: bool,
    killer: bool,
    /// Each puzzle has regions of its own, written with it.
    jigsaw: bool,
    /// The extra units `--diagonals` and `--windows` add, named in each
    /// `jsonl` object of a grid (a Killer's document says them itself).
    diagonals: bool,
    windows: bool,
    solution: bool,
    /// Whether each puzzle's rating is written too.
    pub(super) rate: bool,
}

/// One puzzle written out, but for its number.
pub(super) enum Written {
    /// Lines of text.
    Text(String),
    /// A `jsonl` object, its `number` still to come.
    Json(serde_json::Map<String, serde_json::Value>),
}

impl Output {
    pub(super) fn of(args: &GenerateArgs) -> Result<Output, Failure> {
        let classic =
            args.size == 9 && !args.diagonals && !args.windows && !args.killer && !args.jigsaw;
        let output = Output {
            format: args.format,
            classic,
            killer: args.killer,
            jigsaw: args.jigsaw,
            diagonals: args.diagonals,
            windows: args.windows,
            solution: args.solution,
            rate: args.rate,
        };
        let general = matches!(args.format, SolveFormat::Line | SolveFormat::Jsonl)
            || (args.format == SolveFormat::Grid && !output.document());
        if !classic && !general {
            let format = format_name(args.format);
            let why = if output.document() {
                "a Killer, X-Sudoku or windoku is written as its document, which lists the cages or extra units no grid shows; this puzzle takes line or jsonl"
            } else {
                "the other forms are for classic 9×9 grids; this grid takes line, grid or jsonl"
            };
            return Err(format!("--format {format}: {why}").into());
        }
        if args.rate && !classic {
            return Err("--rate: the rater works on classic 9×9 grids only (no --size, --diagonals, --windows or --killer)".into());
        }
        Ok(output)
    }

    /// Whether one puzzle takes several lines, so that puzzles are kept
    /// apart by a blank line (a `jsonl` object, a Killer's too, is one
    /// line, and its stream has no blank lines).
    fn blocks(&self) -> bool {
        match self.format {
            SolveFormat::Jsonl => false,
            SolveFormat::Line => self.jigsaw || self.document(),
            _ => true,
        }
    }

    /// Whether each puzzle has cages or regions of its own, which its text
    /// carries (in `jsonl`, its JSON document).
    fn own_units(&self) -> bool {
        self.killer || self.jigsaw
    }

    /// Whether a puzzle is written as a document that holds its cages or
    /// extra units, which no grid notation says: a Killer (its cage list or
    /// JSON document), an X-Sudoku or windoku (its JSON document), so that
    /// the text read back is the puzzle made, not a plain grid with more
    /// solutions.
    fn document(&self) -> bool {
        self.killer || self.diagonals || self.windows
    }

    /// `values` (the puzzle's givens or its solution) in the form asked.
    fn values(&self, puzzle: &Variant, values: &[u8]) -> Result<String, Failure> {
        if self.document() {
            let filled = puzzle
                .clone()
                .with_givens(values.to_vec())
                .map_err(|error| error.to_string())?;
            return Ok(to_text(&filled));
        }
        if self.jigsaw {
            let side_by_side = self.format == SolveFormat::Grid;
            let notation = Notation::Jigsaw {
                side_by_side,
                one_line: !side_by_side,
            };
            return Ok(render(puzzle, notation, values));
        }
        let one_line = render_grid(puzzle.side(), values, puzzle.symbols(), true);
        match self.format.text() {
            Some(form) if self.classic => {
                let grid: Grid = one_line
                    .parse()
                    .map_err(|error| format!("a generated 9×9 grid reads back: {error}"))?;
                Ok(form.render(&grid))
            }
            Some(TextFormat::Grid) => {
                Ok(render_grid(puzzle.side(), values, puzzle.symbols(), false))
            }
            _ => Ok(one_line),
        }
    }

    /// The puzzle, then (if asked) its solution and rating.
    pub(super) fn written(
        &self,
        puzzle: &Variant,
        solution: &[u8],
        rating: Option<&Difficulty>,
    ) -> Result<Written, Failure> {
        let givens = puzzle.givens().iter().filter(|&&value| value != 0).count();
        if self.format == SolveFormat::Jsonl {
            let mut object = serde_json::Map::new();
            let text = if self.own_units() {
                serde_json::from_str(&to_json(puzzle)).map_err(|error| error.to_string())?
            } else {
                let line = render_grid(puzzle.side(), puzzle.givens(), puzzle.symbols(), true);
                serde_json::Value::from(line)
            };
            object.insert("puzzle".into(), text);
            if !self.own_units() {
                for (extra, name) in [(self.diagonals, "diagonals"), (self.windows, "windows")] {
                    if extra {
                        object.insert(name.into(), true.into());
                    }
                }
            }
            object.insert("givens".into(), givens.into());
            if self.solution {
                let line = render_grid(puzzle.side(), solution, puzzle.symbols(), true);
                object.insert("solution".into(), line.into());
            }
            if let Some(rating) = rating {
                object.insert("rating".into(), rating_json(rating));
            }
            return Ok(Written::Json(object));
        }
        let mut parts = vec![self.values(puzzle, puzzle.givens())?];
        if self.solution {
            parts.push(self.values(puzzle, solution)?);
        }
        let mut text = parts.join(if self.blocks() { "\n\n" } else { "\n" });
        if let Some(rating) = rating {
            text.push_str(&format!("\n# {}", rating_text(rating)));
        }
        Ok(Written::Text(text))
    }
}

/// A rating as `sudoku rate` words it: ER, EP, ED, the levels and score.
fn rating_text(rating: &Difficulty) -> String {
    let figure =
        |rating: Option<Rating>| rating.map_or("?".to_string(), |rating| rating.to_string());
    format!(
        "ER {} EP {} ED {}, level {} (score {}), QQWing {}",
        figure(rating.er),
        figure(rating.ep),
        figure(rating.ed),
        rating.level(),
        rating.score(),
        rating.qqwing()
    )
}

/// A rating as the `jsonl` record of `sudoku rate` gives it.
fn rating_json(rating: &Difficulty) -> serde_json::Value {
    let figure = |rating: Option<Rating>| rating.map(|rating| rating.to_string());
    serde_json::json!({
        "er": figure(rating.er),
        "ep": figure(rating.ep),
        "ed": figure(rating.ed),
        "level": rating.level().name(),
        "score": rating.score(),
        "qqwing": rating.qqwing().name(),
    })
}

/// The name `--format` takes for `format`.
fn format_name(format: SolveFormat) -> String {
    format
        .to_possible_value()
        .map_or_else(String::new, |value| value.get_name().to_string())
}

pub(super) fn write(
    args: &GenerateArgs,
    output: &Output,
    number: u64,
    written: Written,
) -> Result<(), Failure> {
    let text = match written {
        Written::Text(text) => text,
        Written::Json(object) => {
            let mut numbered = serde_json::Map::new();
            numbered.insert("number".into(), number.into());
            numbered.extend(object);
            serde_json::Value::Object(numbered).to_string()
        }
    };
    match &args.out {
        // A block of lines is kept apart from the one before.
        None if number > 1 && output.blocks() => print_line(format!("\n{text}")),
        None => print_line(text),
        Some(dir) => {
            let path = dir.join(format!("puzzle-{number:03}.txt"));
            fs::write(&path, text + "\n")
                .map_err(|error| Failure::from(format!("cannot write {}: {error}", path.display())))
        }
    }
}
