//! A knockout's carry-over rule, as data (issue 45): the fractions of the earlier match's
//! margin and the cap ([`CarryOverRule`], written `1/2,1/3,16`), the arithmetic (margin ×
//! fraction to the nearest tenth of an IMP, halves up, then capped) and where a worked-out
//! carry-over came from ([`CarryOverOrigin`], kept in the knockout's settings) with the
//! sentence saying so. It imports nothing of the event, so that the knockout can keep it;
//! reading the earlier event is [`super::carry_over`]'s.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest carry-over accepted, in tenths of an IMP (99.9 IMPs: real ones are capped
/// at 16 or so; more is a slip of the keyboard).
pub const MOST_CARRY_OVER_TENTHS: u32 = 999;

/// The largest denominator a rule's fraction may have (1/100 of a margin is already less
/// than an IMP for any real match).
pub const MOST_DENOMINATOR: u32 = 100;

/// IMPs in tenths as printed: "3.5", "12", "-4.5".
pub fn tenths_text(tenths: i64) -> String {
    let sign = if tenths < 0 { "-" } else { "" };
    let (whole, tenth) = (tenths.unsigned_abs() / 10, tenths.unsigned_abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

/// IMPs as typed ("3.5", "16"): tenths (saturating), or `None` unless digits with at most
/// one decimal.
pub fn typed_tenths(text: &str) -> Option<u32> {
    let text = text.trim();
    let (whole, tenth) = text.split_once('.').unwrap_or((text, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || tenth.len() != 1 || !digits(tenth) {
        return None;
    }
    // Too many digits saturate: the caller's range check refuses them.
    let whole = whole.parse::<u32>().unwrap_or(u32::MAX);
    let tenth = tenth.parse::<u32>().unwrap_or(0);
    Some(whole.saturating_mul(10).saturating_add(tenth))
}

/// A share of the earlier match's margin, from 0 to 1: `numerator / denominator`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fraction {
    /// The top, at most the denominator. (The numbers are kept small: the settings of an
    /// event travel inside every change made to it.)
    pub numerator: u8,
    /// The bottom, 1 to [`MOST_DENOMINATOR`].
    pub denominator: u8,
}

impl Fraction {
    /// Reads "1/2", "2/5", or a whole "0" or "1"; refused with a sentence otherwise.
    pub fn parse(text: &str) -> Result<Fraction, String> {
        let text = text.trim();
        let (top, bottom) = text.split_once('/').unwrap_or((text, "1"));
        let number = |s: &str| {
            let s = s.trim();
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse::<u32>().ok())
        };
        if text.starts_with('-') {
            return Err(format!(
                "{text} is negative: a fraction of the margin is from 0 to 1"
            ));
        }
        let (Some(Some(numerator)), Some(Some(denominator))) = (number(top), number(bottom)) else {
            return Err(format!(
                "\"{text}\" is not a fraction: write it as 1/2 or 1/3 (or 0 for none)"
            ));
        };
        if denominator == 0 {
            return Err(format!("{text} has a zero denominator"));
        }
        if denominator > MOST_DENOMINATOR {
            return Err(format!("{text}: the denominator is at most {MOST_DENOMINATOR}"));
        }
        if numerator > denominator {
            return Err(format!(
                "{text} is more than the whole margin: a fraction of it is from 0 to 1"
            ));
        }
        // Both at most MOST_DENOMINATOR (100), so they fit.
        Ok(Fraction {
            numerator: u8::try_from(numerator).unwrap_or(u8::MAX),
            denominator: u8::try_from(denominator).unwrap_or(u8::MAX),
        })
    }

    /// Whether it is a fraction [`Fraction::parse`] accepts.
    fn is_valid(self) -> bool {
        (1..=MOST_DENOMINATOR).contains(&u32::from(self.denominator)) && self.numerator <= self.denominator
    }
}

impl fmt::Display for Fraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.denominator == 1 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, self.denominator)
        }
    }
}

