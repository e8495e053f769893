//! Every input form reads back what every output form writes, and forms are
//! detected record by record.

mod common;

use common::*;
use gridsolve_sudoku::*;

#[test]
fn every_output_form_reads_back_as_the_same_grid() {
    let puzzle = rows(&LEETCODE_37);
    for format in [
        TextFormat::Line,
        TextFormat::Grid,
        TextFormat::Pretty,
        TextFormat::Json,
        TextFormat::LeetCode,
        TextFormat::Numbers,
    ] {
        let text = format.render(&puzzle);
        assert_eq!(text.parse::<Grid>(), Ok(puzzle), "{format:?}:\n{text}");
    }
}

#[test]
fn each_form_is_detected_as_itself() {
    let puzzle = rows(&LEETCODE_37);
    let cases = [
        (TextFormat::Line, InputFormat::Line),
        (TextFormat::Grid, InputFormat::Grid),
        (TextFormat::Pretty, InputFormat::Grid),
        (TextFormat::Json, InputFormat::Json),
        (TextFormat::LeetCode, InputFormat::LeetCode),
        (TextFormat::Numbers, InputFormat::Numbers),
    ];
    for (written, detected) in cases {
        let text = written.render(&puzzle);
        let record = Records::new(text.as_bytes()).next().unwrap().unwrap();
        assert_eq!(record.format, detected, "{written:?}");
    }
}

#[test]
fn zeros_and_underscores_are_blanks_too() {
    let dots = grid(&LEETCODE_37.concat());
    assert_eq!(grid(&LEETCODE_37.concat().replace('.', "0")), dots);
    assert_eq!(grid(&LEETCODE_37.concat().replace('.', "_")), dots);
}

#[test]
fn a_grid_with_box_borders_and_a_frame_reads_back() {
    let framed = "+-------+-------+-------+\n\
                  | 5 3 . | . 7 . | . . . |\n| 6 . . | 1 9 5 | . . . |\n| . 9 8 | . . . | . 6 . |\n\
                  +-------+-------+-------+\n\
                  | 8 . . | . 6 . | . . 3 |\n| 4 . . | 8 . 3 | . . 1 |\n| 7 . . | . 2 . | . . 6 |\n\
                  +-------+-------+-------+\n\
                  | . 6 . | . . . | 2 8 . |\n| . . . | 4 1 9 | . . 5 |\n| . . . | . 8 . | . 7 9 |\n\
                  +-------+-------+-------+\n";
    assert_eq!(grid(framed), rows(&LEETCODE_37));
}

#[test]
fn a_forced_form_rejects_other_forms_with_a_clear_message() {
    let text = TextFormat::Json.render(&rows(&LEETCODE_37));
    let error = Records::with_format(text.as_bytes(), InputFormat::LeetCode)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(error.to_string(), "line 1: expected row 1 as an array of 9 one-character strings, found the string \"53..7....\"");
    let error = Records::with_format(text.as_bytes(), InputFormat::Line)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 1, column 1 (r1c1): found '[', expected a digit 1-9 or a blank ('.', '0' or '_')"
    );
}

#[test]
fn a_batch_reports_bad_records_by_line_and_keeps_going() {
    let good = LEETCODE_37.concat();
    let input = format!("{good}\n{}x\n{good}\n", &good[..80]);
    let items: Vec<_> = Records::new(input.as_bytes()).collect();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0].as_ref().unwrap().line, 1);
    let error = items[1].as_ref().unwrap_err().to_string();
    assert_eq!(
        error,
        "line 2, column 81 (r9c9): found 'x', expected a digit 1-9 or a blank ('.', '0' or '_')"
    );
    assert_eq!(items[2].as_ref().unwrap().line, 3);
}

#[test]
fn parsing_one_grid_rejects_a_second_record_and_empty_input() {
    let line = LEETCODE_37.concat();
    let error = format!("{line}\n{line}\n").parse::<Grid>().unwrap_err();
    assert_eq!(
        error.to_string(),
        "line 2: expected one grid, found another record"
    );
    let error = "# only a comment\n".parse::<Grid>().unwrap_err();
    assert_eq!(error.kind, ParseErrorKind::NoRecord);
}

#[test]
fn a_board_pasted_with_its_prefix_reads_with_true_columns() {
    let puzzle = rows(&LEETCODE_37);
    for written in [TextFormat::LeetCode, TextFormat::Numbers, TextFormat::Json] {
        let text = format!(
            "board = {}\n  board={}\n",
            written.render(&puzzle),
            written.render(&puzzle)
        );
        let records: Vec<Record> = Records::new(text.as_bytes()).map(Result::unwrap).collect();
        assert_eq!(records.len(), 2, "{written:?}");
        assert!(records.iter().all(|record| record.grid == puzzle));
    }
    // The column of a bad cell counts the prefix, as an editor shows it.
    let text =
        format!("board = {}", TextFormat::LeetCode.render(&puzzle)).replacen("\"3\"", "\"x\"", 1);
    let Some(Err(ReadError::Parse(error))) = Records::new(text.as_bytes()).next() else {
        panic!("a bad cell is a parse error");
    };
    assert_eq!(
        (error.line, error.column),
        (1, Some(text.find("\"x\"").unwrap() + 1))
    );
    // A forced form takes the prefix too; other text is still refused.
    let forced = format!("board = {}", TextFormat::Numbers.render(&puzzle));
    let record = Records::with_format(forced.as_bytes(), InputFormat::Numbers)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(record.grid, puzzle);
    let error = Records::with_format("board 5".as_bytes(), InputFormat::Numbers)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("expected a JSON array starting with '['"),
        "{error}"
    );
}
