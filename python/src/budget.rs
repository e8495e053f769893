//! The budget of a call (node cap, timeout, the Ctrl-C flag) built from
//! keyword arguments once, apart from how many solutions are wanted.

use crate::errors::input_error;
use gridsolve_search::Budget;
use pyo3::PyResult;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// A call's search budget as Python gave it.
#[derive(Clone, Copy, Debug, Default)]
pub struct CallBudget {
    /// Most nodes per search; `None` for no cap.
    pub max_nodes: Option<u64>,
    /// Seconds per search; `None` for no deadline.
    pub timeout: Option<f64>,
}

impl CallBudget {
    /// The budget, refusing a zero node cap and a timeout that is not a
    /// positive number of seconds.
    pub fn new(max_nodes: Option<u64>, timeout: Option<f64>) -> PyResult<Self> {
        if max_nodes == Some(0) {
            return Err(input_error("max_nodes must be at least 1"));
        }
        if let Some(secs) = timeout {
            if !(secs.is_finite() && secs > 0.0) {
                return Err(input_error(format!(
                    "timeout must be a positive number of seconds, got {secs}"
                )));
            }
        }
        Ok(CallBudget { max_nodes, timeout })
    }

    /// The search budget of one search starting now, stopped also by
    /// `cancel`.
    pub fn start(&self, cancel: &Arc<AtomicBool>) -> Budget {
        let mut budget = Budget::default().with_cancel(Arc::clone(cancel));
        if let Some(max) = self.max_nodes {
            budget = budget.with_max_nodes(max);
        }
        if let Some(secs) = self.timeout {
            budget = budget.with_timeout(Duration::from_secs_f64(secs));
        }
        budget
    }
}
