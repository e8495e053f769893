//! `gridsolve-queens` alone: count within a budget, list, trace and draw.

use gridsolve_queens::{
    count_board, render, traced_search, BlockedBoard, Budget, Event, EventLog, QueensVocabulary,
    Solutions, StopReason, TraceFormat,
};
use std::ops::ControlFlow;

#[test]
fn count_list_and_trace_with_this_crate_alone() {
    let board = BlockedBoard::free(8).unwrap();
    let report = count_board(&board, &Budget::default(), |_| {});
    assert_eq!(report.stopped, None);
    let listed = Solutions::with_budget(&board, Budget::default()).count() as u64;
    assert_eq!(listed, report.counts.total);

    let stopped = count_board(&board, &Budget::default().with_max_nodes(1), |_| {});
    assert!(stopped.stopped.is_some());

    let mut log = EventLog::default();
    let found = traced_search(&board, 1, &Budget::default(), &mut log, |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(found.stopped, Some(StopReason::SolutionLimit));
    assert!(log
        .events
        .iter()
        .any(|event| matches!(event, Event::Solution { .. })));
    let mut tree = Vec::new();
    render(TraceFormat::Mermaid, &log, &QueensVocabulary, &mut tree).unwrap();
    assert!(String::from_utf8(tree).unwrap().starts_with("graph TD"));
}
