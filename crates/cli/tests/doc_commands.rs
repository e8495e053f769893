//! The commands README.md and docs/FORMATS.md show run as typed: every
//! `$ …` line of a `console` block (joined with its `\` continuations) is
//! run by bash from the repository root, with the built `gridsolve` first
//! on the PATH and its stderr merged into stdout as a terminal shows them,
//! and must print the lines shown under it (a `...` line stands for any
//! lines).

use std::path::Path;
use std::process::Command;

/// The commands of `text`'s console blocks, each with the lines shown
/// under it.
fn commands(text: &str) -> Vec<(String, Vec<String>)> {
    let mut found: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_console = false;
    let mut continued = false;
    for line in text.lines() {
        match (in_console, line.strip_prefix("```")) {
            (false, Some("console")) => in_console = true,
            (true, Some(_)) => in_console = false,
            (true, None) => {
                if let Some(command) = line.strip_prefix("$ ") {
                    found.push((command.trim_end_matches('\\').to_string(), Vec::new()));
                    continued = command.ends_with('\\');
                } else if continued {
                    let last = found.last_mut().expect("a continuation follows a command");
                    last.0.push_str(line.trim_end_matches('\\'));
                    continued = line.ends_with('\\');
                } else {
                    let last = found.last_mut().expect("output follows a command");
                    last.1.push(line.trim_end().to_string());
                }
            }
            _ => {}
        }
    }
    found
}

/// Whether `printed` is what `shown` shows, `...` standing for any lines.
fn matches(shown: &[String], printed: &[String]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=printed.len()).any(|skip| matches(rest, &printed[skip..]))
        }
        Some((first, rest)) => printed.first() == Some(first) && matches(rest, &printed[1..]),
    }
}

fn check(doc: &str, least: usize) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(doc)).unwrap();
    let binary = assert_cmd::cargo::cargo_bin("gridsolve");
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let found = commands(&text);
    assert!(found.len() >= least, "{doc}: only {} commands", found.len());
    for (command, shown) in found {
        let output = Command::new("bash")
            .arg("-c")
            .arg(format!("set -o pipefail; {{ {command} ; }} 2>&1"))
            .current_dir(&root)
            .env("PATH", &path)
            .output()
            .unwrap();
        let printed: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .lines()
            .map(|line| line.trim_end().to_string())
            .collect();
        assert!(
            matches(&shown, &printed),
            "{doc}: `{command}` shows\n{}\nbut prints\n{}",
            shown.join("\n"),
            printed.join("\n")
        );
    }
}

#[test]
fn the_readme_commands_print_what_it_shows() {
    check("README.md", 5);
}

#[test]
fn the_formats_doc_commands_print_what_it_shows() {
    check("docs/FORMATS.md", 1);
}
