//! Victory points: a team match's IMP margin turned into victory points (VPs) for the winner
//! and the loser, on a named scale, for a match of a given number of boards.
//!
//! One scale is shipped: the **WBF 2013 continuous scale** (`wbf2013`), the World Bridge
//! Federation's since the 2013 world championships, described in the WBF Scoring Panel's
//! technical report "The New WBF IMP to VP Scales" (Max Bavin, Henry Bethe, Bart Bramley,
//! Peter Buchen) and published as tables on the WBF's site
//! (<http://www.worldbridge.org/resources/official-documents/wbf-victory-point-scales/>) and
//! the EBU's (<https://www.ebu.co.uk/laws-and-ethics/vp-scales>). With τ = (√5 − 1)/2, N boards,
//! B = 15·√N and I the IMP margin, the winner gets
//! min(20, 10 + 10·(1 − τ^(3I/B)) / (1 − τ³)) and the loser 20 minus that. The values are
//! rounded to two decimals and then adjusted so that each extra IMP is worth no more than the
//! one before: while some margin I has v(I+1) − v(I) > v(I) − v(I−1), v(I) is raised by 0.01
//! (margins taken in increasing order, the pass repeated until none is raised). Only raising
//! the middle value reproduces the published tables: for 8 boards the formula rounds 40 IMPs
//! to 19.73 and the table prints 19.74; for 12 boards 42, 44 and 49 IMPs are raised the same
//! way. `scheduler/tests/suite/victory_points.rs` checks every row of the published 8- and
//! 12-board tables (`fixtures/vp/`), and of another program's 24-board table (not a
//! publication; 13 of its rows are raised, three in a row). The **blitz** margin is the first I at which the winner
//! gets 20.00; the loser never gets less than 0.
//!
//! **Fractional margins** (cross-IMPs and Butler give decimals): the WBF defines the scale on
//! whole IMP margins (the technical report's I is "a non-negative integer") and we found no
//! WBF or EBU rule for a fraction. Tourney interpolates in a straight line between the two
//! whole margins around it and rounds to two decimals: it agrees with the table at every whole
//! margin, and an interpolated scale stays increasing and concave. This is our choice, said so
//! in the user guide.
//!
//! **Older scales.** Two discrete scales are shipped as **published**: the ACBL's **30-VP
//! scale** (`acbl30`, 15–15 for a draw, 18–12 for a win by 1 IMP) and its older **20-VP
//! scale** (`acbl20`, 10–10 for a draw), "the two common scales used in North America for
//! multi-board per match Swiss team games", each with one column of IMP ranges for matches of
//! 6–8 boards and one for 9–11, as printed in BridgeHands' encyclopedia, "Victory Points"
//! (<https://server.bridgehands.com/V/Victory_Points.htm>). The rows are transcribed in
//! [`ACBL30`] and [`ACBL20`]; `scheduler/tests/suite/victory_points.rs` checks each one's
//! shape (every margin from 0 covered once, the winner's VPs rising by one a row, winner and
//! loser adding up to the scale's total) and a few rows against the page. Matches of other
//! lengths are refused for these scales: the page gives no column for them. A fractional
//! margin (cross-IMPs, Butler) is rounded to the nearest whole IMP, a half up, before the
//! table is read: the page has whole margins only, and this is our choice. The WBF's 25-VP
//! scale and the EBU's older 20-VP scales are not shipped: we found no published table of
//! them that we could cite and check a transcription against, and a scale without its
//! published table would be our invention. Their names are recognised and refused with that
//! sentence.
//!
//! Values are kept as whole hundredths of a VP ([`Vp`]), so the winner's and the loser's always
//! add up to exactly the scale's total (20.00 or 30.00). The code is our own.

use std::fmt;

/// The longest match the scales are worked out for: a guard against a mistyped number (team
/// matches scored by VPs are a few boards to a few dozen).
pub const MOST_BOARDS: i64 = 200;

/// A victory-point scale Tourney knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum VpScale {
    /// The WBF 2013 continuous scale: 20 VPs, two decimals, 10.00–10.00 for a draw.
    Wbf2013,
    /// The ACBL's 30-VP scale (published, matches of 6 to 11 boards): 15–15 for a draw.
    Acbl30,
    /// The ACBL's 20-VP discrete scale (published, matches of 6 to 11 boards): 10–10 for a
    /// draw, whole VPs.
    Acbl20,
}

