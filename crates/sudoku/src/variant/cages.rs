//! Which values a cage can still use: the combinations of distinct values
//! of a given count, drawn from the values still allowed, that make the
//! sum left.

/// The values (bit `v - 1` for value `v`, at most `side`) that occur in some
/// set of `count` distinct values from `allowed` adding up to `sum`.
///
/// The search walks values in increasing order and stops a branch as soon
/// as the smallest or largest sum still reachable misses `sum`, so it only
/// visits sets that can still work.
pub(crate) fn feasible_values(side: usize, allowed: u32, count: usize, sum: u32) -> u32 {
    let values: Vec<u32> = (1..=side as u32)
        .filter(|&value| allowed & (1 << (value - 1)) != 0)
        .collect();
    let mut found = 0;
    walk(&values, count, sum, 0, &mut found);
    found
}

fn walk(values: &[u32], count: usize, sum: u32, chosen: u32, found: &mut u32) {
    if count == 0 {
        if sum == 0 {
            *found |= chosen;
        }
        return;
    }
    if values.len() < count {
        return;
    }
    let smallest: u32 = values[..count].iter().sum();
    let largest: u32 = values[values.len() - count..].iter().sum();
    if sum < smallest || sum > largest {
        return;
    }
    let (first, rest) = (values[0], &values[1..]);
    walk(
        rest,
        count - 1,
        sum - first,
        chosen | 1 << (first - 1),
        found,
    );
    walk(rest, count, sum, chosen, found);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_cells_making_3_or_17_are_fixed() {
        assert_eq!(feasible_values(9, 0x1FF, 2, 3), 0b11);
        assert_eq!(feasible_values(9, 0x1FF, 2, 17), 0b1_1000_0000);
        assert_eq!(feasible_values(9, 0x1FF, 2, 2), 0);
        assert_eq!(feasible_values(9, 0x1FF, 9, 45), 0x1FF);
    }

    #[test]
    fn disallowed_values_are_not_used() {
        // 10 in three cells without 1: 2+3+5 only.
        assert_eq!(feasible_values(9, 0x1FF & !1, 3, 10), 0b1_0110);
    }
}
