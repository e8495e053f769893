//! What the exact-cover test files share.

use gridsolve_cover::parse_dlx;

/// Asserts that each input of `cases` is refused with its message.
pub fn assert_parse_errors(cases: &[(&str, &str)]) {
    for &(input, message) in cases {
        assert_eq!(
            parse_dlx(input).unwrap_err().to_string(),
            message,
            "{input:?}"
        );
    }
}
