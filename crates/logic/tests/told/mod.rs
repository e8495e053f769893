//! The check every step test makes of a step's hints, classic or of the
//! general model: they grow as `Detail` says.

/// A step's hints, read in letters (value 1 as `A`), with what the
/// concrete one must name.
pub struct Told<'a> {
    /// The technique's name.
    pub technique: &'a str,
    /// The vague hint.
    pub vague: String,
    /// The concrete hint.
    pub concrete: String,
    /// The step's values, as letters.
    pub values: Vec<String>,
    /// The cells that prove it.
    pub cells: Vec<String>,
}

/// Checks that the vague hint names the technique and no value (a word
/// `is_value` takes) or cell (`is_cell`), and that the concrete one starts
/// as the vague one does and names the step's values and cells.
pub fn check_told(told: &Told, is_value: impl Fn(&str) -> bool, is_cell: impl Fn(&str) -> bool) {
    let Told {
        technique,
        vague,
        concrete,
        ..
    } = told;
    assert!(vague.contains(technique), "{vague}");
    let words = |text: &str| -> Vec<String> {
        text.split(|ch: char| !ch.is_alphanumeric() && ch != '-' && ch != '+')
            .map(str::to_string)
            .collect()
    };
    assert!(
        !words(vague)
            .iter()
            .any(|word| is_value(word) || is_cell(word)),
        "a vague hint names no value or cell: {vague}"
    );
    assert!(
        concrete.starts_with(vague.trim_end_matches('.')),
        "{concrete}"
    );
    let concrete_words = words(concrete);
    for named in told.values.iter().chain(&told.cells) {
        assert!(concrete_words.contains(named), "{named}: {concrete}");
    }
}
