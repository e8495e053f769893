//! `/api/cover/solve`: a small exact-cover problem in Knuth's DLX text,
//! solved by dancing links.

use super::{stopped, Answer, ApiError, Body};
use crate::search::Searches;
use axum::extract::State;
use axum::Json;
use gridsolve_cover::parse_dlx;
use serde::Deserialize;
use serde_json::json;

/// A problem in DLX text.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoverRequest {
    /// The items line, then one option a line (docs/FORMATS.md).
    text: String,
    /// Solutions to find (default 10, at most 1,000).
    #[serde(default)]
    limit: Option<u64>,
}

/// `POST /api/cover/solve`: the solutions, each as its option lines.
pub async fn solve(State(searches): State<Searches>, Body(request): Body<CoverRequest>) -> Answer {
    let problem = parse_dlx(&request.text)
        .map_err(|error| ApiError::bad(error.to_string()))?
        .problem;
    let limit = request.limit.unwrap_or(10).clamp(1, 1000);
    searches
        .run(move |allowance| {
            let (found, report) =
                gridsolve_cover::solve_up_to(&problem, limit, &allowance.budget());
            let solutions: Vec<Vec<String>> = found
                .iter()
                .map(|options| {
                    options
                        .iter()
                        .map(|&option| problem.option_text(option))
                        .collect()
                })
                .collect();
            Ok(Json(json!({
                "solutions": solutions,
                "stats": {
                    "nodes": report.stats.nodes,
                    "updates": report.stats.updates,
                    "guesses": report.stats.guesses,
                    "backtracks": report.stats.backtracks,
                    "solutions": report.stats.solutions,
                },
                "stopped": stopped(report.stopped),
            })))
        })
        .await
}