/// Scale names clubs ask for that Tourney does not ship, with what they are: refused with a
/// sentence saying why rather than as an unknown name.
const NOT_SHIPPED: [(&str, &str); 4] = [
    ("wbf25", "the WBF's 25-VP scale"),
    ("wbf30", "a WBF 30-VP scale"),
    ("ebu20", "the EBU's older 20-VP scale"),
    ("ebu25", "the EBU's 25-VP scale"),
];

/// A published discrete scale: for each whole number of VPs the winner gets, the smallest
/// winning margin that gives it, in the column for 6–8 boards and in the column for 9–11
/// boards. The first row is the draw; the last is reached by its margin or more.
pub struct DiscreteScale {
    /// (winner's VPs, smallest margin at 6–8 boards, smallest margin at 9–11 boards).
    pub rows: &'static [(u32, u32, u32)],
    /// The VPs of a match between the two sides.
    pub total: u32,
}

/// The ACBL 30-VP scale as BridgeHands prints it ("Victory Points"): 15–15 at 0 IMPs, 18–12 at
/// 1, … 30–0 at 28 or more (6–8 boards) or 36 or more (9–11 boards).
pub const ACBL30: DiscreteScale = DiscreteScale {
    rows: &[
        (15, 0, 0),
        (18, 1, 1),
        (19, 2, 2),
        (20, 3, 3),
        (21, 4, 5),
        (22, 5, 7),
        (23, 7, 9),
        (24, 9, 12),
        (25, 11, 15),
        (26, 14, 18),
        (27, 17, 22),
        (28, 20, 26),
        (29, 24, 31),
        (30, 28, 36),
    ],
    total: 30,
};

/// The ACBL 20-VP discrete scale as BridgeHands prints it ("Victory Points"): 10–10 at 0 IMPs,
/// 11–9 at 1–2, … 20–0 at 28 or more (6–8 boards) or 36 or more (9–11 boards).
pub const ACBL20: DiscreteScale = DiscreteScale {
    rows: &[
        (10, 0, 0),
        (11, 1, 1),
        (12, 3, 3),
        (13, 5, 6),
        (14, 8, 10),
        (15, 11, 14),
        (16, 14, 18),
        (17, 17, 22),
        (18, 20, 26),
        (19, 24, 31),
        (20, 28, 36),
    ],
    total: 20,
};

/// Where the two ACBL scales are published.
const BRIDGEHANDS: &str = "BridgeHands encyclopedia, \"Victory Points\" (https://server.bridgehands.com/V/Victory_Points.htm): the two common scales used in North America for multi-board Swiss team matches, columns for 6-8 and 9-11 boards";

impl VpScale {
    /// Every scale Tourney ships.
    pub const ALL: [VpScale; 3] = [VpScale::Wbf2013, VpScale::Acbl30, VpScale::Acbl20];

