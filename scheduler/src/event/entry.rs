//! Reading results as people type them: "15" tricks, "3-1", "2½-1½", "4S N =", "3NTX by E -2",
//! "620", "pass". Shared by the command line and the window so both accept the same spellings.

use super::{Artificial, BridgeResult};
use crate::scoring::bridge::{Contract, Direction};

/// "10" (tricks taken), or "=", "+1", "-2" relative to the contract.
pub fn parse_tricks(text: &str, contract: Contract) -> Result<u8, String> {
    let t = text.trim();
    let bad = || format!("tricks {text:?}: give the tricks taken (0-13) or =, +1, -2");
    let needed = contract.level as i32 + 6;
    let taken = if t == "=" || t.eq_ignore_ascii_case("made") {
        needed
    } else if let Some(rest) = t.strip_prefix('+') {
        // Checked: "+2147483647" or "--2147483648" must be refused, not wrap or panic.
        needed
            .checked_add(rest.parse::<i32>().map_err(|_| bad())?)
            .ok_or_else(bad)?
    } else if let Some(rest) = t.strip_prefix('-').or_else(|| t.strip_prefix('−')) {
        needed
            .checked_sub(rest.parse::<i32>().map_err(|_| bad())?)
            .ok_or_else(bad)?
    } else {
        t.parse::<i32>().map_err(|_| bad())?
    };
    if !(0..=13).contains(&taken) {
        return Err(format!(
            "tricks {text:?}: {contract} would then take {taken} tricks; 0 to 13 are possible"
        ));
    }
    Ok(taken as u8)
}

/// A whist table's tricks as typed in its two fields, N–S and E–W. Each side that is typed is
/// read and checked on its own first (a whole number, at most 13 a hand), so what is wrong
/// with a typed number is said before a side that is still empty. Whether the two add up is
/// the event's check (`Event::check_result`).
pub fn parse_whist_tricks(ns: &str, ew: &str, hands_per_round: Option<u32>) -> Result<(u32, u32), String> {
    let read = |side: &str, text: &str| -> Result<Option<u32>, String> {
        let t = text.trim();
        if t.is_empty() {
            return Ok(None);
        }
        let taken = t
            .parse::<u32>()
            .map_err(|_| format!("{side} tricks {t:?}: give the number of tricks won, e.g. 14"))?;
        super::check_side_tricks(side, taken, hands_per_round)?;
        Ok(Some(taken))
    };
    let (ns, ew) = (read("N-S", ns)?, read("E-W", ew)?);
    match (ns, ew) {
        (Some(ns), Some(ew)) => Ok((ns, ew)),
        (None, _) => Err("N-S tricks: still empty; type the tricks N-S won".into()),
        (Some(_), None) => Err("E-W tricks: still empty; type the tricks E-W won".into()),
    }
}

/// The other side's tricks when one side's are typed and the hands a round are known: the
/// rest of the 13 × hands. `None` when they cannot follow (no hand count, not a number, more
/// than the hands hold).
pub fn other_side_tricks(typed: &str, hands_per_round: Option<u32>) -> Option<u32> {
    let all = 13u32.checked_mul(hands_per_round?)?;
    let taken = typed.trim().parse::<u32>().ok()?;
    all.checked_sub(taken)
}

/// A match score, home first: "3-1", "2.5-1.5", "2½-1½", "3:1".
pub fn parse_score(text: &str) -> Result<(f64, f64), String> {
    let cleaned = text.replace('½', ".5").replace(':', "-");
    let number = |s: &str| {
        let s = s.trim();
        let s = if s.starts_with('.') {
            format!("0{s}")
        } else {
            s.to_owned()
        };
        s.parse::<f64>().ok().filter(|v| v.is_finite() && *v >= 0.0)
    };
    let bad = || format!("score {text:?}: give home-away, e.g. 3-1");
    let (a, b) = cleaned.split_once('-').ok_or_else(bad)?;
    match (number(a), number(b)) {
        (Some(home), Some(away)) => {
            super::check_match_score(home, away)?;
            Ok((home, away))
        }
        _ => Err(bad()),
    }
}

/// One board in one field: "4S N 10", "4S by N =", "3NTX E -2", "620" or "-100" (the N–S
/// score), "pass"; in club pairs also the director's scores: "AVE+" (N-S 60 %, E-W 40 %),
/// "AVE-" (the other way), "AVE" (both 50 %), both sides written out "A+/A=" (N-S first),
/// and "NP" or "not played".
pub fn parse_board(text: &str) -> Result<BridgeResult, String> {
    let t = text.trim();
    if is_pass(t) {
        return Ok(BridgeResult::PassedOut);
    }
    if ["np", "not played", "notplayed", "n/p"]
        .iter()
        .any(|w| t.eq_ignore_ascii_case(w))
    {
        return Ok(BridgeResult::NotPlayed);
    }
    if let Some((ns, ew)) = t.split_once('/')
        && let (Some(ns), Some(ew)) = (artificial(ns), artificial(ew))
    {
        return Ok(BridgeResult::Artificial { ns, ew });
    }
    if let Some(ns) = artificial(t) {
        let ew = match ns {
            Artificial::AveragePlus => Artificial::AverageMinus,
            Artificial::Average => Artificial::Average,
            Artificial::AverageMinus => Artificial::AveragePlus,
        };
        return Ok(BridgeResult::Artificial { ns, ew });
    }
    if let Ok(wide) = t.parse::<i64>() {
        // Read wide, so a long number is refused by its size rather than cut to fit.
        let score = super::check_bridge_score(wide)?;
        return Ok(BridgeResult::NorthSouthScore { score });
    }
    let words: Vec<&str> = t
        .split_whitespace()
        .filter(|w| !w.eq_ignore_ascii_case("by"))
        .collect();
    if words.len() > 1 && words.iter().any(|w| is_pass(w)) {
        return Err(format!(
            "{text:?}: a passed-out board has no contract, tricks or score; give either pass or the result"
        ));
    }
    match words.as_slice() {
        [contract, declarer, tricks] => {
            let contract = Contract::parse(contract)?;
            let declarer =
                Direction::parse(declarer).ok_or_else(|| format!("declarer {declarer:?}: N, E, S or W"))?;
            Ok(BridgeResult::Contract {
                contract,
                declarer,
                tricks: parse_tricks(tricks, contract)?,
            })
        }
        _ => Err(format!(
            "{text:?}: write contract, declarer and tricks (4S N 10, 3NT by E -1), the N-S score (620), or pass"
        )),
    }
}

