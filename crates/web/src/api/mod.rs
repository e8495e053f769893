//! The JSON API (docs/API.md): `POST /api/{sudoku,queens,cover}/…`, a
//! JSON object in and out. A request that cannot be read gets a 4xx with
//! `{"error": message}`, the message located as the CLI locates it; a
//! search that runs out of budget answers 200 with `stopped` saying why.

mod cover;
mod queens;
mod sudoku;

use crate::search::Searches;
use crate::Settings;
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use gridsolve_search::{render, EventLog, Stats, StopReason, TraceFormat, Vocabulary};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

/// The API routes, sharing the search slots of `settings`.
pub fn routes(settings: Settings) -> Router {
    Router::new()
        .route("/api/sudoku/solve", post(sudoku::solve))
        .route("/api/sudoku/check", post(sudoku::check))
        .route("/api/sudoku/count", post(sudoku::count))
        .route("/api/sudoku/trace", post(sudoku::trace))
        .route("/api/sudoku/hint", post(sudoku::hint))
        .route("/api/sudoku/explain", post(sudoku::explain))
        .route("/api/sudoku/rate", post(sudoku::rate))
        .route("/api/sudoku/generate", post(sudoku::generate))
        .route("/api/queens/count", post(queens::count))
        .route("/api/queens/list", post(queens::list))
        .route("/api/queens/one", post(queens::one))
        .route("/api/queens/trace", post(queens::trace))
        .route("/api/cover/solve", post(cover::solve))
        .route("/api/cover/trace", post(cover::trace))
        .layer(DefaultBodyLimit::max(settings.body_limit))
        .with_state(Searches::new(settings))
}

/// Why a request gets no answer: a status and a message.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    /// The request is not one the route can answer (400).
    pub fn bad(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// Every search slot is taken (503, try again in a second).
    pub fn busy() -> Self {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "every search slot is busy; try again in a second".to_string(),
        }
    }

    /// Something went wrong on the server's side (500).
    pub fn internal(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(json!({ "error": self.message }))).into_response();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// A JSON request body; one that cannot be read is answered with
/// [`ApiError`]'s body: 400 (not JSON, or not the fields the route
/// takes), 413 (too large) or 415 (not `application/json`).
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(rejected(rejection)),
        }
    }
}

fn rejected(rejection: JsonRejection) -> ApiError {
    let status = match rejection.status() {
        // A body of the wrong shape is as bad a request as one that is not JSON.
        StatusCode::UNPROCESSABLE_ENTITY => StatusCode::BAD_REQUEST,
        other => other,
    };
    ApiError {
        status,
        message: rejection.body_text(),
    }
}

/// The answer of a route: a JSON object, or why there is none.
pub type Answer = Result<Json<Value>, ApiError>;

/// A search's counters, as the CLI's `--stats` names them.
pub fn stats(stats: &Stats) -> Value {
    json!({
        "nodes": stats.nodes,
        "guesses": stats.guesses,
        "backtracks": stats.backtracks,
        "solutions": stats.solutions,
    })
}

/// Why a search stopped before it was done (finding the solutions asked
/// for is not stopping early): "node budget", "deadline", "cancelled".
pub fn stopped(reason: Option<StopReason>) -> Value {
    match reason {
        None | Some(StopReason::SolutionLimit) => Value::Null,
        Some(reason) => Value::String(reason.to_string()),
    }
}

/// The events of `log` as the CLI's `--trace json` writes them, with how
/// many were left out past the choice budget.
pub fn trace_events<C, V>(log: &EventLog<C>, vocabulary: &V) -> Result<Value, ApiError>
where
    C: Clone + Serialize,
    V: Vocabulary<C> + ?Sized,
{
    let mut lines = Vec::new();
    render(TraceFormat::Json, log, vocabulary, &mut lines)
        .map_err(|error| ApiError::internal(format!("cannot render the trace: {error}")))?;
    let mut events = lines
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.is_empty())
        .map(serde_json::from_slice)
        .collect::<Result<Vec<Value>, _>>()
        .map_err(|error| ApiError::internal(format!("cannot read the trace back: {error}")))?;
    // The renderer's note names the CLI's flag; a request raises `choices`.
    for event in events
        .iter_mut()
        .filter(|event| event["event"] == "truncated")
    {
        event["note"] = json!(format!(
            "trace stopped at its limit: {} later events left out (ask for more `choices`, up \
             to the server's trace limit, to see them)",
            log.left_out
        ));
    }
    Ok(json!({ "events": events, "left_out": log.left_out }))
}

/// The choice budget of a trace: what the request asks for, at most the
/// server's.
pub fn trace_budget(asked: Option<u64>, most: u64) -> u64 {
    asked.unwrap_or(most).clamp(1, most)
}