    /// The name typed on the command line (`--scale wbf2013`).
    pub fn name(self) -> &'static str {
        match self {
            VpScale::Wbf2013 => "wbf2013",
            VpScale::Acbl30 => "acbl30",
            VpScale::Acbl20 => "acbl20",
        }
    }

    /// What the scale is, in a few words.
    pub fn title(self) -> &'static str {
        match self {
            VpScale::Wbf2013 => "the WBF 2013 continuous scale: 20 VPs, two decimals",
            VpScale::Acbl30 => "the ACBL 30-VP scale: 15-15 for a draw, matches of 6 to 11 boards",
            VpScale::Acbl20 => "the ACBL 20-VP discrete scale: whole VPs, matches of 6 to 11 boards",
        }
    }

    /// Where the scale is published.
    pub fn source(self) -> &'static str {
        match self {
            VpScale::Wbf2013 => {
                "WBF Scoring Panel, \"The New WBF IMP to VP Scales\" (technical report, 2013), and the WBF's published tables (worldbridge.org, WBF Victory Point Scales)"
            }
            VpScale::Acbl30 | VpScale::Acbl20 => BRIDGEHANDS,
        }
    }

    /// The VPs of a match between the two sides, in hundredths (2000 or 3000).
    pub fn total(self) -> u32 {
        match self {
            VpScale::Wbf2013 => 2000,
            VpScale::Acbl30 => 100 * ACBL30.total,
            VpScale::Acbl20 => 100 * ACBL20.total,
        }
    }

    /// The published discrete table behind the scale, if it is one.
    pub fn discrete(self) -> Option<&'static DiscreteScale> {
        match self {
            VpScale::Wbf2013 => None,
            VpScale::Acbl30 => Some(&ACBL30),
            VpScale::Acbl20 => Some(&ACBL20),
        }
    }

    /// Reads a scale's name: `wbf2013` (also `WBF-2013`, `wbf 2013`, `wbf`). The older scales'
    /// names (`wbf25`, `wbf30`, `ebu20`, …) get a sentence saying why they are not shipped.
    pub fn parse(text: &str) -> Result<VpScale, String> {
        let key: String = text
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' ' | '.'))
            .collect();
        match key.as_str() {
            "wbf2013" | "wbf" | "wbfcontinuous" => return Ok(VpScale::Wbf2013),
            "acbl30" | "acbl30vp" => return Ok(VpScale::Acbl30),
            "acbl20" | "acbl20vp" => return Ok(VpScale::Acbl20),
            "" => return Err(format!("no VP scale given; {}", Self::known())),
            _ => {}
        }
        if let Some((_, what)) = NOT_SHIPPED.iter().find(|(name, _)| *name == key) {
            return Err(format!(
                "{text:?} ({what}) is not in Tourney: no published table of it was found to cite and check it against, and Tourney does not make a scale up; {}",
                Self::known()
            ));
        }
        Err(format!(
            "{text:?} is not a VP scale Tourney knows; {}",
            Self::known()
        ))
    }

    /// "the scales Tourney knows: wbf2013 (…)".
    fn known() -> String {
        let names: Vec<String> = Self::ALL
            .iter()
            .map(|scale| format!("{} ({})", scale.name(), scale.title()))
            .collect();
        format!("the scales Tourney knows: {}", names.join(", "))
    }

    /// The scale for a match of `boards` boards, every whole margin from 0 to the blitz.
    /// Refuses, with a sentence, a match of fewer than 1 or more than [`MOST_BOARDS`] boards.
    pub fn table(self, boards: i64) -> Result<VpTable, String> {
        if boards < 1 {
            return Err(format!(
                "{boards} boards: a match has at least 1 board (give the number of boards each team played in the match)"
            ));
        }
        if boards > MOST_BOARDS {
            return Err(format!(
                "{boards} boards: Tourney works out the {} scale for matches of 1 to {MOST_BOARDS} boards",
                self.name()
            ));
        }
        let boards = u32::try_from(boards).map_err(|_| format!("{boards} boards is out of range"))?;
        let winner = match self.discrete() {
            None => wbf2013_hundredths(boards),
            Some(scale) => discrete_hundredths(scale, boards).ok_or_else(|| {
                format!(
                    "{boards} boards: {} is published for matches of 6 to 11 boards only; for a match of {boards} boards choose wbf2013",
                    self.name()
                )
            })?,
        };
        Ok(VpTable {
            scale: self,
            boards,
            winner,
        })
    }
}

impl std::str::FromStr for VpScale {
    type Err = String;

    fn from_str(text: &str) -> Result<VpScale, String> {
        VpScale::parse(text)
    }
}