/// How a carry-over comes from the earlier match: the fraction of its margin the team placed
/// higher carries when it won that match, the fraction the other team carries when the team
/// placed higher lost it, and the most IMPs carried either way. Written `1/2,1/3,16`, or with
/// one fraction for both, `1/3,10`; the cap may be written `max 16`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarryOverRule {
    /// The higher-placed team's share of the margin when it won the earlier match.
    pub won: Fraction,
    /// The other team's share when the higher-placed team lost it.
    pub lost: Fraction,
    /// The most IMPs carried over, in tenths, 1 to [`MOST_CARRY_OVER_TENTHS`].
    pub cap_tenths: u16,
}

impl Default for CarryOverRule {
    /// The Bermuda Bowl's (its FAQ): half the margin to the higher-placed team when it won,
    /// a third to the other team when it lost, at most 16 IMPs.
    fn default() -> Self {
        CarryOverRule {
            won: Fraction {
                numerator: 1,
                denominator: 2,
            },
            lost: Fraction {
                numerator: 1,
                denominator: 3,
            },
            cap_tenths: 160,
        }
    }
}

impl fmt::Display for CarryOverRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cap = tenths_text(i64::from(self.cap_tenths));
        if self.won == self.lost {
            write!(f, "{},{cap}", self.won)
        } else {
            write!(f, "{},{},{cap}", self.won, self.lost)
        }
    }
}

impl CarryOverRule {
    /// Reads a rule as typed, `WON,LOST,CAP` ("1/2,1/3,16") or `FRACTION,CAP` ("1/3,max
    /// 10"); anything else is refused with a sentence saying what is wrong.
    pub fn parse(text: &str) -> Result<CarryOverRule, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let (won, lost, cap) = match parts[..] {
            [won, lost, cap] => (won, lost, cap),
            [both, cap] => (both, both, cap),
            _ => {
                return Err(format!(
                    "the carry-over rule \"{}\": give WON,LOST,CAP, e.g. 1/2,1/3,16 (the higher-placed team's share of the margin when it won, the other team's when it lost, the most IMPs), or FRACTION,CAP, e.g. 1/3,10",
                    text.trim()
                ));
            }
        };
        let in_rule = |why: String| format!("the carry-over rule \"{}\": {why}", text.trim());
        let won = Fraction::parse(won).map_err(in_rule)?;
        let lost = Fraction::parse(lost).map_err(in_rule)?;
        let cap_text = cap.strip_prefix("max").map_or(cap, str::trim);
        let cap_tenths = typed_tenths(cap_text)
            .filter(|t| (1..=MOST_CARRY_OVER_TENTHS).contains(t))
            .and_then(|t| u16::try_from(t).ok())
            .ok_or_else(|| {
                in_rule(format!(
                    "the cap \"{cap}\" is not IMPs from 0.1 to {} with at most one decimal",
                    tenths_text(i64::from(MOST_CARRY_OVER_TENTHS))
                ))
            })?;
        Ok(CarryOverRule {
            won,
            lost,
            cap_tenths,
        })
    }

    /// Whether the rule is one [`CarryOverRule::parse`] accepts (a stored one is checked).
    pub fn is_valid(&self) -> bool {
        self.won.is_valid()
            && self.lost.is_valid()
            && (1..=MOST_CARRY_OVER_TENTHS).contains(&u32::from(self.cap_tenths))
    }

    /// The carry-over of a `margin`-IMP win, in tenths: the fraction for `higher_won`, to
    /// the nearest tenth (halves up), capped; 0 is none.
    pub fn tenths(&self, margin: u32, higher_won: bool) -> u32 {
        let (exact, _) = self.exact(margin, higher_won);
        exact.min(u32::from(self.cap_tenths))
    }

    /// The carry-over before the cap, in tenths (rounded, halves up), and whether that
    /// rounding changed it.
    fn exact(&self, margin: u32, higher_won: bool) -> (u32, bool) {
        let fraction = if higher_won { self.won } else { self.lost };
        let top = u64::from(margin) * 10 * u64::from(fraction.numerator);
        let bottom = u64::from(fraction.denominator.max(1));
        let rounded = (2 * top + bottom) / (2 * bottom);
        (u32::try_from(rounded).unwrap_or(u32::MAX), top % bottom != 0)
    }
}

