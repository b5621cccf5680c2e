//! Reading results as people type them: "15" tricks, "3-1", "2½-1½", "4S N =", "3NTX by E -2",
//! "4S N 10 HQ" (with the opening lead), "620", "pass". The one entry parser: the command line ([`Fields`]: its options, one per
//! part of the result), the window and any later form ([`typed_result`]: the fields a form
//! shows) turn typing into a result here, so all accept the same spellings and say the same
//! things about mistakes.

use super::teams::TeamBoard;
use super::{Artificial, BridgeResult, Event, ResultKey, ResultValue, Scoring};
use crate::deals::Card;
use crate::event::club_pairs::locate_traveller_line;
use crate::scoring::bridge::{Contract, Direction, parse_card};
use crate::scoring::chess::GameResult;

/// One result as typed part by part: the command line's options (`--round 1 --table 2 --ns
/// 14 --ew 12`, `--board 5 --ns 3 --ew 7 --contract 4S --by N --tricks =`). Messages name
/// the parts as those options.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fields {
    /// The round (not needed in club pairs when the board and the pairs are given).
    pub round: Option<u32>,
    /// The table, in that round.
    pub table: Option<u32>,
    /// Bridge: the board number.
    pub board: Option<u32>,
    /// Whist: the tricks N-S won. Club pairs, with `board`: the pair that sat N-S, as on the
    /// traveller (3, or 3NS / 5EW in a Mitchell); the round and table are then found from
    /// the movement.
    pub ns: Option<String>,
    /// Whist: the tricks E-W won. Club pairs, with `board`: the pair that sat E-W.
    pub ew: Option<String>,
    /// Bridge: the contract (4S, 3NT, 2HX).
    pub contract: Option<String>,
    /// Bridge: the declarer, N, E, S or W.
    pub by: Option<String>,
    /// Bridge: tricks taken (0-13), or =, +1, -2.
    pub tricks: Option<String>,
    /// Bridge: the opening lead, with the contract (HQ, ♥Q, S10); optional.
    pub lead: Option<String>,
    /// Bridge: the N-S score instead of a contract. Match scores: home-away.
    pub score: Option<String>,
    /// Bridge: passed out.
    pub passed: bool,
    /// Club pairs: the director's score (AVE+, AVE, AVE-, A+/A-, NP).
    pub artificial: Option<String>,
    /// Chess: 1-0, ½-½, 0-1, +-, -+, -/-.
    pub result: Option<String>,
    /// Bridge teams: the home team's net score on the board (instead of both tables' scores
    /// in `score`).
    pub net: Option<String>,
    /// Remove the result instead.
    pub clear: bool,
}

/// A count typed as text: a whole number from 0 ("-1 is negative", "far too large").
fn whole_number(text: &str) -> Result<u32, String> {
    let value: i128 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))?;
    u32::try_from(value).map_err(|_| {
        if value < 0 {
            format!("{value} is negative; counts start at 0")
        } else {
            format!("{value} is far too large (at most {})", u32::MAX)
        }
    })
}