impl fmt::Display for VpScale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A number of victory points, kept in whole hundredths (12.05 VPs is `Vp(1205)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vp(u32);

impl Vp {
    /// The full 20.00 of a 20-VP scale.
    pub const TWENTY: Vp = Vp(2000);

    /// The VPs in hundredths: 1205 for 12.05.
    pub fn hundredths(self) -> u32 {
        self.0
    }

    /// The VPs as a number: 12.05.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

impl fmt::Display for Vp {
    /// Two decimals, as the tables print them: "12.05", "0.00".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

/// What one match is worth to each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VpSplit {
    /// The side that won by the margin (either side of a draw).
    pub winner: Vp,
    /// The other side: the scale's total (20.00) minus the winner's.
    pub loser: Vp,
}

/// One row of a printed scale: a whole IMP margin and the VPs it gives each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VpRow {
    /// The winner's IMP margin.
    pub imps: u32,
    /// The VPs each side gets for it.
    pub split: VpSplit,
}

/// A scale worked out for one match length: the winner's VPs for every whole margin from 0 to
/// the blitz.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VpTable {
    scale: VpScale,
    boards: u32,
    /// The winner's VPs in hundredths, indexed by the IMP margin; the last is the full 20.00.
    winner: Vec<u32>,
}

impl VpTable {
    /// The scale it is a table of.
    pub fn scale(&self) -> VpScale {
        self.scale
    }

    /// The match length it is for.
    pub fn boards(&self) -> u32 {
        self.boards
    }

    /// The blitz: the smallest margin that gives the winner the scale's full total.
    pub fn blitz(&self) -> u32 {
        (self.winner.len() as u32).saturating_sub(1)
    }

    /// Every row from 0 IMPs to the blitz.
    pub fn rows(&self) -> Vec<VpRow> {
        (0..self.winner.len())
            .map(|imps| VpRow {
                imps: imps as u32,
                split: self.split_of(self.winner[imps]),
            })
            .collect()
    }

    /// The VPs for a winning margin of `imps` (0 or more, fractions allowed: interpolated in a
    /// straight line between the whole margins around it, rounded to two decimals). A margin
    /// past the blitz gives the blitz's 20.00–0.00. A negative margin or one that is not a
    /// number is refused with a sentence.
    pub fn for_margin(&self, imps: f64) -> Result<VpSplit, String> {
        if !imps.is_finite() {
            return Err(format!("{imps} is not an IMP margin"));
        }
        if imps < 0.0 {
            return Err(format!(
                "an IMP margin is the winner's lead, 0 or more ({imps} given: that is a win by {} IMPs for the other side)",
                -imps
            ));
        }
        let blitz = self.blitz();
        if imps >= f64::from(blitz) {
            return Ok(self.split_of(self.scale.total()));
        }
        if self.scale.discrete().is_some() {
            // Whole margins only: a fraction is rounded to the nearest, a half up.
            return Ok(self.split_of(self.winner[(imps + 0.5).floor() as usize]));
        }
        let below = imps.floor();
        let index = below as usize;
        let (low, high) = (self.winner[index], self.winner[index + 1]);
        let step = f64::from(high.saturating_sub(low)) * (imps - below);
        Ok(self.split_of(low + step.round() as u32))
    }

    /// The table as CSV: a header line `IMPs,winner,loser`, then a row per whole margin from 0
    /// to the blitz, VPs with two decimals.
    pub fn csv(&self) -> String {
        let mut text = String::from("IMPs,winner,loser\n");
        for row in self.rows() {
            text.push_str(&format!(
                "{},{},{}\n",
                row.imps, row.split.winner, row.split.loser
            ));
        }
        text
    }

    fn split_of(&self, winner: u32) -> VpSplit {
        let total = self.scale.total();
        let winner = winner.min(total);
        VpSplit {
            winner: Vp(winner),
            loser: Vp(total - winner),
        }
    }
}

/// The VPs each side gets for winning a match of `boards` boards by `imps` IMPs on `scale`
/// (see [`VpScale::table`] and [`VpTable::for_margin`] for what is refused).
pub fn victory_points(scale: VpScale, boards: i64, imps: f64) -> Result<VpSplit, String> {
    scale.table(boards)?.for_margin(imps)
}

/// A published discrete scale's winner's VPs in hundredths for every margin from 0 to the
/// blitz, from its column for `boards` boards (`None` outside 6 to 11).
fn discrete_hundredths(scale: &DiscreteScale, boards: u32) -> Option<Vec<u32>> {
    let column = |row: &(u32, u32, u32)| match boards {
        6..=8 => Some(row.1),
        9..=11 => Some(row.2),
        _ => None,
    };
    let blitz = column(scale.rows.last()?)?;
    (0..=blitz)
        .map(|margin| {
            let vps = scale
                .rows
                .iter()
                .rev()
                .find(|row| column(row).is_some_and(|low| low <= margin))
                .map_or(scale.rows[0].0, |row| row.0);
            Some(100 * vps)
        })
        .collect()
}

/// The WBF 2013 scale for `boards` boards (at least 1): the winner's VPs in hundredths from a
/// margin of 0 to the blitz, rounded and then made concave (see the module's documentation).
fn wbf2013_hundredths(boards: u32) -> Vec<u32> {
    let tau = (5f64.sqrt() - 1.0) / 2.0;
    let b = 15.0 * f64::from(boards).sqrt();
    let denominator = 1.0 - tau.powi(3);
    // The formula reaches 20 at I = B, so no margin past ⌈B⌉ is needed.
    let last = b.ceil() as u32 + 1;
    let mut values: Vec<i64> = Vec::new();
    for margin in 0..=last {
        let exact = 1000.0 + 1000.0 * (1.0 - tau.powf(3.0 * f64::from(margin) / b)) / denominator;
        let value = (exact.round() as i64).min(2000);
        values.push(value);
        if value == 2000 {
            break;
        }
    }
    make_concave(&mut values);
    let end = values.iter().position(|&v| v >= 2000).unwrap_or(values.len() - 1);
    values.truncate(end + 1);
    values.iter().map(|&v| v.clamp(0, 2000) as u32).collect()
}

/// Raises a value by one hundredth wherever the step after it is larger than the step before
/// it, in increasing order, pass after pass until every step is no larger than the one before.
/// (Each raise keeps the value at most the next one, so the values stay increasing; the sum
/// grows each pass and is bounded, so it ends.)
fn make_concave(values: &mut [i64]) {
    let mut raised = true;
    while raised {
        raised = false;
        for i in 1..values.len().saturating_sub(1) {
            if values[i + 1] - values[i] > values[i] - values[i - 1] {
                values[i] += 1;
                raised = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_8_board_scale_starts_and_ends_as_published() {
        let table = VpScale::Wbf2013.table(8).unwrap();
        assert_eq!(table.blitz(), 43);
        let rows = table.rows();
        assert_eq!(rows[0].split.winner.to_string(), "10.00");
        assert_eq!(rows[1].split.winner.to_string(), "10.44");
        // The formula rounds to 19.73; the published table raises it to 19.74.
        assert_eq!(rows[40].split.winner.to_string(), "19.74");
        assert_eq!(rows[40].split.loser.to_string(), "0.26");
        assert_eq!(rows[43].split.winner, Vp::TWENTY);
    }

    #[test]
    fn fractions_are_interpolated_and_past_the_blitz_is_twenty() {
        let table = VpScale::Wbf2013.table(8).unwrap();
        let half = table.for_margin(0.5).unwrap();
        assert_eq!(half.winner.to_string(), "10.22");
        assert_eq!(half.loser.to_string(), "9.78");
        assert_eq!(table.for_margin(3.0).unwrap().winner.to_string(), "11.27");
        assert_eq!(table.for_margin(200.0).unwrap().loser.to_string(), "0.00");
        assert!(table.for_margin(-1.0).unwrap_err().contains("other side"));
        assert!(table.for_margin(f64::NAN).is_err());
    }

    #[test]
    fn names_are_read_and_refused_with_a_sentence() {
        assert_eq!(VpScale::parse(" WBF-2013 ").unwrap(), VpScale::Wbf2013);
        assert_eq!("wbf2013".parse::<VpScale>().unwrap(), VpScale::Wbf2013);
        assert!(VpScale::parse("wbf25").unwrap_err().contains("not in Tourney"));
        assert_eq!(VpScale::parse("ACBL-30").unwrap(), VpScale::Acbl30);
        assert_eq!(VpScale::parse("acbl 20").unwrap(), VpScale::Acbl20);
        assert!(VpScale::parse("ebu20").unwrap_err().contains("published table"));
        assert!(VpScale::parse("bogus").unwrap_err().contains("wbf2013"));
        assert!(VpScale::parse("").unwrap_err().contains("no VP scale"));
    }

    #[test]
    fn match_lengths_out_of_range_are_refused() {
        assert!(
            victory_points(VpScale::Wbf2013, 0, 3.0)
                .unwrap_err()
                .contains("at least 1 board")
        );
        assert!(
            victory_points(VpScale::Wbf2013, -4, 3.0)
                .unwrap_err()
                .contains("-4 boards")
        );
        assert!(
            victory_points(VpScale::Wbf2013, 201, 3.0)
                .unwrap_err()
                .contains("1 to 200")
        );
        assert!(VpScale::Wbf2013.table(1).is_ok());
        assert!(VpScale::Wbf2013.table(MOST_BOARDS).is_ok());
    }
}
