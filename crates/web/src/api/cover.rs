//! `/api/cover/…`: a small exact-cover problem in Knuth's DLX text,
//! solved by dancing links, or its search traced; each answer carries the
//! problem as the matrix the page draws (items across, options down).

use super::{stopped, trace_budget, trace_events, Answer, ApiError, Body};
use crate::search::Searches;
use axum::extract::State;
use axum::Json;
use gridsolve_cover::{
    parse_dlx, solve_up_to, solve_up_to_traced, CoverReport, CoverVocabulary, EventLog, Problem,
};
use serde::Deserialize;
use serde_json::{json, Value};

/// A problem in DLX text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverRequest {
    /// The items line, then one option a line (docs/FORMATS.md).
    text: String,
    /// Solutions to find (default 10, at most 1,000).
    #[serde(default)]
    limit: Option<u64>,
    /// `trace`: choices to record (at most the server's trace limit).
    #[serde(default)]
    choices: Option<u64>,
}

impl CoverRequest {
    /// The problem the text states, and how many solutions to look for.
    fn problem(&self) -> Result<(Problem, u64), ApiError> {
        let problem = parse_dlx(&self.text)
            .map_err(|error| ApiError::bad(error.to_string()))?
            .problem;
        Ok((problem, self.limit.unwrap_or(10).clamp(1, 1000)))
    }
}

/// `POST /api/cover/solve`: the solutions, each as its option lines and
/// its option indices, and the matrix.
pub async fn solve(State(searches): State<Searches>, Body(request): Body<CoverRequest>) -> Answer {
    let (problem, limit) = request.problem()?;
    searches
        .run(move |allowance| {
            let found = solve_up_to(&problem, limit, &allowance.budget());
            Ok(Json(answer(&problem, found)))
        })
        .await
}

/// `POST /api/cover/trace`: the search's events as the CLI's `--trace
/// json` writes them (a choice is an option's index), beside what
/// `solve` answers.
pub async fn trace(State(searches): State<Searches>, Body(request): Body<CoverRequest>) -> Answer {
    let (problem, limit) = request.problem()?;
    let asked = request.choices;
    searches
        .run(move |allowance| {
            let mut log = EventLog::with_choice_limit(trace_budget(asked, allowance.trace_limit()));
            let found = solve_up_to_traced(&problem, limit, &allowance.budget(), &mut log);
            let mut trace = trace_events(&log, &CoverVocabulary(&problem))?;
            if let (Value::Object(trace), Value::Object(answer)) =
                (&mut trace, answer(&problem, found))
            {
                trace.extend(answer);
            }
            Ok(Json(trace))
        })
        .await
}

/// What a search of `problem` `found` answers: each solution's option
/// lines and indices (in increasing order), the counters, why it stopped
/// early if it did, and the matrix.
fn answer(problem: &Problem, (found, report): (Vec<Vec<usize>>, CoverReport)) -> Value {
    let solutions: Vec<Vec<String>> = found
        .iter()
        .map(|options| {
            let texts = options.iter().map(|&option| problem.option_text(option));
            texts.collect()
        })
        .collect();
    json!({
        "solutions": solutions,
        "chosen": found,
        "stats": {
            "nodes": report.stats.nodes,
            "updates": report.stats.updates,
            "guesses": report.stats.guesses,
            "backtracks": report.stats.backtracks,
            "solutions": report.stats.solutions,
        },
        "stopped": stopped(report.stopped),
        "problem": matrix(problem),
    })
}

/// `problem` as the page draws it: the items (primary first) and each
/// primary item's bounds on how many options cover it, and each option's
/// items (by index), the color it gives each (`null` for none) and its
/// line.
fn matrix(problem: &Problem) -> Value {
    let bounds: Vec<(u32, u32)> = (0..problem.primary_count())
        .map(|item| problem.bounds(item))
        .collect();
    let options: Vec<Value> = problem
        .options()
        .enumerate()
        .map(|(option, items)| {
            let colors: Vec<Option<&str>> = problem
                .option_colors(option)
                .map(|color| (color != 0).then(|| problem.color_name(color)))
                .collect();
            json!({ "items": items, "colors": colors, "text": problem.option_text(option) })
        })
        .collect();
    json!({
        "items": problem.items(),
        "primary": problem.primary_count(),
        "bounds": bounds,
        "options": options,
    })
}
