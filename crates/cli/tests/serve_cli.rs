//! `gridsolve serve`: it says where it listens, answers the API (the
//! issue's `curl` example, sent by hand), and stops cleanly on Ctrl-C.

use assert_cmd::cargo::CommandCargoExt;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

const LEETCODE_37: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

#[test]
fn serve_answers_the_api_and_stops_on_ctrl_c() {
    let mut server = Command::cargo_bin("gridsolve")
        .unwrap()
        .args(["serve", "--addr", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_string();

    let body = format!("{{\"puzzle\":\"{LEETCODE_37}\"}}");
    let mut stream = TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "POST /api/sudoku/solve HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let json: serde_json::Value =
        serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    let solution: gridsolve_sudoku::Grid = json["solution"].as_str().unwrap().parse().unwrap();
    assert!(gridsolve_sudoku::verify_solution(&LEETCODE_37.parse().unwrap(), &solution).is_ok());
    assert!(json["stats"]["nodes"].as_u64().is_some());

    let interrupted = Command::new("kill")
        .args(["-INT", &server.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = server.wait().unwrap();
    assert!(status.success(), "{status}");
}
