//! The thread pools of the calls that ask for `threads` threads: one pool
//! per thread count, started on first use and kept, so that a call pays
//! for no thread start-up (a batch of easy puzzles takes a few
//! milliseconds).

use crate::errors::input_error;
use pyo3::PyResult;
use rayon::ThreadPool;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

/// The pools started so far, by thread count.
static POOLS: Mutex<BTreeMap<usize, Arc<ThreadPool>>> = Mutex::new(BTreeMap::new());

/// A pool of `threads` threads, refusing 0.
pub fn thread_pool(threads: usize) -> PyResult<Arc<ThreadPool>> {
    if threads == 0 {
        return Err(input_error("threads must be at least 1"));
    }
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(pool) = pools.get(&threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| input_error(format!("cannot start {threads} threads: {error}")))?;
    let pool = Arc::new(pool);
    pools.insert(threads, Arc::clone(&pool));
    Ok(pool)
}