impl Fields {
    /// The result these fields give for this event, and which table and board it is for, with a
    /// sentence naming what is missing or wrong. `None` for the value when the fields ask to
    /// remove the result. The result is checked against its table by the event file when it
    /// is saved (and by [`typed_result`] for a form).
    pub fn result(&self, event: &Event) -> Result<(ResultKey, Option<ResultValue>), String> {
        let entry = self;
        let key = match (entry.round, entry.table, entry.board, &entry.ns, &entry.ew) {
            (round, table, Some(board), Some(ns), Some(ew)) if event.schedule.movement.is_some() => {
                let key = locate_traveller_line(event, board, ns, ew)?;
                if round.is_some_and(|r| r != key.round) || table.is_some_and(|t| t != key.table) {
                    return Err(format!(
                        "board {board} with {ns} N-S against {ew} E-W was played in round {} at table {}, not as given",
                        key.round, key.table
                    ));
                }
                key
            }
            (Some(round), Some(table), deal, _, _) => ResultKey {
                round,
                table,
                deal: deal.unwrap_or(0),
            },
            _ if event.schedule.movement.is_some() => {
                return Err("give --board with --ns and --ew (the pairs, as on the traveller), or --round, --table and --board".into());
            }
            _ => return Err("give --round and --table".into()),
        };
        let round = key.round;
        if entry.clear {
            return Ok((key, None));
        }
        let scoring = &event.settings.scoring;
        entry.refuse_unused(scoring)?;
        let missing = || {
            format!(
                "this event is scored as {}: give {}",
                scoring.label(),
                scoring.entry_hint()
            )
        };
        let value = match scoring {
            Scoring::WhistDrive { .. } => match (&entry.ns, &entry.ew) {
                (Some(ns), Some(ew)) => ResultValue::Tricks {
                    ns: whole_number(ns).map_err(|e| format!("--ns {ns}: {e}"))?,
                    ew: whole_number(ew).map_err(|e| format!("--ew {ew}: {e}"))?,
                },
                _ => return Err(missing()),
            },
            Scoring::Bridge { .. } => {
                if entry.board.is_none() {
                    let boards = event.deals_at(round, key.table);
                    return Err(format!(
                        "give --board (the board number; {} plays boards {}–{})",
                        if event.schedule.movement.is_some() {
                            format!("round {round} table {}", key.table)
                        } else {
                            format!("round {round}")
                        },
                        boards.start(),
                        boards.end()
                    ));
                }
                ResultValue::Bridge {
                    board: entry.bridge_board(&missing)?,
                }
            }
            Scoring::Chess { .. } => match &entry.result {
                Some(text) => ResultValue::Game {
                    result: GameResult::parse(text)?,
                },
                None => return Err(missing()),
            },
            Scoring::Match { .. } => match &entry.score {
                Some(text) => {
                    let (home, away) = parse_score(text).map_err(|e| format!("--{e}"))?;
                    ResultValue::Score { home, away }
                }
                None => return Err(missing()),
            },
            Scoring::Teams { .. } => {
                if entry.board.is_none() {
                    let boards = event.boards_at(round, key.table);
                    return Err(format!(
                        "give --board (the board number; match {} of round {round} plays boards {})",
                        key.table,
                        super::three_way::deals_text(&boards)
                    ));
                }
                let board = match (&entry.score, &entry.net) {
                    (Some(_), Some(_)) => {
                        return Err("give either --score (both tables' N-S scores) or --net, not both; nothing was saved".into());
                    }
                    (Some(text), None) => parse_team_tables(text).map_err(|e| format!("--score: {e}"))?,
                    (None, Some(text)) => TeamBoard::Net {
                        net: parse_whole_score(text).map_err(|e| format!("--net: {e}"))?,
                    },
                    (None, None) => return Err(missing()),
                };
                ResultValue::Teams { board }
            }
        };
        Ok((key, Some(value)))
    }

    /// One table's own result on a board of a teams match, as its phone sends it: contract,
    /// declarer and tricks, passed out, or the N-S score. The key is the table's (2m − 1 or 2m
    /// for match m), not the match's; the director's scores and a net score are entered by the
    /// director, on the match.
    pub fn room_result(&self) -> Result<(ResultKey, BridgeResult), String> {
        let (Some(round), Some(table), Some(deal)) = (self.round, self.table, self.board) else {
            return Err("give the round, the table and the board".into());
        };
        let others = [
            ("the director's score", self.artificial.is_some()),
            ("a net score", self.net.is_some()),
            ("a game result", self.result.is_some()),
            ("each side's tricks", self.ns.is_some() || self.ew.is_some()),
        ];
        if let Some((what, _)) = others.iter().find(|(_, given)| *given) {
            return Err(format!(
                "{what} is not entered at a table of a teams match: give the contract, the declarer and the tricks (or passed out); nothing was saved"
            ));
        }
        if self.score.is_some() && (self.contract.is_some() || self.by.is_some() || self.tricks.is_some()) {
            return Err("give either the contract (with the declarer and the tricks) or the N-S score, not both; nothing was saved".into());
        }
        let missing = || "give the contract, the declarer and the tricks, or passed out".to_owned();
        Ok((ResultKey { round, table, deal }, self.bridge_board(&missing)?))
    }

    /// A bridge board's result from the parts given: the director's score, passed out, the
    /// N-S score, or contract, declarer and tricks (refusing two of them given together).
    fn bridge_board(&self, missing: &dyn Fn() -> String) -> Result<BridgeResult, String> {
        let entry = self;
        let board = if let Some(text) = &entry.artificial {
            if entry.passed || entry.contract.is_some() || entry.score.is_some() {
                return Err("--artificial: give either the director's score or the result, not both".into());
            }
            match parse_board(text)? {
                artificial @ (BridgeResult::Artificial { .. } | BridgeResult::NotPlayed) => artificial,
                _ => {
                    return Err(format!(
                        "--artificial {text:?}: write AVE+, AVE, AVE- (for N-S; E-W get the other side), both sides as A+/A-, or NP for not played"
                    ));
                }
            }
        } else if entry.passed {
            if entry.contract.is_some()
                || entry.by.is_some()
                || entry.tricks.is_some()
                || entry.score.is_some()
            {
                return Err("--passed: a passed-out board has no contract, declarer, tricks or score; give either --passed or the result".into());
            }
            BridgeResult::PassedOut
        } else if let Some(score) = &entry.score {
            let score = score.trim().parse::<i32>().map_err(|_| {
                format!("--score {score:?}: give the N-S score as a whole number, e.g. 620 or -100")
            })?;
            BridgeResult::NorthSouthScore { score }
        } else {
            let (Some(contract), Some(by), Some(tricks)) = (&entry.contract, &entry.by, &entry.tricks) else {
                return Err(missing());
            };
            let contract = Contract::parse(contract)?;
            let declarer =
                Direction::parse(by).ok_or_else(|| format!("--by {by:?}: the declarer is N, E, S or W"))?;
            let tricks = parse_tricks(tricks, contract).map_err(|e| format!("--{e}"))?;
            let lead = match &entry.lead {
                Some(text) => Some(parse_card(text).map_err(|e| format!("--lead: {e}"))?),
                None => None,
            };
            BridgeResult::Contract {
                contract,
                declarer,
                tricks,
                lead,
            }
        };
        if entry.lead.is_some() && !matches!(board, BridgeResult::Contract { .. }) {
            return Err(
                "--lead: the opening lead is entered with a contract played (--contract, --by, --tricks), not with a score, a pass or the director's score; nothing was saved"
                    .into(),
            );
        }
        Ok(board)
    }

