//! Exact cover: Algorithm X on dancing links, for a problem given as item
//! and option lists or in Knuth's DLX text.

use crate::budget::CallBudget;
use crate::errors::{input_error, puzzle_error, Place};
use crate::interrupt::interruptible;
use gridsolve_cover::{parse_dlx, Problem};
use pyo3::prelude::*;
use std::collections::HashMap;

/// The problem of `items` (primary), `secondary` and `options` (each a
/// list of item names).
fn problem(
    items: Vec<String>,
    options: Vec<Vec<String>>,
    secondary: Vec<String>,
) -> PyResult<Problem> {
    let index: HashMap<&str, usize> = items
        .iter()
        .chain(&secondary)
        .enumerate()
        .map(|(index, name)| (name.as_str(), index))
        .collect();
    if index.len() != items.len() + secondary.len() {
        return Err(input_error("an item is named twice in the item lists"));
    }
    let rows = options
        .iter()
        .enumerate()
        .map(|(number, option)| {
            option
                .iter()
                .map(|name| {
                    index.get(name.as_str()).copied().ok_or_else(|| {
                        input_error(format!("option {number}: unknown item {name:?}"))
                    })
                })
                .collect::<PyResult<Vec<usize>>>()
        })
        .collect::<PyResult<Vec<Vec<usize>>>>()?;
    let mut problem = Problem::new(items, secondary);
    for (number, items) in rows.iter().enumerate() {
        problem
            .add_option(items)
            .map_err(|error| input_error(format!("option {number}: {error}")))?;
    }
    Ok(problem)
}

fn dlx_problem(text: &str) -> PyResult<Problem> {
    parse_dlx(text)
        .map(|parsed| parsed.problem)
        .map_err(|error| {
            let (line, column) = error.place();
            puzzle_error(
                error.to_string(),
                Place {
                    line,
                    column,
                    cell: None,
                },
            )
        })
}

fn solutions(
    py: Python<'_>,
    problem: &Problem,
    limit: Option<u64>,
    budget: CallBudget,
) -> PyResult<Vec<Vec<usize>>> {
    let (solutions, report) = interruptible(py, |cancel| {
        gridsolve_cover::solve_up_to(problem, limit.unwrap_or(u64::MAX), &budget.start(&cancel))
    })?;
    match report.stopped {
        Some(reason) if reason != gridsolve_search::StopReason::SolutionLimit => Err(input_error(
            format!("stopped ({reason}) after {} solutions", solutions.len()),
        )),
        _ => Ok(solutions),
    }
}

/// Solutions of an exact-cover problem, each as the indices of its
/// options in increasing order, up to `limit` (`None`: all).
#[pyfunction]
#[pyo3(signature = (items, options, secondary = None, limit = None, max_nodes = None, timeout = None))]
pub fn cover_solve(
    py: Python<'_>,
    items: Vec<String>,
    options: Vec<Vec<String>>,
    secondary: Option<Vec<String>>,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Vec<Vec<usize>>> {
    let problem = problem(items, options, secondary.unwrap_or_default())?;
    solutions(py, &problem, limit, CallBudget::new(max_nodes, timeout)?)
}

/// Solutions of a problem in Knuth's DLX text, each as its option lines.
#[pyfunction]
#[pyo3(signature = (text, limit = None, max_nodes = None, timeout = None))]
pub fn cover_solve_dlx(
    py: Python<'_>,
    text: &str,
    limit: Option<u64>,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<Vec<Vec<String>>> {
    let problem = dlx_problem(text)?;
    let found = solutions(py, &problem, limit, CallBudget::new(max_nodes, timeout)?)?;
    Ok(found
        .iter()
        .map(|options| {
            options
                .iter()
                .map(|&option| problem.option_text(option))
                .collect()
        })
        .collect())
}

/// The number of solutions of a problem in Knuth's DLX text.
#[pyfunction]
#[pyo3(signature = (text, max_nodes = None, timeout = None))]
pub fn cover_count_dlx(
    py: Python<'_>,
    text: &str,
    max_nodes: Option<u64>,
    timeout: Option<f64>,
) -> PyResult<u64> {
    let problem = dlx_problem(text)?;
    let budget = CallBudget::new(max_nodes, timeout)?;
    let report = interruptible(py, |cancel| {
        gridsolve_cover::count(&problem, &budget.start(&cancel))
    })?;
    match report.stopped {
        Some(reason) => Err(input_error(format!(
            "stopped ({reason}) after {} solutions",
            report.stats.solutions
        ))),
        None => Ok(report.stats.solutions),
    }
}