/// Where a carry-over worked out from the earlier match came from, kept with it in the
/// knockout's settings so that the score sheet can say so. Teams are this knockout's (0 or
/// 1, its roster's order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CarryOverOrigin {
    /// The round of the earlier event the teams met in.
    pub round: u32,
    /// The team that won that match.
    pub winner: u8,
    /// Its margin, in IMPs (at least 1).
    pub margin: u32,
    /// The team placed higher in the earlier event's standings.
    pub higher: u8,
    /// The rule applied.
    pub rule: CarryOverRule,
    /// The earlier event as the score sheet names it: its title and file ("Autumn League
    /// (league.tourney)"); empty in files written before it was kept.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub event: String,
}

impl CarryOverOrigin {
    /// The team that carries IMPs over and how many tenths (`None` when the rule gives none).
    pub fn carry_over(&self) -> Option<(usize, u32)> {
        let higher_won = self.winner == self.higher;
        let tenths = self.rule.tenths(self.margin, higher_won);
        (tenths > 0).then_some((usize::from(self.winner), tenths))
    }

    /// Whether the origin fits a knockout of two teams and its rule is a valid one.
    pub fn is_valid(&self) -> bool {
        self.winner < 2 && self.higher < 2 && self.margin > 0 && self.rule.is_valid()
    }

