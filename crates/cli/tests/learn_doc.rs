//! `docs/LEARN.md` shows real output: every `console` block there is a
//! `$ gridsolve …` command (run from the repository root) followed by its
//! stdout, and this test runs each and compares. A `mermaid` block right
//! after a console block must repeat that block's output, so the picture
//! GitHub draws is the output shown.

mod common;

use common::gridsolve;
use std::path::Path;

/// A fenced block: its language and its lines.
struct Block {
    language: String,
    lines: Vec<String>,
}

fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for line in text.lines() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(language)) => {
                current = Some(Block {
                    language: language.trim().to_string(),
                    lines: Vec::new(),
                });
            }
            (Some(_), Some("")) => blocks.extend(current.take()),
            (Some(block), _) => block.lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    assert!(current.is_none(), "LEARN.md ends inside a fenced block");
    blocks
}

#[test]
fn learn_md_shows_what_its_commands_print() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("docs/LEARN.md")).unwrap();
    let blocks = blocks(&text);
    let mut checked = 0;
    let mut last_output: Option<Vec<String>> = None;
    for block in &blocks {
        match block.language.as_str() {
            "console" => {
                let command = block.lines[0]
                    .strip_prefix("$ gridsolve ")
                    .unwrap_or_else(|| {
                        panic!(
                            "a console block starts with `$ gridsolve`: {:?}",
                            block.lines[0]
                        )
                    });
                let args: Vec<&str> = command.split_whitespace().collect();
                let output = gridsolve().current_dir(&root).args(&args).output().unwrap();
                assert!(output.status.success(), "`gridsolve {command}` failed");
                let stdout = String::from_utf8(output.stdout).unwrap();
                let printed: Vec<String> = stdout
                    .lines()
                    .map(|line| line.trim_end().to_string())
                    .collect();
                let shown: Vec<String> = block.lines[1..]
                    .iter()
                    .map(|line| line.trim_end().to_string())
                    .collect();
                assert_eq!(
                    shown, printed,
                    "LEARN.md shows other output for `gridsolve {command}`"
                );
                last_output = Some(printed);
                checked += 1;
            }
            "mermaid" => {
                let output = last_output
                    .as_ref()
                    .expect("a mermaid block follows a console block");
                assert_eq!(
                    &block.lines, output,
                    "the mermaid picture is not the output above it"
                );
            }
            _ => last_output = None,
        }
    }
    assert!(checked >= 5, "only {checked} commands found in LEARN.md");
}
