//! The traced search against the textbook's 4-Queens tree, against the
//! untraced engine (the same solutions, in the same order) and against
//! the counts.

use gridsolve_queens::{
    count_board, traced_search, BlockedBoard, Queen, QueensVocabulary, Solutions,
};
use gridsolve_search::{
    read_json_events, render, Budget, EventLog, Fate, NoTrace, SearchTree, TraceFormat, Vocabulary,
};
use std::ops::ControlFlow;

fn trace(board: &BlockedBoard) -> (EventLog<Queen>, Vec<Vec<u32>>) {
    let mut log = EventLog::default();
    let mut found = Vec::new();
    traced_search(board, u64::MAX, &Budget::default(), &mut log, |cols| {
        found.push(cols.to_vec());
        ControlFlow::Continue(())
    });
    (log, found)
}

#[test]
fn four_queens_is_the_textbook_tree() {
    let (log, _) = trace(&BlockedBoard::free(4).unwrap());
    let tree = SearchTree::from_log(&log);
    let labelled: Vec<(String, Fate)> = (0..tree.nodes.len())
        .map(|node| {
            let path = tree.path(node);
            (QueensVocabulary.node(&path), tree.nodes[node].fate)
        })
        .collect();
    use Fate::{DeadEnd, Search, Solution};
    let textbook = [
        ("[]", Search),
        ("[0]", Search),
        ("[0,2]", DeadEnd),
        ("[0,3]", Search),
        ("[0,3,1]", DeadEnd),
        ("[1]", Search),
        ("[1,3]", Search),
        ("[1,3,0]", Search),
        ("[1,3,0,2]", Solution),
        ("[2]", Search),
        ("[2,0]", Search),
        ("[2,0,3]", Search),
        ("[2,0,3,1]", Solution),
        ("[3]", Search),
        ("[3,0]", Search),
        ("[3,0,2]", DeadEnd),
        ("[3,1]", DeadEnd),
    ];
    let expected: Vec<(String, Fate)> = textbook
        .iter()
        .map(|&(label, fate)| (label.to_string(), fate))
        .collect();
    assert_eq!(labelled, expected);
}

#[test]
fn four_queens_mermaid_has_17_nodes_and_2_solution_leaves() {
    let (log, _) = trace(&BlockedBoard::free(4).unwrap());
    let mut out = Vec::new();
    render(TraceFormat::Mermaid, &log, &QueensVocabulary, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let nodes: Vec<&str> = text
        .lines()
        .filter(|line| line.trim_start().starts_with('n') && line.contains("[\""))
        .collect();
    assert_eq!(nodes.len(), 17);
    let solution_class = text
        .lines()
        .find_map(|line| {
            line.trim()
                .strip_prefix("class ")?
                .strip_suffix(" solution")
        })
        .unwrap();
    let leaves: Vec<&str> = solution_class.split(',').collect();
    assert_eq!(leaves.len(), 2);
    // Each is a leaf: no edge leaves it.
    for leaf in leaves {
        assert!(
            !text.contains(&format!("{leaf} -->")),
            "{leaf} has children"
        );
    }
    assert_eq!(text.matches("-->").count(), 16);
}

#[test]
fn json_replay_rebuilds_the_tree_and_the_solutions() {
    for n in 1..=7 {
        let board = BlockedBoard::free(n).unwrap();
        let (log, found) = trace(&board);
        let mut out = Vec::new();
        render(TraceFormat::Json, &log, &QueensVocabulary, &mut out).unwrap();
        let replayed = read_json_events::<Queen>(&out[..]).unwrap();
        let tree = SearchTree::from_log(&replayed);
        assert_eq!(tree, SearchTree::from_log(&log), "n = {n}");
        let replayed_solutions: Vec<Vec<u32>> = tree
            .solutions()
            .into_iter()
            .map(|queens| queens.iter().map(|queen| queen.col as u32).collect())
            .collect();
        assert_eq!(replayed_solutions, found, "n = {n}");
    }
}

#[test]
fn tracing_changes_nothing_the_search_finds() {
    let boards = [
        BlockedBoard::free(8).unwrap(),
        "..*.....\n........\n..*.....\n....*...\n........\n.*......\n......*.\n........\n"
            .parse::<BlockedBoard>()
            .unwrap(),
    ];
    for board in &boards {
        let (log, found) = trace(board);
        let listed: Vec<Vec<u32>> = Solutions::new(board).collect();
        assert_eq!(found, listed);
        let untraced = traced_search(board, u64::MAX, &Budget::default(), &mut NoTrace, |_| {
            ControlFlow::Continue(())
        });
        let tree = SearchTree::from_log(&log);
        // One node per placement tried, plus the root.
        assert_eq!(tree.nodes.len() as u64, untraced.nodes + 1);
        assert_eq!(untraced.total, listed.len() as u64);
    }
}

#[test]
fn traced_counts_agree_with_the_counter() {
    for n in 1..=9 {
        let board = BlockedBoard::free(n).unwrap();
        let traced = traced_search(&board, u64::MAX, &Budget::default(), &mut NoTrace, |_| {
            ControlFlow::Continue(())
        });
        let counted = count_board(&board, &Budget::default(), |_| {}).counts;
        assert_eq!(traced.total, counted.total, "n = {n}");
        assert_eq!(traced.unique, counted.unique, "n = {n}");
    }
}

#[test]
fn the_solution_limit_and_the_callback_stop_the_search() {
    let board = BlockedBoard::free(8).unwrap();
    let limited = traced_search(&board, 3, &Budget::default(), &mut NoTrace, |_| {
        ControlFlow::Continue(())
    });
    assert_eq!(limited.total, 3);
    assert!(limited.stopped.is_some());
    let mut seen = 0;
    let first = traced_search(&board, 100, &Budget::default(), &mut NoTrace, |_| {
        seen += 1;
        ControlFlow::Break(())
    });
    assert_eq!((first.total, seen), (1, 1));
}