    /// The sentence saying how the carry-over was worked out, the teams named by `names`
    /// (this knockout's two), the earlier event by its kept name (or "their earlier event"):
    /// "Aces beat Barons by 12 IMPs in round 3 of Autumn League (league.tourney); Aces placed
    /// higher, so Aces carry over 12 × 1/2 = 6 IMPs."
    pub fn explain(&self, names: &[String]) -> String {
        let source = if self.event.is_empty() {
            "their earlier event"
        } else {
            self.event.as_str()
        };
        let name = |team: usize| names.get(team).map_or("?", String::as_str);
        let (winner, loser) = (
            name(usize::from(self.winner)),
            name(usize::from(1 - self.winner.min(1))),
        );
        let higher_won = self.winner == self.higher;
        let fraction = if higher_won { self.rule.won } else { self.rule.lost };
        let placed = if higher_won {
            format!("{winner} placed higher")
        } else {
            format!("{loser} placed higher")
        };
        let (exact, rounded) = self.rule.exact(self.margin, higher_won);
        let sum = format!("{} × {fraction}", self.margin);
        let start = format!(
            "{winner} beat {loser} by {} IMPs in round {} of {source}; {placed}",
            self.margin, self.round
        );
        let cap = u32::from(self.rule.cap_tenths);
        let tail = match exact {
            0 => format!(
                ", and the rule ({}) gives {sum}, less than 0.05 IMPs: no carry-over.",
                self.rule
            ),
            e if e > cap => format!(
                ", so {winner} carry over {sum} = {}, capped at {} IMPs.",
                tenths_text(i64::from(e)),
                tenths_text(i64::from(cap))
            ),
            e if rounded => format!(
                ", so {winner} carry over {sum} = {} IMPs (to the nearest tenth).",
                tenths_text(i64::from(e))
            ),
            e => format!(
                ", so {winner} carry over {sum} = {} IMPs.",
                tenths_text(i64::from(e))
            ),
        };
        let whole = match self.carry_over() {
            Some((_, tenths)) if tenths % 10 == 0 => {
                " A whole number of IMPs: the match can still end level (then a tie-break stanza decides)."
            }
            _ => "",
        };
        format!("{start}{tail}{whole}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(text: &str) -> CarryOverRule {
        CarryOverRule::parse(text).unwrap()
    }

    #[test]
    fn rules_are_read_and_written_back() {
        let bermuda = rule("1/2,1/3,16");
        assert_eq!(bermuda, CarryOverRule::default());
        assert_eq!(bermuda.to_string(), "1/2,1/3,16");
        let one = rule(" 1/3 , max 10.5 ");
        assert_eq!((one.won, one.lost, one.cap_tenths), (one.lost, one.won, 105));
        assert_eq!(one.to_string(), "1/3,10.5");
        assert_eq!(rule(&one.to_string()), one);
        let whole = rule("1,0,20");
        assert_eq!(whole.won.to_string(), "1");
        assert_eq!(whole.lost.numerator, 0);
    }

    #[test]
    fn bad_rules_are_refused_with_the_reason() {
        for (bad, why) in [
            ("1/2", "give WON,LOST,CAP"),
            ("1/2,1/3,16,4", "give WON,LOST,CAP"),
            ("1/0,1/3,16", "zero denominator"),
            ("3/2,1/3,16", "more than the whole margin"),
            ("-1/2,1/3,16", "negative"),
            ("1/2,1/3,0", "from 0.1 to 99.9"),
            ("1/2,1/3,100", "from 0.1 to 99.9"),
            ("1/2,1/3,16.25", "at most one decimal"),
            ("half,1/3,16", "not a fraction"),
            ("1/1000,1/3,16", "at most 100"),
        ] {
            let said = CarryOverRule::parse(bad).unwrap_err();
            assert!(said.contains(why), "{bad}: {said}");
            assert!(said.contains(bad), "{bad}: the rule is named: {said}");
        }
    }

    #[test]
    fn the_fraction_depends_on_who_won_and_the_cap_holds() {
        let bermuda = CarryOverRule::default();
        // Higher-placed team won by 12: 12 × 1/2 = 6.0 IMPs; lost by 12: 12 × 1/3 = 4.0.
        assert_eq!(bermuda.tenths(12, true), 60);
        assert_eq!(bermuda.tenths(12, false), 40);
        // 13 × 1/3 = 4.333…: 4.3; 11 × 1/3 = 3.666…: 3.7; 7 × 1/2 = 3.5 exactly.
        assert_eq!(bermuda.tenths(13, false), 43);
        assert_eq!(bermuda.tenths(11, false), 37);
        assert_eq!(bermuda.tenths(7, true), 35);
        // 40 × 1/2 = 20 and 60 × 1/3 = 20: both capped at 16.
        assert_eq!(bermuda.tenths(40, true), 160);
        assert_eq!(bermuda.tenths(60, false), 160);
        // A half of a tenth goes up: 1 × 1/4 = 0.25 is 0.3; 1 × 1/100 = 0.01 is nothing.
        assert_eq!(rule("1/4,10").tenths(1, true), 3);
        assert_eq!(rule("1/100,10").tenths(1, true), 0);
    }

    #[test]
    fn the_explanation_says_the_sum_the_rounding_the_cap_and_a_whole_number() {
        let names = ["Aces".to_owned(), "Barons".to_owned()];
        let origin = |winner, margin, higher, rule| CarryOverOrigin {
            round: 3,
            winner,
            margin,
            higher,
            rule,
            event: "Autumn League (league.tourney)".to_owned(),
        };
        let bermuda = CarryOverRule::default();
        let won = origin(0, 12, 0, bermuda);
        assert_eq!(won.carry_over(), Some((0, 60)));
        assert_eq!(
            won.explain(&names),
            "Aces beat Barons by 12 IMPs in round 3 of Autumn League (league.tourney); Aces placed higher, so Aces carry over 12 × 1/2 = 6 IMPs. A whole number of IMPs: the match can still end level (then a tie-break stanza decides)."
        );
        let lost = origin(1, 13, 0, bermuda);
        assert_eq!(lost.carry_over(), Some((1, 43)));
        let said = lost.explain(&names);
        assert!(said.contains("Barons beat Aces by 13 IMPs in round 3 of Autumn League (league.tourney); Aces placed higher, so Barons carry over 13 × 1/3 = 4.3 IMPs (to the nearest tenth)."), "{said}");
        assert!(!said.contains("whole number"), "{said}");
        let capped = origin(1, 50, 1, bermuda);
        assert!(
            capped
                .explain(&names)
                .contains("Barons carry over 50 × 1/2 = 25, capped at 16 IMPs."),
            "{}",
            capped.explain(&names)
        );
        let nothing = origin(0, 1, 0, rule("1/100,10"));
        assert_eq!(nothing.carry_over(), None);
        assert!(nothing.explain(&names).contains("no carry-over"));
        // A file written before the earlier event's name was kept.
        let older = CarryOverOrigin {
            event: String::new(),
            ..won
        };
        assert!(
            older
                .explain(&names)
                .contains("in round 3 of their earlier event;")
        );
    }
}
