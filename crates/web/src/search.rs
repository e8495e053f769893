//! Running one request's search: off the async runtime, under the
//! server's budget, holding one of a fixed set of search slots (waiting a
//! moment for one, never long), and cancelled when the request is
//! dropped.

use crate::api::ApiError;
use crate::Settings;
use gridsolve_search::Budget;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The search slots and the budget of each search.
#[derive(Clone)]
pub struct Searches {
    slots: Arc<Semaphore>,
    settings: Settings,
}

/// What one search may spend: the server's node budget and deadline, and
/// a flag raised when its request goes away.
pub struct Allowance {
    settings: Settings,
    cancel: Arc<AtomicBool>,
}

impl Allowance {
    /// The search budget of this allowance; the deadline starts now.
    pub fn budget(&self) -> Budget {
        Budget::default()
            .with_max_nodes(self.settings.max_nodes)
            .with_timeout(self.settings.deadline)
            .with_cancel(Arc::clone(&self.cancel))
    }

    /// The most choices a trace may record.
    pub fn trace_limit(&self) -> u64 {
        self.settings.trace_limit
    }
}

/// Raises the cancel flag when dropped: when the handler's future is
/// dropped because the client went away, its search stops.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Searches {
    pub fn new(settings: Settings) -> Self {
        Searches {
            slots: Arc::new(Semaphore::new(settings.searches)),
            settings,
        }
    }

    /// Runs `work` on the blocking pool with an allowance, once a search slot
    /// is free (503 if none frees within the settings' queue wait).
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Allowance) -> Result<T, ApiError> + Send + 'static,
    {
        let waiting = Arc::clone(&self.slots).acquire_owned();
        // Timed out, or (never: it is not closed) the semaphore closed.
        let Ok(Ok(slot)) = tokio::time::timeout(self.settings.queue_wait, waiting).await else {
            return Err(ApiError::busy());
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(Arc::clone(&cancel));
        let allowance = Allowance {
            settings: self.settings,
            cancel,
        };
        tokio::task::spawn_blocking(move || {
            // The slot is held until the search has stopped, even when its
            // request is gone.
            let _slot = slot;
            work(&allowance)
        })
        .await
        .map_err(|_| ApiError::internal("the search failed"))?
    }
}
