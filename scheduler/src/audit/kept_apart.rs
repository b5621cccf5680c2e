//! The pairs a schedule keeps apart — the roster's couples and any never-partner pairs — each
//! with what the schedule did with them, for the audit to call out by name: "Ann Archer & Bob
//! Archer (couple) — never partners, opponents twice".

use super::{Audit, how_often};
use crate::model::{Format, Roster, Schedule};
use std::collections::HashMap;

/// A pair of entrants the organiser wants apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptApart {
    /// Entrant indices, `a < b`.
    pub a: usize,
    /// The other entrant of the pair.
    pub b: usize,
    /// Spouses in the roster (otherwise a never-partner pair given to the generator).
    pub couple: bool,
    /// Whether the schedule promises to keep them apart; a couple in an event made without
    /// "keep couples apart" is listed all the same, as not kept apart.
    pub promised: bool,
}

/// Every pair the schedule promises to keep apart and every couple of the roster, once each,
/// in entrant order. Couples are found by name among the entrants (team events have none).
pub fn kept_apart(schedule: &Schedule, roster: &Roster) -> Vec<KeptApart> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    for (i, name) in schedule.entrants.iter().enumerate() {
        index.entry(name.as_str()).or_insert(i);
    }
    let couples: Vec<(usize, usize)> = roster
        .couples()
        .into_iter()
        .filter_map(|(a, b)| {
            let a = *index.get(roster.players[a].name.as_str())?;
            let b = *index.get(roster.players[b].name.as_str())?;
            Some((a.min(b), a.max(b)))
        })
        .collect();
    let promised: Vec<(usize, usize)> = schedule
        .promise
        .keep_apart
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .filter(|&(a, b)| a != b && b < schedule.entrants.len())
        .collect();
    let mut pairs: Vec<(usize, usize)> = promised.iter().chain(&couples).copied().collect();
    pairs.sort_unstable();
    pairs.dedup();
    pairs
        .into_iter()
        .map(|(a, b)| KeptApart {
            a,
            b,
            couple: couples.contains(&(a, b)),
            promised: promised.contains(&(a, b)),
        })
        .collect()
}

impl KeptApart {
    /// One line for the audit: the names, why, and how often they partnered and opposed
    /// (whist) or met (round robins), read from the audit's matrices.
    pub fn describe(&self, schedule: &Schedule, audit: &Audit) -> String {
        let name = |i: usize| schedule.entrants.get(i).map_or("?", String::as_str);
        let why = match (self.couple, self.promised) {
            (true, true) => "couple",
            (true, false) => "couple, not kept apart",
            (false, _) => "never-partner pair",
        };
        let count = |matrix: &str| {
            audit
                .matrices
                .iter()
                .find(|m| m.name == matrix)
                .map_or(0, |m| m.get(self.a, self.b))
        };
        let together = |times: u16, what: &str, verb: &str| match times {
            0 => format!("never {what}"),
            n => format!("{verb} {}", how_often(n)),
        };
        let what = match schedule.format {
            Format::Whist if count("partners") == 0 && count("opponents") == 0 => {
                "never at the same table (never partners, never opponents)".to_owned()
            }
            Format::Whist => format!(
                "{}, {}",
                together(count("partners"), "partners", "partners"),
                together(count("opponents"), "opponents", "opponents")
            ),
            _ => together(count("met"), "meet", "meet"),
        };
        format!("{} & {} ({why}) — {what}", name(self.a), name(self.b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audit::audit;
    use crate::roster_import::import_roster_bytes;
    use crate::round_robin::{Method, RoundRobinOptions, round_robin};
    use crate::solver::Control;
    use crate::whist::{WhistOptions, whist_schedule};

    fn roster() -> Roster {
        import_roster_bytes(
            "club",
            b"name,spouse\nAnn,Bob\nBob,Ann\nCy,\nDi,\nEd,\nFay,\nGus,\nHal,\n",
        )
        .roster
    }

    #[test]
    fn a_whist_couple_is_named_with_how_often_they_partnered_and_opposed() {
        let roster = roster();
        let options = WhistOptions {
            rounds: None,
            directed: false,
            seed: 1,
            never_partner: vec![(2, 3)],
            ..WhistOptions::default()
        };
        let (schedule, _) = whist_schedule(&roster, &options, &Control::unlimited()).unwrap();
        let audit = audit(&schedule);
        let pairs = kept_apart(&schedule, &roster);
        assert_eq!(
            pairs,
            [
                KeptApart {
                    a: 0,
                    b: 1,
                    couple: true,
                    promised: true
                },
                KeptApart {
                    a: 2,
                    b: 3,
                    couple: false,
                    promised: true
                },
            ]
        );
        let opposed = audit.matrices[1].get(0, 1);
        assert_eq!(
            pairs[0].describe(&schedule, &audit),
            format!(
                "Ann & Bob (couple) — never partners, opponents {}",
                how_often(opposed)
            )
        );
        assert!(
            pairs[1]
                .describe(&schedule, &audit)
                .starts_with("Cy & Di (never-partner pair) — never partners, ")
        );
    }

    #[test]
    fn a_couple_kept_at_separate_tables_is_said_never_to_meet() {
        let roster = roster();
        let options = WhistOptions {
            rounds: Some(2),
            apart: crate::whist::KeepApart::NeverAtTable,
            ..WhistOptions::default()
        };
        let (schedule, _) = whist_schedule(&roster, &options, &Control::unlimited()).unwrap();
        let audit = audit(&schedule);
        let pairs = kept_apart(&schedule, &roster);
        assert_eq!(
            pairs[0].describe(&schedule, &audit),
            "Ann & Bob (couple) — never at the same table (never partners, never opponents)"
        );
    }

    #[test]
    fn a_couple_a_round_robin_does_not_keep_apart_is_said_to_meet() {
        let roster = roster();
        let options = |avoid_spouses| RoundRobinOptions {
            method: Method::Berger,
            double: false,
            avoid_spouses,
        };
        let (together, _) = round_robin(&roster, options(false)).unwrap();
        let pairs = kept_apart(&together, &roster);
        assert_eq!(pairs.len(), 1);
        assert_eq!(
            pairs[0].describe(&together, &audit(&together)),
            "Ann & Bob (couple, not kept apart) — meet once"
        );
    }
}
