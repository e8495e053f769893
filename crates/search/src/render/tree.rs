//! The search tree a recorded trace describes.
//!
//! Each node is a state of the search: the root, then one node per
//! [`Event::Choose`], a child of the node the choice was made in.
//! Inferences ([`Event::Propagate`]) belong to the node they were made in.
//! Invariant while building: `path` holds the nodes from the root to the
//! current state, so `path[d]` is the node at depth `d`.

use crate::{Event, EventLog};

/// What became of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// The search went on below it.
    Search,
    /// It cannot be completed.
    DeadEnd,
    /// It is a solution.
    Solution,
    /// The search (or the trace) stopped before it was settled.
    Unfinished,
}

impl Fate {
    /// The word the renderers print.
    pub fn word(self) -> &'static str {
        match self {
            Fate::Search => "search",
            Fate::DeadEnd => "dead end",
            Fate::Solution => "solution",
            Fate::Unfinished => "not finished",
        }
    }
}

/// One state of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode<C> {
    /// The node it was reached from (`None` for the root).
    pub parent: Option<usize>,
    /// The choice that led here (`None` for the root).
    pub choice: Option<C>,
    /// What was inferred here without guessing, in order.
    pub inferred: Vec<C>,
    /// What became of it.
    pub fate: Fate,
}

/// The tree of a recorded search; node 0 is the root and every node comes
/// after its parent.
///
/// ```
/// use gridsolve_search::{EventLog, Fate, SearchTree, Tracer};
///
/// let mut log = EventLog::default();
/// log.choose(0, &1, 2);
/// log.dead_end(1);
/// log.undo(0, &1);
/// log.choose(0, &2, 2);
/// log.solution(1);
/// let tree = SearchTree::from_log(&log);
/// assert_eq!(tree.nodes.len(), 3);
/// assert_eq!(tree.nodes[1].fate, Fate::DeadEnd);
/// assert_eq!(tree.solutions(), vec![vec![2]]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchTree<C> {
    /// The nodes, root first, each after its parent.
    pub nodes: Vec<TreeNode<C>>,
    /// Events the trace left out (it stopped at its limit).
    pub left_out: u64,
}

impl<C: Clone> SearchTree<C> {
    /// Builds the tree of `log`.
    pub fn from_log(log: &EventLog<C>) -> Self {
        let mut nodes = vec![TreeNode {
            parent: None,
            choice: None,
            inferred: Vec::new(),
            fate: Fate::Unfinished,
        }];
        let mut path = vec![0usize];
        let mut has_children = vec![false];
        for event in &log.events {
            match event {
                Event::Branch { .. } => {}
                Event::Choose { depth, choice, .. } => {
                    path.truncate(depth + 1);
                    let parent = *path.last().expect("the root stays on the path");
                    has_children[parent] = true;
                    nodes.push(TreeNode {
                        parent: Some(parent),
                        choice: Some(choice.clone()),
                        inferred: Vec::new(),
                        fate: Fate::Unfinished,
                    });
                    has_children.push(false);
                    path.push(nodes.len() - 1);
                }
                Event::Propagate { choice, .. } => {
                    let current = *path.last().expect("the root stays on the path");
                    nodes[current].inferred.push(choice.clone());
                }
                Event::DeadEnd { .. } => {
                    let current = *path.last().expect("the root stays on the path");
                    nodes[current].fate = Fate::DeadEnd;
                }
                Event::Solution { .. } => {
                    let current = *path.last().expect("the root stays on the path");
                    nodes[current].fate = Fate::Solution;
                }
                Event::Undo { depth, .. } => path.truncate(depth + 1),
            }
        }
        for (node, has_children) in nodes.iter_mut().zip(has_children) {
            if node.fate == Fate::Unfinished && has_children {
                node.fate = Fate::Search;
            }
        }
        SearchTree {
            nodes,
            left_out: log.left_out,
        }
    }

    /// The choices from the root to `node`, in order.
    pub fn path(&self, node: usize) -> Vec<C> {
        let mut path = Vec::new();
        let mut at = Some(node);
        while let Some(index) = at {
            path.extend(self.nodes[index].choice.clone());
            at = self.nodes[index].parent;
        }
        path.reverse();
        path
    }

    /// Everything placed on the way to `node`, guessed or inferred, in the
    /// order the search placed it.
    pub fn assignment(&self, node: usize) -> Vec<C> {
        let mut chain = Vec::new();
        let mut at = Some(node);
        while let Some(index) = at {
            chain.push(index);
            at = self.nodes[index].parent;
        }
        chain
            .into_iter()
            .rev()
            .flat_map(|index| {
                let node = &self.nodes[index];
                node.choice.iter().chain(&node.inferred).cloned()
            })
            .collect()
    }

    /// The assignment of every solution node, in the order found.
    pub fn solutions(&self) -> Vec<Vec<C>> {
        (0..self.nodes.len())
            .filter(|&node| self.nodes[node].fate == Fate::Solution)
            .map(|node| self.assignment(node))
            .collect()
    }
}