/// "AVE+", "A+", "AVE", "A=", "A", "AVE-", "A-" (any case, − for minus).
fn artificial(word: &str) -> Option<Artificial> {
    let w = word.trim().to_ascii_uppercase().replace('−', "-");
    let rest = w.strip_prefix("AVE").or_else(|| w.strip_prefix('A'))?;
    match rest.trim() {
        "+" => Some(Artificial::AveragePlus),
        "" | "=" => Some(Artificial::Average),
        "-" => Some(Artificial::AverageMinus),
        _ => None,
    }
}

/// "pass", "passed" or "p": the board was passed out.
fn is_pass(word: &str) -> bool {
    ["pass", "passed", "p"]
        .iter()
        .any(|p| word.eq_ignore_ascii_case(p))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_whist_tricks_name_the_real_problem_first() {
        assert_eq!(parse_whist_tricks("19", " 7 ", Some(2)), Ok((19, 7)));
        // Too many tricks on the typed side comes before the empty other side.
        let too_many = parse_whist_tricks("30", "", Some(2)).unwrap_err();
        assert_eq!(
            too_many,
            "N-S tricks 30: a whist table takes 0–13 tricks per hand, 0–26 for 2 hands"
        );
        assert!(
            parse_whist_tricks("", "27", Some(2))
                .unwrap_err()
                .starts_with("E-W tricks 27")
        );
        assert!(
            parse_whist_tricks("1o", "", None)
                .unwrap_err()
                .contains("N-S tricks \"1o\"")
        );
        assert!(
            parse_whist_tricks("12", "", Some(2))
                .unwrap_err()
                .starts_with("E-W tricks: still empty")
        );
        assert!(
            parse_whist_tricks("", "12", Some(2))
                .unwrap_err()
                .starts_with("N-S tricks: still empty")
        );
        assert_eq!(other_side_tricks("19", Some(2)), Some(7));
        assert_eq!(other_side_tricks("26", Some(2)), Some(0));
        assert_eq!(other_side_tricks("27", Some(2)), None);
        assert_eq!(other_side_tricks("19", None), None);
        assert_eq!(other_side_tricks("x", Some(1)), None);
    }

    #[test]
    fn typed_results_read_as_meant() {
        let four_spades = Contract::parse("4S").unwrap();
        assert_eq!(parse_tricks("=", four_spades), Ok(10));
        assert_eq!(parse_tricks("+2", four_spades), Ok(12));
        assert_eq!(parse_tricks("-3", four_spades), Ok(7));
        assert!(parse_tricks("+4", four_spades).unwrap_err().contains("14 tricks"));
        // Overflowing offsets (a fuzz finding: "--2147483648" panicked) are refused.
        for huge in ["--2147483648", "+2147483647", "-2147483647", "+-2147483648"] {
            assert!(parse_tricks(huge, four_spades).is_err(), "{huge}");
        }
        assert_eq!(parse_score("2½-1½"), Ok((2.5, 1.5)));
        assert_eq!(parse_score("3:1"), Ok((3.0, 1.0)));
        assert!(parse_score("3").is_err());
        assert_eq!(parse_board("pass"), Ok(BridgeResult::PassedOut));
        assert_eq!(
            parse_board("-100"),
            Ok(BridgeResult::NorthSouthScore { score: -100 })
        );
        assert_eq!(
            parse_board("3ntx by e -2"),
            Ok(BridgeResult::Contract {
                contract: Contract::parse("3NTX").unwrap(),
                declarer: Direction::East,
                tricks: 7
            })
        );
        assert!(parse_board("4S 10").unwrap_err().contains("declarer"));
        let art = |ns, ew| Ok(BridgeResult::Artificial { ns, ew });
        use Artificial::*;
        assert_eq!(parse_board("AVE+"), art(AveragePlus, AverageMinus));
        assert_eq!(parse_board("ave-"), art(AverageMinus, AveragePlus));
        assert_eq!(parse_board("A="), art(Average, Average));
        assert_eq!(parse_board("A+/A="), art(AveragePlus, Average));
        assert_eq!(parse_board("not played"), Ok(BridgeResult::NotPlayed));
        assert!(parse_board("A*").is_err());
    }
}
