//! Numbers typed on the command line, read with a sentence for every mistake (clap's own
//! messages for a negative number suggest `-- -1`, which does not work for an option's value).

/// A count typed on the command line (round, table, board, tricks, hands): a whole number
/// from 0. A leading minus is read here, so `--ns -1` gets this sentence rather than clap's
/// tip to write `-- -1` (which does not work for an option's value either).
pub(super) fn whole_number(text: &str) -> Result<u32, String> {
    let value = integer(text)?;
    u32::try_from(value).map_err(|_| {
        if value < 0 {
            format!("{value} is negative; counts start at 0")
        } else {
            format!("{value} is far too large (at most {})", u32::MAX)
        }
    })
}

/// A count (whist tricks) or a pair as written on a traveller ("3", "3NS"): a value that is a
/// number must be a whole number from 0 (read as [`whole_number`]); anything else is kept as
/// typed for the event to read.
pub(super) fn count_or_label(text: &str) -> Result<String, String> {
    if integer(text).is_ok() {
        whole_number(text)?;
    }
    Ok(text.to_owned())
}

/// The largest number of players, pairs, teams or boards the command line reads. Every format
/// has its own, smaller limit with its own sentence (1,000 entrants for round robins and
/// whist, 200 teams of 20 boards); this one only keeps a mistyped `--players 10000000000`
/// from being made into players before those checks run.
const MOST: usize = 100_000;

/// How many players, pairs, teams or boards: a whole number from 1 to 100,000.
pub(super) fn how_many(text: &str) -> Result<usize, String> {
    let value = integer(text)?;
    match usize::try_from(value) {
        Ok(n) if (1..=MOST).contains(&n) => Ok(n),
        _ if value < 1 => Err(format!("{value}: give at least 1")),
        _ => Err(format!(
            "{value} is more than Tourney makes (the largest events take 1,000 entrants; this number may be at most {MOST})"
        )),
    }
}

/// A whole number with its sign, for a value the library judges itself (`vp-scale --boards -3`
/// gets the scale's own sentence, not clap's tip to write `-- -3`).
pub(super) fn signed_whole_number(text: &str) -> Result<i64, String> {
    let value = integer(text)?;
    i64::try_from(value).map_err(|_| format!("{value} is far too large"))
}

/// Any whole number, however long (so "99999999999999999999" is "too large", not "not a
/// number").
fn integer(text: &str) -> Result<i128, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))
}
