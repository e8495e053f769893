//! `/api/queens/…`: n queens on an n×n board, some squares blocked if
//! asked: the count (total and up to symmetry), the boards a page at a
//! time, one board for any n (by construction), and the search traced.

use super::{trace_budget, trace_events, Answer, ApiError, Body};
use crate::search::Searches;
use axum::extract::State;
use axum::Json;
use gridsolve_queens::{
    board_rows, construct, count_board, traced_search, BlockedBoard, QueensVocabulary, Solutions,
    MAX_N,
};
use gridsolve_search::EventLog;
use serde::Deserialize;
use serde_json::json;
use std::ops::ControlFlow;

/// A request about one board.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRequest {
    /// The side.
    n: usize,
    /// The board's rows, `.` free and `*` blocked (default: none blocked).
    #[serde(default)]
    blocked: Option<Vec<String>>,
    /// `list`: boards to skip.
    #[serde(default)]
    offset: Option<usize>,
    /// `list`: boards to answer (default 20, at most 100); `trace`:
    /// solutions to look for (default all).
    #[serde(default)]
    limit: Option<u64>,
    /// `trace`: choices to record (at most the server's trace limit).
    #[serde(default)]
    choices: Option<u64>,
}

impl BoardRequest {
    /// The board, every blocked square reserved.
    fn board(&self) -> Result<BlockedBoard, ApiError> {
        if !(1..=MAX_N).contains(&self.n) {
            return Err(ApiError::bad(format!(
                "n = {}: expected 1 to {MAX_N}",
                self.n
            )));
        }
        let board = match &self.blocked {
            None => BlockedBoard::free(self.n),
            Some(rows) => rows.join("\n").parse::<BlockedBoard>(),
        }
        .map_err(|error| ApiError::bad(error.to_string()))?;
        if board.n() != self.n {
            return Err(ApiError::bad(format!(
                "the blocked board is {0}×{0} but n = {1}",
                board.n(),
                self.n
            )));
        }
        Ok(board)
    }
}

/// `POST /api/queens/count`: the placements, in all and (on a board with
/// no blocked square) up to rotation and reflection.
pub async fn count(State(searches): State<Searches>, Body(request): Body<BoardRequest>) -> Answer {
    let board = request.board()?;
    searches
        .run(move |allowance| {
            let report = count_board(&board, &allowance.budget(), |_| {});
            Ok(Json(json!({
                "total": report.counts.total,
                "unique": report.counts.unique,
                "exact": report.stopped.is_none(),
                "units": report.units,
                "units_done": report.units_done,
                "nodes": report.nodes,
                "stopped": report.stopped.map(|reason| reason.to_string()),
            })))
        })
        .await
}

/// `POST /api/queens/list`: the boards from `offset`, `limit` of them,
/// in lexicographic order of the queens' columns.
pub async fn list(State(searches): State<Searches>, Body(request): Body<BoardRequest>) -> Answer {
    let board = request.board()?;
    let offset = request.offset.unwrap_or(0);
    let limit = request.limit.unwrap_or(20).clamp(1, 100) as usize;
    searches
        .run(move |allowance| {
            let mut solutions = Solutions::with_budget(&board, allowance.budget());
            let boards: Vec<Vec<String>> = solutions
                .by_ref()
                .skip(offset)
                .take(limit + 1)
                .map(|cols| board_rows(&cols))
                .collect();
            let more = boards.len() > limit;
            Ok(Json(json!({
                "offset": offset,
                "boards": &boards[..boards.len().min(limit)],
                "more": more,
                "stopped": solutions.stopped().map(|reason| reason.to_string()),
            })))
        })
        .await
}

/// `POST /api/queens/one`: one placement for any n (a construction, no
/// search), as the queens' columns by row and, up to n = 64, as rows.
pub async fn one(Body(request): Body<BoardRequest>) -> Answer {
    let n = u32::try_from(request.n).map_err(|_| ApiError::bad("n is too large"))?;
    if n == 0 || n > 10_000_000 {
        return Err(ApiError::bad(format!("n = {n}: expected 1 to 10,000,000")));
    }
    match construct(n) {
        None => Ok(Json(json!({ "n": n, "cols": null, "rows": null }))),
        Some(cols) => {
            let rows = (n <= 64).then(|| board_rows(&cols));
            Ok(Json(json!({ "n": n, "cols": cols, "rows": rows })))
        }
    }
}

/// `POST /api/queens/trace`: the row-by-row search's events as the CLI's
/// `--trace json` writes them, and the solutions found.
pub async fn trace(State(searches): State<Searches>, Body(request): Body<BoardRequest>) -> Answer {
    let board = request.board()?;
    let solutions = request.limit.unwrap_or(u64::MAX).max(1);
    let asked = request.choices;
    searches
        .run(move |allowance| {
            let mut log = EventLog::with_choice_limit(trace_budget(asked, allowance.trace_limit()));
            let mut boards = Vec::new();
            let found = traced_search(&board, solutions, &allowance.budget(), &mut log, |cols| {
                if boards.len() < 100 {
                    boards.push(board_rows(cols));
                }
                ControlFlow::Continue(())
            });
            let mut trace = trace_events(&log, &QueensVocabulary)?;
            trace["solutions"] = json!(found.total);
            trace["boards"] = json!(boards);
            trace["nodes"] = json!(found.nodes);
            trace["stopped"] = json!(found.stopped.map(|reason| reason.to_string()));
            Ok(Json(trace))
        })
        .await
}
