//! `gridsolve serve`: a web page where a learner pastes a puzzle and
//! watches the search, and the JSON API it runs on (docs/API.md).
//!
//! - [`app`]: the router: the page's files (embedded in the binary, so one
//!   binary serves everything offline) and the API routes of `api`;
//! - [`run`]: the server on an address, until its stop flag is raised
//!   (the binary raises it on Ctrl-C): in-flight requests are answered,
//!   then it returns.
//!
//! Invariant: no search runs on the async runtime's threads. Each runs on
//! the blocking pool under the budget of [`Settings`] (nodes, deadline),
//! at most [`Settings::searches`] at a time (a request beyond them waits
//! [`Settings::queue_wait`] at most for a slot, then is answered 503 with
//! `Retry-After`), and stops as soon as its request is dropped (the client
//! went away).
//!
//! ```
//! let app = gridsolve_web::app(gridsolve_web::Settings::default());
//! # let _ = app;
//! ```

mod api;
mod assets;
mod search;

use axum::http::StatusCode;
use axum::Router;
use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tower_http::timeout::TimeoutLayer;

/// How often [`run`] looks at its stop flag.
const STOP_POLL: Duration = Duration::from_millis(100);

/// What the server allows one request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Nodes a search may visit.
    pub max_nodes: u64,
    /// Time a search may take.
    pub deadline: Duration,
    /// Searches that may run at once.
    pub searches: usize,
    /// How long a search waits for a slot before it is answered 503.
    pub queue_wait: Duration,
    /// Bytes a request body may hold; more are answered 413.
    pub body_limit: usize,
    /// Choices a trace may record (a longer search is truncated, as the
    /// CLI's `--trace-limit` truncates it).
    pub trace_limit: u64,
    /// Time a request may take from its arrival to its answer, reading
    /// its body included; a slower one (a client that stalls) is answered
    /// 408 and its search, if any, stopped.
    pub request_timeout: Duration,
}

impl Default for Settings {
    /// Budgets that keep a shared server responsive: 5 million nodes or 2 s
    /// a search, four searches a core (waiting 250 ms at most for a slot),
    /// 64 KiB a request, 5,000 traced choices, 10 s a request.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Settings {
            max_nodes: 5_000_000,
            deadline: Duration::from_secs(2),
            searches: 4 * cores,
            queue_wait: Duration::from_millis(250),
            body_limit: 64 * 1024,
            trace_limit: 5_000,
            request_timeout: Duration::from_secs(10),
        }
    }
}

/// The router: the page at `/`, its files under `/assets/`, the API
/// under `/api/`.
pub fn app(settings: Settings) -> Router {
    assets::routes()
        .merge(api::routes(settings))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            settings.request_timeout,
        ))
}

/// Serves [`app`] on `addr` until `stop` is raised, calling `ready` with
/// the bound address (port 0 picks a free one) once it accepts
/// connections.
pub fn run(
    addr: SocketAddr,
    settings: Settings,
    stop: Arc<AtomicBool>,
    ready: impl FnOnce(SocketAddr),
) -> io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        axum::serve(listener, app(settings))
            .with_graceful_shutdown(async move {
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep(STOP_POLL).await;
                }
            })
            .await
    })
}
