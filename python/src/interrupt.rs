//! Long calls run off the interpreter lock and stop on Ctrl-C.
//!
//! [`interruptible`] runs the work on a scoped thread with the lock
//! released, while the calling thread wakes every few milliseconds to let
//! Python handle its signals; a `KeyboardInterrupt` raises the cancel flag
//! every search polls, waits for the work to stop (within one poll interval
//! of nodes) and is raised to the caller. Invariant: the work never touches
//! a Python object, so it needs no lock.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// How often the waiting thread looks at Python's signals.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// Runs `work` with the lock released, handing it the cancel flag that a
/// Ctrl-C raises.
pub fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(Arc<AtomicBool>) -> T + Send,
{
    let cancel = Arc::new(AtomicBool::new(false));
    std::thread::scope(|scope| {
        let (done, mut finished) = mpsc::sync_channel(1);
        let flag = Arc::clone(&cancel);
        scope.spawn(move || {
            // The receiver outlives the scope's threads, so this cannot fail.
            let _ = done.send(work(flag));
        });
        loop {
            // The receiver goes into the lock-free closure and back (it may
            // move between threads, but not be shared by them).
            let (receiver, received) = py.detach(move || {
                let received = finished.recv_timeout(SIGNAL_POLL);
                (finished, received)
            });
            finished = receiver;
            match received {
                Ok(value) => return Ok(value),
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The work panicked; the scope re-raises the panic.
                    return Err(pyo3::exceptions::PyRuntimeError::new_err(
                        "the search stopped without an answer",
                    ));
                }
            }
            if let Err(signal) = py.check_signals() {
                cancel.store(true, Ordering::Relaxed);
                // Wait for the search to see the flag; its answer is dropped.
                let _ = py.detach(move || finished.recv());
                return Err(signal);
            }
        }
    })
}
