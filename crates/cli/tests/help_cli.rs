//! `gridsolve completions SHELL` and `gridsolve man`, generated from the
//! argument definitions: every shell's script names the verbs, bash's
//! parses, and the manual page names every domain.

mod common;

use common::run;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn completion_scripts_name_the_verbs_and_bash_parses_its_own() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, script, err) = run(&["completions", shell], "");
        assert_eq!(code, 0, "{shell}: {err}");
        for verb in ["sudoku", "queens", "cover", "serve", "rate"] {
            assert!(script.contains(verb), "{shell}: no {verb}");
        }
    }
    let (_, script, _) = run(&["completions", "bash"], "");
    let mut bash = Command::new("bash")
        .arg("-n")
        .stdin(Stdio::piped())
        .spawn()
        .unwrap();
    bash.stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    assert!(bash.wait().unwrap().success(), "bash -n refuses the script");
}

#[test]
fn the_manual_page_is_roff_naming_every_domain() {
    let (code, page, err) = run(&["man"], "");
    assert_eq!(code, 0, "{err}");
    assert!(page.contains(".TH gridsolve 1"), "{}", &page[..200]);
    for domain in ["sudoku", "queens", "cover", "serve", "completions"] {
        assert!(page.contains(domain), "no {domain}");
    }
}
