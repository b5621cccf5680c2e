//! The puzzle format. First the categories, one a line: `Name: value, value, …` — every
//! category with the same number of values; a category whose values are all whole numbers
//! (or whose name ends in "(ordered)") is ordered: its values are positions 1, 2, 3… from
//! the left. Then the clues, in English, any number a line, each ending with a full stop.
//!
//! A clue names values (any case, several words allowed: "orange juice"); the small words
//! around them ("the", "lives in", "drinks", "owner", "'s"…) are read past. What the clue
//! says comes from a few key words:
//!
//! | clue | meaning |
//! | --- | --- |
//! | `Ada drinks tea.` / `The cat's owner lives in York.` | the same entity has both values |
//! | `Ada does not keep the dog.` (not, never, n't) | different entities |
//! | `Ada is either the cat's owner or lives in Hull.` (either … or) | exactly one of the two |
//! | `Of Bea and Dot, one drinks juice and the other lives in Leeds.` | one each, either way round |
//! | `The Norwegian lives next to the blue house.` (next to, beside) | neighbouring positions |
//! | `The green house is immediately right of the ivory house.` (immediately/directly left or right of) | positions differ by one, in that direction |
//! | `Milk is drunk in house 3.` | a position is a value like any other |
//!
//! Positions refer to the first ordered category. A clue that does not fit is reported by
//! line and word.

use std::fmt;

/// A category of the puzzle and its values, from a `Name: value, value, …` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// As written before the colon, without "(ordered)".
    pub name: String,
    /// In the order written; every category has as many.
    pub values: Vec<String>,
    /// Whether the values are positions, from 1 on the left: all whole numbers, or the name
    /// ends in "(ordered)".
    pub ordered: bool,
}

/// A value: (category index, value index).
pub type ValueRef = (usize, usize);

/// What a clue says, over values of the puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClueKind {
    /// The same entity has both values.
    Same(ValueRef, ValueRef),
    /// Different entities have the two values.
    Different(ValueRef, ValueRef),
    /// The first has exactly one of the other two.
    Either(ValueRef, ValueRef, ValueRef),
    /// Of `first` and `second`, one has `one` and the other has `other`.
    OneEach {
        /// A value naming one of the two entities.
        first: ValueRef,
        /// A value naming the other entity.
        second: ValueRef,
        /// The value one of them has.
        one: ValueRef,
        /// The value the other has.
        other: ValueRef,
    },
    /// The two are in neighbouring positions of the ordered category.
    NextTo(ValueRef, ValueRef),
    /// The first is immediately left of the second (its position one less).
    LeftOf(ValueRef, ValueRef),
}

/// One clue, as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clue {
    /// The line it is on, from 1.
    pub line: usize,
    /// The clue as written, for messages.
    pub text: String,
    /// What it says.
    pub kind: ClueKind,
}

/// A logic-grid puzzle: categories of equally many values, and clues.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// In the order written; the first sets the order of the answer's rows.
    pub categories: Vec<Category>,
    /// In the order written.
    pub clues: Vec<Clue>,
}

impl Puzzle {
    /// Values per category (rows of the answer).
    pub fn size(&self) -> usize {
        self.categories.first().map_or(0, |c| c.values.len())
    }

    /// The value's text as written.
    pub fn value_name(&self, (c, v): ValueRef) -> &str {
        &self.categories[c].values[v]
    }

    /// The first ordered category, which position clues refer to; `None` when none is ordered.
    pub fn ordered_category(&self) -> Option<usize> {
        self.categories.iter().position(|c| c.ordered)
    }
}

