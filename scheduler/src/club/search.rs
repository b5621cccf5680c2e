//! Finding a member as the organiser types: by the start of any word of the name ("smi" finds
//! "Jane Smith", "Brontë-Smith" and "Šmíd, Jan"), or by the start of the number ("123" finds
//! 12345), ignoring case and accents ("muller" finds "Müller", "lukasz" "Łukasz").

use super::ClubMember;

/// `text` as search compares it: lower case, accents and other marks taken off Latin letters
/// ("Šmíd" is "smid", "Łukasz" "lukasz", "Straße" "strasse", "Æsa" "aesa"). Other scripts are
/// only lower-cased; combining marks (text written decomposed) are dropped.
pub fn search_key(text: &str) -> String {
    let mut key = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if ('\u{300}'..='\u{36F}').contains(&c) {
            continue;
        }
        match unaccented(c) {
            Some(plain) => key.push_str(plain),
            None => key.push(c),
        }
    }
    key
}

/// A name as two rows of a member list are compared to tell whether they are one person:
/// case and runs of spaces aside (accents count: "Müller" and "Muller" may be two people).
pub fn name_key(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The plain letters of a lower-case Latin letter with a mark (Latin-1 and Latin Extended-A,
/// and the Romanian comma-below letters); `None` for any other character.
fn unaccented(c: char) -> Option<&'static str> {
    Some(match c {
        'à'..='å' | 'ā' | 'ă' | 'ą' | 'ǎ' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è'..='ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => "e",
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => "g",
        'ĥ' | 'ħ' => "h",
        'ì'..='ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' | 'ǐ' => "i",
        'ĳ' => "ij",
        'ĵ' => "j",
        'ķ' | 'ĸ' => "k",
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => "l",
        'ñ' | 'ń' | 'ņ' | 'ň' | 'ŉ' | 'ŋ' => "n",
        'ò'..='ö' | 'ø' | 'ō' | 'ŏ' | 'ő' | 'ǒ' => "o",
        'œ' => "oe",
        'ŕ' | 'ŗ' | 'ř' => "r",
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' => "s",
        'ß' => "ss",
        'ţ' | 'ť' | 'ŧ' | 'ț' => "t",
        'þ' => "th",
        'ù'..='ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' | 'ǔ' => "u",
        'ŵ' => "w",
        'ý' | 'ÿ' | 'ŷ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        _ => return None,
    })
}

/// The words a name can be found by: its parts split at spaces, hyphens and commas, with
/// apostrophes and dots taken out ("O'Brien" is "obrien"), and each of those split again at
/// what is not a letter or digit ("o", "brien").
fn words(name: &str) -> Vec<String> {
    let key = search_key(name);
    let mut words = Vec::new();
    for part in key.split(|c: char| c.is_whitespace() || matches!(c, '-' | '–' | ',' | ';' | '/' | '&')) {
        let joined: String = part.chars().filter(|c| c.is_alphanumeric()).collect();
        if !joined.is_empty() {
            words.push(joined);
        }
        let pieces: Vec<&str> = part
            .split(|c: char| !c.is_alphanumeric())
            .filter(|p| !p.is_empty())
            .collect();
        if pieces.len() > 1 {
            words.extend(pieces.into_iter().map(str::to_owned));
        }
    }
    words
}

/// How well `member` answers `query`: `Some(0)` its number is the query, `Some(1)` its number
/// starts with it, `Some(2)` every word of the query starts a word of its name; `None` no match.
fn rank(member: &ClubMember, query: &str) -> Option<u8> {
    let compact: String = query
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    if let Some(number) = &member.number {
        let number: String = number
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_lowercase();
        if number == compact {
            return Some(0);
        }
        if number.starts_with(&compact) {
            return Some(1);
        }
    }
    let name_words = words(&member.name);
    let query_words = words(query);
    let found = !query_words.is_empty()
        && query_words
            .iter()
            .all(|q| name_words.iter().any(|w| w.starts_with(q.as_str())));
    found.then_some(2)
}

/// The members `query` finds (see the module's comment), best first: the member whose
/// number it is, then those whose number starts with it, then those named so, each group in
/// the list's order. An empty query finds everyone.
pub fn search<'a>(members: &'a [ClubMember], query: &str) -> Vec<&'a ClubMember> {
    if query.trim().is_empty() {
        return members.iter().collect();
    }
    let mut found: Vec<(u8, &ClubMember)> = members
        .iter()
        .filter_map(|m| rank(m, query).map(|r| (r, m)))
        .collect();
    found.sort_by_key(|(r, _)| *r);
    found.into_iter().map(|(_, m)| m).collect()
}
