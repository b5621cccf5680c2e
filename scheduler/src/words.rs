//! Lists in words for the messages people read: "1 to 5", "1, 3, … 9", "a, b or c".

/// "1 to 5", "1, 3 or 5", "2": numbers as a person lists them (an even step of more than
/// three written as "1, 3, … 9").
pub fn describe_numbers(numbers: &[usize]) -> String {
    let mut numbers = numbers.to_vec();
    numbers.sort_unstable();
    numbers.dedup();
    let step = numbers.windows(2).map(|w| w[1] - w[0]).collect::<Vec<_>>();
    let words: Vec<String> = numbers.iter().map(usize::to_string).collect();
    match (numbers.as_slice(), step.first()) {
        ([first, .., last], Some(&1)) if numbers.len() > 2 && step.iter().all(|&d| d == 1) => {
            format!("{first} to {last}")
        }
        ([first, second, .., last], Some(_)) if numbers.len() > 3 && step.iter().all(|&d| d == step[0]) => {
            format!("{first}, {second}, … {last}")
        }
        _ => join_or(&words),
    }
}

/// "a, b or c".
pub fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_a_person_lists_them() {
        assert_eq!(describe_numbers(&[1, 3, 5, 7]), "1, 3, … 7");
        assert_eq!(describe_numbers(&[1, 2, 3]), "1 to 3");
        assert_eq!(describe_numbers(&[3, 1]), "1 or 3");
        assert_eq!(describe_numbers(&[2]), "2");
        assert_eq!(describe_numbers(&[1, 2, 5]), "1, 2 or 5");
    }
}