/// A problem in the puzzle text, with where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line, from 1.
    pub line: usize,
    /// The word (1-based within the clue) the problem is at, with its text.
    pub word: Option<(usize, String)>,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some((number, word)) = &self.word {
            write!(f, ", word {number} \"{word}\"")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Words a clue may contain around its values; any other word is reported when the clue
/// does not fit, as the likely culprit.
const FILLER: &[&str] = &[
    "a", "an", "the", "is", "are", "was", "does", "do", "did", "has", "have", "had", "lives", "live",
    "living", "in", "at", "on", "of", "to", "with", "who", "whose", "which", "that", "person", "man",
    "woman", "one", "owner", "owns", "own", "keeps", "keep", "kept", "drinks", "drink", "drunk", "drank",
    "s", "and", "other", "smokes", "smoke", "smoked", "smoker", "plays", "play", "likes", "like", "eats",
    "eat", "comes", "from", "house", "position", "place", "seat", "sits", "where", "by", "for", "he", "she",
    "they", "his", "her", "their", "lover", "fan", "reads", "wears", "drives", "works", "as", "be", "it",
    "its", "this",
];

struct Word {
    text: String,
    lower: String,
}

fn words_of(text: &str) -> Vec<Word> {
    let normalised = text.replace(['’', '‘'], "'").replace("n't", " not");
    normalised
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .map(|w| Word {
            text: w.to_owned(),
            lower: w.to_lowercase(),
        })
        .collect()
}

/// Reads a puzzle. Every problem names its line (and word, for clues).
pub fn parse_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    let mut categories: Vec<Category> = Vec::new();
    let mut clue_lines: Vec<(usize, &str)> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let line = line.trim().trim_start_matches('\u{feff}');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let header = line
            .split_once(':')
            .filter(|(name, values)| clue_lines.is_empty() && values.contains(',') && !name.contains('.'));
        match header {
            Some((name, values)) => {
                let mut name = name.trim().to_owned();
                let mut ordered = false;
                if let Some(stripped) = name.strip_suffix("(ordered)") {
                    name = stripped.trim().to_owned();
                    ordered = true;
                }
                let values: Vec<String> = values
                    .split(',')
                    .map(|v| v.trim().trim_end_matches('.').to_owned())
                    .collect();
                if let Some(empty) = values.iter().position(|v| v.is_empty()) {
                    return Err(ParseError {
                        line: number,
                        word: None,
                        message: format!("value {} of {name} is empty", empty + 1),
                    });
                }
                ordered |= values.iter().all(|v| v.parse::<i64>().is_ok());
                if let Some(first) = categories.first()
                    && first.values.len() != values.len()
                {
                    return Err(ParseError {
                        line: number,
                        word: None,
                        message: format!(
                            "{name} has {} values but {} has {}: every category needs the same number",
                            values.len(),
                            first.name,
                            first.values.len()
                        ),
                    });
                }
                categories.push(Category {
                    name,
                    values,
                    ordered,
                });
            }
            None => clue_lines.push((number, line)),
        }
    }
    if categories.len() < 2 {
        return Err(ParseError {
            line: 1,
            word: None,
            message: "a puzzle starts with at least two categories, one a line: \"Pet: cat, dog, fish\""
                .into(),
        });
    }
    // Every value must be told apart from every other.
    let mut seen: Vec<(String, usize)> = Vec::new();
    for (c, category) in categories.iter().enumerate() {
        for value in &category.values {
            let key = value.to_lowercase();
            if let Some((_, other)) = seen.iter().find(|(k, _)| *k == key) {
                return Err(ParseError {
                    line: 1,
                    word: None,
                    message: format!(
                        "\"{value}\" is a value of both {} and {}: rename one so clues can tell them apart",
                        categories[*other].name, category.name
                    ),
                });
            }
            seen.push((key, c));
        }
    }
    let mut puzzle = Puzzle {
        categories,
        clues: Vec::new(),
    };
    for (line, text) in clue_lines {
        for sentence in text.split(['.', '!', ';']) {
            if sentence.trim().is_empty() {
                continue;
            }
            let clue = parse_clue(&puzzle, line, sentence.trim())?;
            puzzle.clues.push(clue);
        }
    }
    Ok(puzzle)
}

/// Values mentioned in a clue, in order, with the word number where each starts.
fn mentions(puzzle: &Puzzle, words: &[Word]) -> Vec<(usize, ValueRef)> {
    let tokenised: Vec<(ValueRef, Vec<String>)> = puzzle
        .categories
        .iter()
        .enumerate()
        .flat_map(|(c, category)| {
            category
                .values
                .iter()
                .enumerate()
                .map(move |(v, value)| ((c, v), words_of(value).into_iter().map(|w| w.lower).collect()))
        })
        .collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let best = tokenised
            .iter()
            .filter(|(_, tokens)| {
                !tokens.is_empty()
                    && i + tokens.len() <= words.len()
                    && tokens.iter().zip(&words[i..]).all(|(t, w)| *t == w.lower)
            })
            .max_by_key(|(_, tokens)| tokens.len());
        match best {
            Some((value, tokens)) => {
                found.push((i, *value));
                i += tokens.len();
            }
            None => i += 1,
        }
    }
    found
}

