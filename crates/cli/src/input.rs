//! Where a verb's inputs come from: the files named, or stdin (`-`, or no
//! file at all), and reading one of them whole.

use crate::args::InputArgs;
use std::io::Read;
use std::path::Path;

/// The inputs to read, in order; stdin when none is named.
pub fn paths(input: &InputArgs) -> Vec<&Path> {
    if input.inputs.is_empty() {
        vec![Path::new("-")]
    } else {
        input.inputs.iter().map(|path| path.as_path()).collect()
    }
}

/// The name (for messages) and the whole text of a file, `-` for stdin.
pub fn read_whole(path: &Path) -> Result<(String, String), String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| format!("stdin: cannot read: {error}"))?;
        return Ok(("stdin".to_string(), text));
    }
    let text = std::fs::read_to_string(path)
        .map_err(|error| format!("{}: cannot read: {error}", path.display()))?;
    Ok((path.display().to_string(), text))
}
