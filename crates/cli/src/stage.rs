//! The second argument stage: what a command's parsed flags become before
//! any work starts, built once per command. [`RunBudget`] is the search
//! budget of `--max-nodes`, `--timeout` and Ctrl-C; [`worker_pool`] the
//! pool of `--threads`. Every verb gets both from here, so each flag means
//! the same everywhere and fails the same way.

use crate::args::{BudgetArgs, ThreadsArgs, TimeoutArgs};
use crate::failure::Failure;
use gridsolve_search::Budget;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// A command's search budget: the node budget and timeout its flags set,
/// and the run's cancel flag (raised by Ctrl-C).
///
/// It holds the timeout, not a deadline: [`RunBudget::start`] makes the
/// [`Budget`] of one search with its deadline counted from then, so a verb
/// that gives each record its own timeout starts one budget per record,
/// and a verb whose timeout bounds the whole run starts one at the
/// beginning.
#[derive(Clone, Debug)]
pub struct RunBudget {
    max_nodes: Option<u64>,
    timeout: Option<Duration>,
    cancel: Arc<AtomicBool>,
}

impl RunBudget {
    /// The budget of `--max-nodes` and `--timeout`.
    pub fn new(args: &BudgetArgs, cancel: &Arc<AtomicBool>) -> Self {
        RunBudget {
            max_nodes: args.max_nodes,
            ..RunBudget::timed(&args.time, cancel)
        }
    }

    /// The budget of `--timeout` alone.
    pub fn timed(args: &TimeoutArgs, cancel: &Arc<AtomicBool>) -> Self {
        RunBudget {
            timeout: args.timeout,
            ..RunBudget::cancel_only(cancel)
        }
    }

    /// No budget but Ctrl-C, for verbs without budget flags.
    pub fn cancel_only(cancel: &Arc<AtomicBool>) -> Self {
        RunBudget {
            max_nodes: None,
            timeout: None,
            cancel: Arc::clone(cancel),
        }
    }

    /// The run's cancel flag (raised by Ctrl-C).
    pub fn cancel(&self) -> &Arc<AtomicBool> {
        &self.cancel
    }

    /// The budget of one search starting now.
    pub fn start(&self) -> Budget {
        let mut budget = Budget::default().with_cancel(Arc::clone(&self.cancel));
        if let Some(max_nodes) = self.max_nodes {
            budget = budget.with_max_nodes(max_nodes);
        }
        if let Some(timeout) = self.timeout {
            budget = budget.with_timeout(timeout);
        }
        budget
    }
}

/// The worker pool of `--threads`: `threads` workers, or why the system
/// would not start them.
pub fn worker_pool(args: &ThreadsArgs) -> Result<rayon::ThreadPool, Failure> {
    worker_pool_of(args.threads)
}

/// A worker pool of `threads` workers, or why the system would not start
/// them.
pub fn worker_pool_of(threads: u16) -> Result<rayon::ThreadPool, Failure> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(usize::from(threads))
        .build()
        .map_err(|error| Failure::Message(format!("cannot start {threads} threads: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridsolve_search::StopReason;
    use std::sync::atomic::Ordering;

    #[test]
    fn each_start_counts_the_timeout_from_then() {
        let cancel = Arc::new(AtomicBool::new(false));
        let run = RunBudget::timed(
            &TimeoutArgs {
                timeout: Some(Duration::from_millis(200)),
            },
            &cancel,
        );
        let first = run.start();
        std::thread::sleep(Duration::from_millis(250));
        assert_eq!(first.poll(), Some(StopReason::Deadline));
        assert_eq!(run.start().poll(), None);
    }

    #[test]
    fn every_budget_sees_the_run_cancelled() {
        let cancel = Arc::new(AtomicBool::new(false));
        let run = RunBudget::new(
            &BudgetArgs {
                max_nodes: Some(7),
                time: TimeoutArgs { timeout: None },
            },
            &cancel,
        );
        let budget = run.start();
        assert_eq!(budget.max_nodes(), Some(7));
        cancel.store(true, Ordering::Relaxed);
        assert_eq!(budget.poll(), Some(StopReason::Cancelled));
        assert_eq!(
            RunBudget::cancel_only(&cancel).start().poll(),
            Some(StopReason::Cancelled)
        );
    }
}