fn parse_clue(puzzle: &Puzzle, line: usize, text: &str) -> Result<Clue, ParseError> {
    let words = words_of(text);
    let found = mentions(puzzle, &words);
    let clue = ClueText {
        puzzle,
        line,
        text,
        values: found.iter().map(|(_, v)| *v).collect(),
        words,
        found,
    };
    let kind = clue.kind()?;
    // Two values of one category can never be one entity.
    if let ClueKind::Same(a, b) = kind
        && a.0 == b.0
        && a != b
    {
        return Err(clue.fail(format!(
            "{} and {} are both {}, so one entity cannot have both",
            puzzle.value_name(a),
            puzzle.value_name(b),
            puzzle.categories[a.0].name
        )));
    }
    Ok(Clue {
        line,
        text: text.to_owned(),
        kind,
    })
}

/// A clue being read: its words and the values it names, with where each starts.
struct ClueText<'a> {
    puzzle: &'a Puzzle,
    line: usize,
    text: &'a str,
    words: Vec<Word>,
    found: Vec<(usize, ValueRef)>,
    values: Vec<ValueRef>,
}

impl ClueText<'_> {
    /// Whether the clue has the word `w` (lower case).
    fn has(&self, w: &str) -> bool {
        self.words.iter().any(|x| x.lower == w)
    }

    /// Whether the clue has the words `a` `b` in a row (lower case).
    fn has_pair(&self, a: &str, b: &str) -> bool {
        self.words.windows(2).any(|p| p[0].lower == a && p[1].lower == b)
    }

    /// What the clue says, from its key words.
    fn kind(&self) -> Result<ClueKind, ParseError> {
        let has = |w: &str| self.has(w);
        let values = &self.values;
        let negated = has("not") || has("never") || has("no") || has("nor");
        let positional = self.has_pair("next", "to")
            || has("beside")
            || has("adjacent")
            || self.has_pair("left", "of")
            || self.has_pair("right", "of");
        let kind = if self.words.first().is_some_and(|w| w.lower == "of") && has("one") && has("other") {
            self.need(4, "\"of X and Y, one … and the other …\"")?;
            ClueKind::OneEach {
                first: values[0],
                second: values[1],
                one: values[2],
                other: values[3],
            }
        } else if has("either") && has("or") {
            self.need(3, "\"X is either Y or Z\"")?;
            ClueKind::Either(values[0], values[1], values[2])
        } else if positional {
            self.position_kind(negated)?
        } else if negated {
            self.need(2, "\"X is not Y\"")?;
            ClueKind::Different(values[0], values[1])
        } else {
            self.need(2, "\"X is Y\"")?;
            ClueKind::Same(values[0], values[1])
        };
        Ok(kind)
    }

    /// A position clue: next to, or immediately left or right of.
    fn position_kind(&self, negated: bool) -> Result<ClueKind, ParseError> {
        let values = &self.values;
        if self.puzzle.ordered_category().is_none() {
            return Err(self.fail(
                "positions need an ordered category (numbers, or a name ending in \"(ordered)\")".into(),
            ));
        }
        if negated {
            return Err(self.fail("only positive position clues are understood (not \"not next to\")".into()));
        }
        self.need(2, "a position clue")?;
        Ok(
            if self.has_pair("next", "to") || self.has("beside") || self.has("adjacent") {
                ClueKind::NextTo(values[0], values[1])
            } else {
                if !(self.has("immediately") || self.has("directly") || self.has("just")) {
                    return Err(self.fail(
                        "only \"immediately left of\" and \"immediately right of\" are understood".into(),
                    ));
                }
                if self.has_pair("left", "of") {
                    ClueKind::LeftOf(values[0], values[1])
                } else {
                    ClueKind::LeftOf(values[1], values[0])
                }
            },
        )
    }

    /// The error `message` about this clue, pointing at the first word that is neither a
    /// value nor a word the grammar reads past.
    fn fail(&self, message: String) -> ParseError {
        let (puzzle, words) = (self.puzzle, &self.words);
        let covered: Vec<bool> = {
            let mut covered = vec![false; words.len()];
            for (start, value) in &self.found {
                let length = words_of(puzzle.value_name(*value)).len();
                for c in covered.iter_mut().skip(*start).take(length) {
                    *c = true;
                }
            }
            covered
        };
        let keywords = [
            "either",
            "or",
            "not",
            "never",
            "next",
            "beside",
            "adjacent",
            "left",
            "right",
            "immediately",
            "directly",
            "just",
            "nor",
            "no",
        ];
        let culprit = words.iter().enumerate().find(|(i, w)| {
            !covered[*i]
                && !FILLER.contains(&w.lower.as_str())
                && !keywords.contains(&w.lower.as_str())
                && !puzzle.categories.iter().any(|c| c.name.to_lowercase() == w.lower)
        });
        let message = match culprit {
            Some((_, w)) => format!("{message}; \"{}\" is not a value of any category", w.text),
            None => message,
        };
        ParseError {
            line: self.line,
            word: culprit.map(|(i, w)| (i + 1, w.text.clone())),
            message: format!("\"{text}\": {message}", text = self.text),
        }
    }

    /// An error unless the clue names exactly `count` values, as `what` does.
    fn need(&self, count: usize, what: &str) -> Result<(), ParseError> {
        let values = &self.values;
        if values.len() == count {
            Ok(())
        } else {
            let named: Vec<&str> = values.iter().map(|v| self.puzzle.value_name(*v)).collect();
            Err(self.fail(format!(
                "{what} names {count} values, but this clue names {}{}",
                values.len(),
                if named.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", named.join(", "))
                }
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "People: Ada, Bea, Cy\nPet: cat, dog, fish\nDrink: tea, orange juice, water\n";

    #[test]
    fn clue_kinds_from_key_words() {
        let puzzle = parse_puzzle(&format!(
            "{HEAD}Ada drinks orange juice. The cat's owner doesn't drink tea.\nBea is either the fish's owner or drinks water.\nOf Ada and Cy, one keeps the dog and the other drinks tea.\n"
        ))
        .unwrap();
        let kinds: Vec<&ClueKind> = puzzle.clues.iter().map(|c| &c.kind).collect();
        assert_eq!(kinds[0], &ClueKind::Same((0, 0), (2, 1)));
        assert_eq!(kinds[1], &ClueKind::Different((1, 0), (2, 0)));
        assert_eq!(kinds[2], &ClueKind::Either((0, 1), (1, 2), (2, 2)));
        assert_eq!(
            kinds[3],
            &ClueKind::OneEach {
                first: (0, 0),
                second: (0, 2),
                one: (1, 1),
                other: (2, 0)
            }
        );
        assert_eq!(puzzle.clues[2].line, 5);
    }

    #[test]
    fn an_unknown_word_is_named_by_line_and_word() {
        let error = parse_puzzle(&format!(
            "{HEAD}Ada drinks tea. The parrot's owner drinks water.\n"
        ))
        .unwrap_err();
        assert_eq!(error.line, 4);
        assert_eq!(error.word, Some((2, "parrot".into())));
        assert!(
            error.to_string().starts_with("line 4, word 2 \"parrot\": "),
            "{error}"
        );
        assert!(
            error
                .message
                .contains("names 2 values, but this clue names 1 (water)"),
            "{error}"
        );
    }

    #[test]
    fn positions_need_an_ordered_category() {
        let error = parse_puzzle(&format!("{HEAD}Ada lives next to the cat's owner.\n")).unwrap_err();
        assert!(error.message.contains("ordered category"), "{error}");
        let puzzle = parse_puzzle(&format!("{HEAD}House: 1, 2, 3\nAda lives next to the cat's owner. Bea lives in house 3. The tea drinker is immediately right of Cy.\n")).unwrap();
        assert!(puzzle.categories[3].ordered);
        assert_eq!(puzzle.clues[0].kind, ClueKind::NextTo((0, 0), (1, 0)));
        assert_eq!(puzzle.clues[1].kind, ClueKind::Same((0, 1), (3, 2)));
        assert_eq!(puzzle.clues[2].kind, ClueKind::LeftOf((0, 2), (2, 0)));
    }

    #[test]
    fn categories_must_be_the_same_size_and_values_distinct() {
        let error = parse_puzzle("People: Ada, Bea\nPet: cat, dog, fish\n").unwrap_err();
        assert!(
            error.message.contains("Pet has 3 values but People has 2"),
            "{error}"
        );
        let error = parse_puzzle("People: Ada, Bea\nPet: cat, Ada\n").unwrap_err();
        assert!(
            error
                .message
                .contains("\"Ada\" is a value of both People and Pet"),
            "{error}"
        );
    }
}
