//! The renderers on a toy search whose tree is known by construction:
//! binary strings of length 3 with no two 1s in a row.

use gridsolve_search::{
    read_json_events, render, Event, EventLog, Fate, SearchTree, TraceFormat, Tracer, Vocabulary,
};

/// A choice: bit `value` at position `slot`.
type Bit = (usize, u8);

struct Bits;

impl Vocabulary<Bit> for Bits {
    fn slot(&self, slot: usize) -> String {
        format!("b{slot}")
    }
    fn slot_of(&self, bit: &Bit) -> usize {
        bit.0
    }
    fn value(&self, bit: &Bit) -> String {
        bit.1.to_string()
    }
}

/// The textbook search over the strings, reporting to `tracer`; a string
/// ending in `1` may not take another `1`.
fn search(prefix: &mut Vec<u8>, len: usize, tracer: &mut impl Tracer<Bit>) {
    let depth = prefix.len();
    if depth == len {
        tracer.solution(depth);
        return;
    }
    let options: Vec<Bit> = [0u8, 1]
        .into_iter()
        .filter(|&bit| bit == 0 || prefix.last() != Some(&1))
        .map(|bit| (depth, bit))
        .collect();
    tracer.branch(depth, depth, &options);
    for option in &options {
        tracer.choose(depth, option, options.len() as u32);
        prefix.push(option.1);
        search(prefix, len, tracer);
        prefix.pop();
        tracer.undo(depth, option);
    }
}

fn traced(limit: Option<u64>) -> EventLog<Bit> {
    let mut log = limit.map_or_else(EventLog::default, EventLog::with_choice_limit);
    search(&mut Vec::new(), 3, &mut log);
    log
}

fn rendered(format: TraceFormat, log: &EventLog<Bit>) -> String {
    let mut out = Vec::new();
    render(format, log, &Bits, &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_tree_has_one_node_per_partial_string() {
    let tree = SearchTree::from_log(&traced(None));
    // Strings of length 0..=3 without "11": 1 + 2 + 3 + 5.
    assert_eq!(tree.nodes.len(), 11);
    let solutions: Vec<Vec<u8>> = tree
        .solutions()
        .into_iter()
        .map(|bits| bits.into_iter().map(|(_, bit)| bit).collect())
        .collect();
    assert_eq!(
        solutions,
        [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 0, 1]].map(Vec::from)
    );
    for (index, node) in tree.nodes.iter().enumerate() {
        let depth = tree.path(index).len();
        let expected = if depth == 3 {
            Fate::Solution
        } else {
            Fate::Search
        };
        assert_eq!(node.fate, expected, "node {index}");
    }
}

#[test]
fn json_lines_replay_to_the_same_log_and_tree() {
    for limit in [None, Some(4)] {
        let log = traced(limit);
        let text = rendered(TraceFormat::Json, &log);
        let replayed = read_json_events::<Bit>(text.as_bytes()).unwrap();
        assert_eq!(replayed.events, log.events);
        assert_eq!(replayed.left_out, log.left_out);
        assert_eq!(SearchTree::from_log(&replayed), SearchTree::from_log(&log));
    }
}

#[test]
fn a_bad_json_line_is_named() {
    let text = "{\"event\":\"solution\",\"depth\":0}\n{\"event\":\"jump\"}\n";
    let error = read_json_events::<Bit>(text.as_bytes()).unwrap_err();
    assert_eq!(error.line, 2);
    assert!(error.message.contains("jump"), "{error}");
}

#[test]
fn the_limit_keeps_a_prefix_and_every_format_says_so() {
    let full = traced(None);
    let short = traced(Some(4));
    assert!(short.is_truncated());
    assert_eq!(short.events[..], full.events[..short.events.len()]);
    assert_eq!(
        short.events.len() as u64 + short.left_out,
        full.events.len() as u64
    );
    let chosen = short
        .events
        .iter()
        .filter(|event| matches!(event, Event::Choose { .. }))
        .count();
    assert_eq!(chosen, 4);
    for &format in TraceFormat::ALL {
        let text = rendered(format, &short);
        let last = text.lines().last().unwrap();
        assert!(
            last.contains(&format!("{} later events left out", short.left_out)),
            "{format}: {last}"
        );
        assert!(!rendered(format, &full).contains("left out"), "{format}");
    }
}

#[test]
fn mermaid_and_dot_draw_every_node_and_edge() {
    let log = traced(None);
    let mermaid = rendered(TraceFormat::Mermaid, &log);
    assert!(mermaid.starts_with("graph TD\n"));
    let nodes = mermaid.lines().filter(|line| line.contains("[\"")).count();
    let edges = mermaid.lines().filter(|line| line.contains("-->")).count();
    assert_eq!((nodes, edges), (11, 10));
    assert!(mermaid.contains("n0 -->|\"b0 = 0\"| n1"));
    let dot = rendered(TraceFormat::Dot, &log);
    assert!(dot.starts_with("digraph search {"));
    assert_eq!(dot.matches(" -> ").count(), 10);
    assert_eq!(dot.matches("[label=").count(), 21);
}

#[test]
fn the_table_lists_legal_values_and_actions() {
    let table = rendered(TraceFormat::Table, &traced(None));
    let rows: Vec<Vec<&str>> = table
        .lines()
        .map(|line| {
            line.split("  ")
                .map(str::trim)
                .filter(|cell| !cell.is_empty())
                .collect()
        })
        .collect();
    assert_eq!(rows[0], ["step", "depth", "slot", "legal", "action"]);
    assert_eq!(rows[1], ["1", "0", "b0", "0, 1", "place 0"]);
    // After 0, 1 the next bit can only be 0.
    let forced = rows
        .iter()
        .position(|row| row[1..] == ["2", "b2", "0", "place 0"])
        .unwrap();
    assert_eq!(rows[forced - 1][1..], ["1", "b1", "0, 1", "place 1"]);
    assert!(rows
        .iter()
        .any(|row| row[2..] == ["-", "-", "nothing left to decide: solution"]));
}
