//! `gridsolve-cover` alone: parse, count, solve up to a number, bound and
//! trace.

use gridsolve_cover::{
    count, count_up_to, parse_dlx, queens, render, solve_up_to, Budget, CoverVocabulary, Dlx,
    EventLog, StopReason, TraceFormat,
};
use std::ops::ControlFlow;

#[test]
fn count_solve_and_trace_with_this_crate_alone() {
    let text = parse_dlx("a b c\na b\nc\na\nb c\n").unwrap();
    let all = count(&text.problem, &Budget::default());
    assert_eq!(all.stopped, None);
    let capped = count_up_to(&text.problem, 1, &Budget::default());
    assert_eq!(capped.stopped, Some(StopReason::SolutionLimit));
    let (solutions, _) = solve_up_to(&text.problem, u64::MAX, &Budget::default());
    assert_eq!(solutions.len() as u64, all.stats.solutions);

    let stopped = count(&queens(20), &Budget::default().with_max_nodes(100));
    assert_eq!(stopped.stopped, Some(StopReason::NodeLimit));

    let mut log = EventLog::default();
    Dlx::new(&text.problem).search(&Budget::default(), &mut log, |_| ControlFlow::Continue(()));
    let mut dot = Vec::new();
    render(
        TraceFormat::Dot,
        &log,
        &CoverVocabulary(&text.problem),
        &mut dot,
    )
    .unwrap();
    assert!(!dot.is_empty());
}