    /// Refuses options this event's scoring does not use, and a bridge score given beside a
    /// contract, naming them: a typed option is never dropped without a word.
    fn refuse_unused(&self, scoring: &Scoring) -> Result<(), String> {
        let entry = self;
        let contract_given = [
            ("--contract", entry.contract.is_some()),
            ("--by", entry.by.is_some()),
            ("--tricks", entry.tricks.is_some()),
            ("--lead", entry.lead.is_some()),
        ];
        let given = contract_given.iter().copied().chain([
            ("--score", entry.score.is_some()),
            ("--passed", entry.passed),
            ("--artificial", entry.artificial.is_some()),
            ("--result", entry.result.is_some()),
            ("--net", entry.net.is_some()),
        ]);
        let used: &[&str] = match scoring {
            Scoring::WhistDrive { .. } => &[],
            Scoring::Bridge { .. } => &[
                "--contract",
                "--by",
                "--tricks",
                "--lead",
                "--score",
                "--passed",
                "--artificial",
            ],
            Scoring::Chess { .. } => &["--result"],
            Scoring::Match { .. } => &["--score"],
            Scoring::Teams { .. } => &["--score", "--net"],
        };
        let unused: Vec<&str> = given
            .filter(|&(name, given)| given && !used.contains(&name))
            .map(|(name, _)| name)
            .collect();
        if !unused.is_empty() {
            return Err(format!(
                "{} {} not used in this event (scored as {}: give {}); nothing was saved",
                unused.join(" and "),
                if unused.len() == 1 { "is" } else { "are" },
                scoring.label(),
                scoring.entry_hint()
            ));
        }
        if let Some(score) = &entry.score
            && matches!(scoring, Scoring::Bridge { .. })
        {
            let with: Vec<&str> = contract_given
                .iter()
                .filter(|(_, g)| *g)
                .map(|(n, _)| *n)
                .collect();
            if !with.is_empty() {
                return Err(format!(
                    "--score {score} and {} given together: give either the contract (--contract, --by, --tricks) or the N-S score, not both; nothing was saved",
                    with.join(", ")
                ));
            }
        }
        Ok(())
    }
}

/// A result typed into a form's fields for the table `key` (the window's results view, a
/// phone's page): a whist table's two fields (N-S and E-W tricks), or the one field of any
/// other result ("4S N =", "620", "1-0", "3-1"). A bridge board may have a second field, the
/// opening lead ("HQ"; optional, and only with a contract played), which may also be typed
/// at the end of the first ("4S N 10 HQ"). `None` while every field is empty; else the value,
/// checked against the event's table, or why it does not fit.
pub fn typed_result(event: &Event, key: ResultKey, fields: &[&str]) -> Option<Result<ResultValue, String>> {
    let text = |part: usize| fields.get(part).map_or("", |s| s.trim());
    if (0..fields.len().max(1)).all(|p| text(p).is_empty()) {
        return None;
    }
    let value = match &event.settings.scoring {
        Scoring::WhistDrive { hands_per_round } => parse_whist_tricks(text(0), text(1), *hands_per_round)
            .map(|(ns, ew)| ResultValue::Tricks { ns, ew }),
        Scoring::Bridge { .. } => parse_board(text(0))
            .and_then(|board| with_lead(board, text(1)))
            .map(|board| ResultValue::Bridge { board }),
        Scoring::Chess { .. } => GameResult::parse(text(0)).map(|result| ResultValue::Game { result }),
        Scoring::Match { .. } => parse_score(text(0)).map(|(home, away)| ResultValue::Score { home, away }),
        Scoring::Teams { .. } => parse_team_board(text(0)).map(|board| ResultValue::Teams { board }),
    };
    Some(value.and_then(|v| event.check_result(key, &v).map(|()| v)))
}

