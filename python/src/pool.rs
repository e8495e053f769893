//! The thread pool of a call that asks for `threads` threads.

use crate::errors::input_error;
use pyo3::PyResult;

/// A pool of `threads` threads, refusing 0.
pub fn thread_pool(threads: usize) -> PyResult<rayon::ThreadPool> {
    if threads == 0 {
        return Err(input_error("threads must be at least 1"));
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| input_error(format!("cannot start {threads} threads: {error}")))
}
