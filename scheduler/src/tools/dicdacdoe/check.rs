//! The independent checker for dic-dac-doe boards. It reads the board as text and applies
//! the puzzle's rule literally, line by line and player by player, sharing nothing with the
//! search.

/// Every problem with `board` (rows of `X`, `O`, `+`, `.`) as a position after `moves`
/// moves on an n×n board: the counts (X first, then O, then +, so they differ by at most one
/// in that order), and every line of three where some player p has
/// (cells with p) + (empty cells) > 2 — a line already won or still winnable (one problem per
/// line, naming every player who could complete it).
pub fn check(board: &str, n: usize, moves: usize) -> Vec<String> {
    let rows: Vec<Vec<char>> = board
        .lines()
        .map(|l| l.trim())
        .filter(|l| !l.is_empty())
        .map(|l| l.chars().filter(|c| !c.is_whitespace()).collect())
        .collect();
    let mut problems = Vec::new();
    if rows.len() != n || rows.iter().any(|r| r.len() != n) {
        problems.push(format!("the board is not {n}×{n}"));
        return problems;
    }
    for (i, row) in rows.iter().enumerate() {
        for (j, c) in row.iter().enumerate() {
            if !matches!(c, 'X' | 'O' | '+' | '.') {
                problems.push(format!(
                    "row {}, column {}: '{c}' is not X, O, + or .",
                    i + 1,
                    j + 1
                ));
            }
        }
    }
    let count = |symbol: char| rows.iter().flatten().filter(|&&c| c == symbol).count();
    let (x, o, plus) = (count('X'), count('O'), count('+'));
    // After `moves` moves in turn X, O, +: X has ⌈moves/3⌉, O ⌈(moves−1)/3⌉, + ⌊moves/3⌋.
    let expected = (moves.div_ceil(3), (moves + 1) / 3, moves / 3);
    if (x, o, plus) != expected {
        problems.push(format!(
            "after {moves} moves X, O and + have {}, {} and {} symbols, but the board has {x}, {o} and {plus}",
            expected.0, expected.1, expected.2
        ));
    }
    let at = |i: i64, j: i64| -> Option<char> {
        if i < 0 || j < 0 || i >= n as i64 || j >= n as i64 {
            None
        } else {
            Some(rows[i as usize][j as usize])
        }
    };
    for i in 0..n as i64 {
        for j in 0..n as i64 {
            for (di, dj, direction) in [
                (0, 1, "row"),
                (1, 0, "column"),
                (1, 1, "diagonal"),
                (1, -1, "anti-diagonal"),
            ] {
                let cells: Option<Vec<char>> = (0..3).map(|k| at(i + k * di, j + k * dj)).collect();
                let Some(cells) = cells else { continue };
                let empty = cells.iter().filter(|&&c| c == '.').count();
                let winners: Vec<String> = ['X', 'O', '+']
                    .into_iter()
                    .filter(|&player| cells.iter().filter(|&&c| c == player).count() + empty > 2)
                    .map(String::from)
                    .collect();
                if !winners.is_empty() {
                    let verb = if empty == 0 {
                        "is won by"
                    } else {
                        "can be completed by"
                    };
                    problems.push(format!(
                        "the {direction} line of three from row {}, column {} ({}) {verb} {}",
                        i + 1,
                        j + 1,
                        cells.iter().collect::<String>(),
                        winners.join(" or ")
                    ));
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tiny_board_is_judged_by_the_rule() {
        // 3×3 after 8 moves (X 3, O 3, + 2), one empty: every line of three needs two symbols.
        let good = "XO+\nOX.\nX+O\n";
        assert_eq!(check(good, 3, 8), Vec::<String>::new());
        let won = "XXX\nOO+\n+O.\n";
        let problems = check(won, 3, 8);
        assert!(
            problems
                .iter()
                .any(|p| p.contains("row line of three from row 1, column 1 (XXX) is won by X")),
            "{problems:?}"
        );
        assert!(check("XO\nOX\n", 3, 4)[0].contains("not 3×3"));
    }

    #[test]
    fn counts_follow_the_turn_order() {
        let problems = check("XO+\nXO+\n...\n", 3, 6);
        assert!(!problems.iter().any(|p| p.contains("symbols")), "{problems:?}");
        // X 3, O 0, + 3: after 6 moves each player has made two.
        let problems = check("XX+\nX++\n...\n", 3, 6);
        assert!(problems.iter().any(|p| p.contains("symbols")), "{problems:?}");
    }
}