/// `board` with the lead typed in a form's own lead field (nothing when it is empty): refused
/// when the board has no contract played, or when the first field ends with another lead.
fn with_lead(board: BridgeResult, typed: &str) -> Result<BridgeResult, String> {
    if typed.is_empty() {
        return Ok(board);
    }
    let card = parse_card(typed).map_err(|e| format!("lead: {e}"))?;
    match board {
        BridgeResult::Contract {
            lead: Some(other), ..
        } if other != card => Err(format!(
            "lead: {typed:?} here, but the result ends with the lead {other}; give the lead once"
        )),
        BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            ..
        } => Ok(BridgeResult::Contract {
            contract,
            declarer,
            tricks,
            lead: Some(card),
        }),
        _ => Err(format!(
            "lead {typed:?}: a lead is recorded with a contract played (4S N 10), not with a score, a pass or the director's score"
        )),
    }
}

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

/// A score on one board as typed: a whole number, signed or not ("420", "-170", "+590").
fn parse_whole_score(text: &str) -> Result<i32, String> {
    let trimmed = text.trim();
    let digits = trimmed.strip_prefix('+').unwrap_or(trimmed);
    digits
        .parse::<i32>()
        .map_err(|_| format!("{trimmed:?} is not a score (a whole number such as 420 or -170)"))
}

/// Both tables' N-S scores of a teams board as typed: two numbers, table 1's first, apart by
/// a comma, a slash or a space ("420,-170", "420 / -170").
pub fn parse_team_tables(text: &str) -> Result<TeamBoard, String> {
    let parts: Vec<&str> = text
        .split([',', '/', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    let [first, second] = parts[..] else {
        return Err(format!(
            "{:?}: give the N-S score at table 1 and at table 2, e.g. 420,-170",
            text.trim()
        ));
    };
    Ok(TeamBoard::Tables {
        table1_ns: parse_whole_score(first)?,
        table2_ns: parse_whole_score(second)?,
    })
}

/// A teams board as typed in one field: both tables' N-S scores ("420 -170"), or the home
/// team's net score after the word net ("net 590", "net -50").
pub fn parse_team_board(text: &str) -> Result<TeamBoard, String> {
    let trimmed = text.trim();
    let lower = trimmed.to_ascii_lowercase();
    match lower.strip_prefix("net") {
        Some(rest) => Ok(TeamBoard::Net {
            net: parse_whole_score(rest.trim_start_matches([':', ' ']))?,
        }),
        None => parse_team_tables(trimmed),
    }
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

/// One board in one field: "4S N 10", "4S by N =", "3NTX E -2", "4S N 10 HQ" (the opening
/// lead last, optional), "620" or "-100" (the N–S score), "pass"; in club pairs also the director's scores: "AVE+" (N-S 60 %, E-W 40 %),
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
    let (contract, declarer, tricks, lead) = match words.as_slice() {
        [contract, declarer, tricks] => (contract, declarer, tricks, None),
        [contract, declarer, tricks, lead] => (contract, declarer, tricks, Some(lead)),
        _ => {
            return Err(format!(
                "{text:?}: write contract, declarer and tricks (4S N 10, 3NT by E -1), then the lead if you have it (4S N 10 HQ); or the N-S score (620), or pass"
            ));
        }
    };
    let contract = Contract::parse(contract)?;
    let declarer =
        Direction::parse(declarer).ok_or_else(|| format!("declarer {declarer:?}: N, E, S or W"))?;
    let lead: Option<Card> = match lead {
        Some(card) => Some(parse_card(card).map_err(|e| format!("lead: {e}"))?),
        None => None,
    };
    Ok(BridgeResult::Contract {
        contract,
        declarer,
        tricks: parse_tricks(tricks, contract)?,
        lead,
    })
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
            Ok(BridgeResult::contract(
                Contract::parse("3NTX").unwrap(),
                Direction::East,
                7
            ))
        );
        let led = parse_board("4S N 10 ♥q").unwrap();
        assert_eq!(led.lead().map(|c| c.to_string()).as_deref(), Some("HQ"));
        assert_eq!(led.typed(), "4S N 10 HQ");
        assert_eq!(parse_board(&led.typed()), Ok(led));
        let bad_lead = parse_board("4S N 10 HX").unwrap_err();
        assert!(bad_lead.starts_with("lead: \"HX\" is not a card"), "{bad_lead}");
        assert!(
            with_lead(BridgeResult::PassedOut, "HQ")
                .unwrap_err()
                .contains("with a contract played")
        );
        assert!(with_lead(led, "SA").unwrap_err().contains("give the lead once"));
        assert_eq!(with_lead(led, "hq"), Ok(led));
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
