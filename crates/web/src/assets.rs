//! The page's files, embedded in the binary at build time: the page at
//! `/`, its style and ES modules under `/assets/`. No file is fetched
//! from elsewhere, so the page works offline.

use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// The page's files: name, content type, text.
const FILES: &[(&str, &str, &str)] = &[
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/app.js"),
    ),
    (
        "api.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/api.js"),
    ),
    (
        "sudoku.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/sudoku.js"),
    ),
    (
        "queens.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/queens.js"),
    ),
    (
        "cover.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/cover.js"),
    ),
    (
        "replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/replay.js"),
    ),
];

/// `GET /` and `GET /assets/{file}`.
pub fn routes() -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { Html(include_str!("../assets/index.html")) }),
        )
        .route("/assets/{file}", get(asset))
}

async fn asset(Path(file): Path<String>) -> Response {
    match FILES.iter().find(|(name, _, _)| *name == file) {
        Some((_, content_type, text)) => {
            ([(header::CONTENT_TYPE, *content_type)], *text).into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
