//! `queens count --state FILE`: the units a count has finished, kept in a
//! file so that a count stopped by Ctrl-C, `--timeout`, a crash or a
//! reboot resumes where it stopped and gives the same answer.
//!
//! The file holds one unit result a line, in the JSON-lines form that
//! `queens run-task` writes and `queens merge` reads: one unit format
//! everywhere. Each result is appended and synced to disk as its unit
//! ends. Invariant, checked when the file is read: every line is the
//! result of a unit of this count's split, counted to the end, each unit
//! at most once. A file of another count, or a corrupted one, is refused
//! naming the line; only a last line cut short by a crash (no newline, not
//! JSON) is dropped, with a warning.

use crate::failure::Failure;
use gridsolve_queens::{UnitResult, WorkUnit};
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The state file of a running count.
pub struct StateFile {
    path: PathBuf,
    file: Mutex<File>,
    /// The first write that failed, reported when the count ends.
    failure: Mutex<Option<io::Error>>,
}

impl StateFile {
    /// Opens (or creates) the state of a count of `units`, returning it
    /// and the result of each unit it already holds (by unit index).
    pub fn open(
        path: &Path,
        units: &[WorkUnit],
    ) -> Result<(Self, Vec<Option<UnitResult>>), String> {
        let name = path.display();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|error| format!("{name}: cannot open the state file: {error}"))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|error| format!("{name}: cannot read: {error}"))?;
        let (finished, kept) = read(&bytes, units).map_err(|error| format!("{name}: {error}"))?;
        if kept < bytes.len() {
            eprintln!(
                "{name}: warning: the last line was cut short (a count stopped while writing it); that unit is counted again"
            );
            file.set_len(kept as u64)
                .map_err(|error| format!("{name}: cannot mend the state file: {error}"))?;
        }
        if kept == bytes.len() && !bytes.is_empty() && !bytes.ends_with(b"\n") {
            // A whole last line without its newline: the next one goes below.
            file.write_all(b"\n")
                .map_err(|error| format!("{name}: cannot write: {error}"))?;
        }
        let state = StateFile {
            path: path.to_path_buf(),
            file: Mutex::new(file),
            failure: Mutex::new(None),
        };
        Ok((state, finished))
    }

    /// Appends the result of a unit counted to the end, and syncs it to
    /// disk; a failure is kept for [`StateFile::finish`].
    pub fn record(&self, result: &UnitResult) {
        let mut line = serde_json::to_string(result).expect("a unit result serialises");
        line.push('\n');
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let written = file
            .write_all(line.as_bytes())
            .and_then(|()| file.sync_data());
        if let Err(error) = written {
            let mut failure = self
                .failure
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            failure.get_or_insert(error);
        }
    }

    /// Whether every result reached the file.
    pub fn finish(self) -> Result<(), Failure> {
        match self
            .failure
            .into_inner()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
        {
            None => Ok(()),
            Some(error) => Err(format!(
                "{}: cannot write the state file: {error}",
                self.path.display()
            )
            .into()),
        }
    }
}

/// The results `bytes` hold for `units`, and how many bytes of it are
/// whole lines to keep.
fn read(bytes: &[u8], units: &[WorkUnit]) -> Result<(Vec<Option<UnitResult>>, usize), String> {
    let mut finished: Vec<Option<UnitResult>> = vec![None; units.len()];
    let mut first_line: Vec<usize> = vec![0; units.len()];
    let mut start = 0;
    for (index, line) in bytes.split_inclusive(|&byte| byte == b'\n').enumerate() {
        let number = index + 1;
        let whole = line.ends_with(b"\n");
        if line.trim_ascii().is_empty() {
            start += line.len();
            continue;
        }
        let result: UnitResult = match serde_json::from_slice(line) {
            Ok(result) => result,
            Err(_) if !whole => return Ok((finished, start)),
            Err(error) => return Err(format!("line {number}: not a unit result: {error}")),
        };
        let k = result.unit.unit;
        if units.get(k) != Some(&result.unit) {
            let this = units.first().map_or_else(String::new, |unit| {
                format!(
                    ": this count is n = {}{} in {} units of depth {}",
                    unit.n,
                    if unit.board.is_some() {
                        " with reserved squares"
                    } else {
                        ""
                    },
                    unit.units,
                    unit.depth
                )
            });
            return Err(format!(
                "line {number}: unit {k} (n = {}, depth {}) is not a unit of this count{this}",
                result.unit.n, result.unit.depth
            ));
        }
        if let Some(reason) = result.stopped {
            return Err(format!(
                "line {number}: unit {k} was not counted to the end ({reason})"
            ));
        }
        if finished[k].is_some() {
            return Err(format!(
                "line {number}: unit {k} was already counted on line {}",
                first_line[k]
            ));
        }
        first_line[k] = number;
        finished[k] = Some(result);
        start += line.len();
    }
    Ok((finished, start))
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridsolve_queens::{count_split, run_unit, BlockedBoard};
    use gridsolve_search::Budget;

    fn units(n: usize) -> Vec<WorkUnit> {
        count_split(&BlockedBoard::free(n).unwrap())
    }

    fn line(unit: &WorkUnit) -> String {
        let result = run_unit(unit, &Budget::default()).unwrap();
        format!("{}\n", serde_json::to_string(&result).unwrap())
    }

    #[test]
    fn results_are_read_back_by_unit() {
        let units = units(8);
        let text = format!("{}\n{}", line(&units[2]), line(&units[0]));
        let (finished, kept) = read(text.as_bytes(), &units).unwrap();
        assert_eq!(kept, text.len());
        let done: Vec<usize> = (0..units.len())
            .filter(|&k| finished[k].is_some())
            .collect();
        assert_eq!(done, [0, 2]);
    }

    #[test]
    fn a_last_line_cut_short_is_dropped_and_any_other_fault_refused() {
        let units = units(8);
        let whole = line(&units[0]);
        let cut = format!("{whole}{}", &line(&units[1])[..20]);
        let (finished, kept) = read(cut.as_bytes(), &units).unwrap();
        assert_eq!((finished.iter().flatten().count(), kept), (1, whole.len()));

        let garbled = format!("{}\n{whole}", &whole[..20]);
        let error = read(garbled.as_bytes(), &units).unwrap_err();
        assert!(error.starts_with("line 1: not a unit result"), "{error}");

        let twice = format!("{whole}{whole}");
        let error = read(twice.as_bytes(), &units).unwrap_err();
        assert_eq!(error, "line 2: unit 0 was already counted on line 1");

        let other = line(&self::units(9)[0]);
        let error = read(other.as_bytes(), &units).unwrap_err();
        assert!(error.contains("not a unit of this count"), "{error}");

        let stopped = run_unit(&units[3], &Budget::default().with_max_nodes(1)).unwrap();
        let stopped = format!("{}\n", serde_json::to_string(&stopped).unwrap());
        let error = read(stopped.as_bytes(), &units).unwrap_err();
        assert!(error.contains("was not counted to the end"), "{error}");
    }
}
