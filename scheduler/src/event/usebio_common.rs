//! What both USEBIO exports write the same way (`usebio` for a pairs evening, `usebio_matches`
//! for a teams event): the club, the date as USEBIO files carry it, and escaped elements.

use super::Event;
use std::fmt::Write;

/// `CLUB` with its name and its national body's number for it, each when the event has it;
/// nothing when it has neither.
pub(super) fn club(x: &mut String, event: &Event) {
    let settings = &event.settings;
    let name = settings.club.as_deref().filter(|c| !c.trim().is_empty());
    let id = settings.club_id.as_deref().filter(|c| !c.trim().is_empty());
    if name.is_none() && id.is_none() {
        return;
    }
    x.push_str("  <CLUB>\n");
    if let Some(name) = name {
        element(x, 4, "CLUB_NAME", name);
    }
    if let Some(id) = id {
        element(x, 4, "CLUB_ID_NUMBER", id.trim());
    }
    x.push_str("  </CLUB>\n");
}

/// The first of an event's own elements: the program, its version, the event's title and, when
/// it has one, its date.
pub(super) fn program_and_event(x: &mut String, event: &Event, program_version: &str) {
    let settings = &event.settings;
    element(x, 4, "PROGRAM_NAME", "Tourney");
    element(x, 4, "PROGRAM_VERSION", program_version);
    element(x, 4, "EVENT_DESCRIPTION", &settings.title);
    if let Some(date) = settings.date.as_deref().and_then(uk_date) {
        element(x, 4, "DATE", &date);
    }
}

/// 2026-11-25 → 25/11/2026, the form USEBIO files carry; `None` for anything else.
pub(super) fn uk_date(iso: &str) -> Option<String> {
    let mut parts = iso.split('-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    (digits(y, 4) && digits(m, 2) && digits(d, 2) && parts.next().is_none()).then(|| format!("{d}/{m}/{y}"))
}

/// `<NAME>text</NAME>` on its own line, indented, with the text escaped for XML.
pub(super) fn element(out: &mut String, indent: usize, name: &str, text: &str) {
    let _ = writeln!(out, "{:indent$}<{name}>{}</{name}>", "", escape(text));
}

pub(super) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            // Every text here is one line. What XML 1.0 does not allow (controls,
            // noncharacters) and line breaks are left out: such text is refused on entry,
            // but an older file may still hold it.
            c if c.is_control() || crate::text::is_noncharacter(c) => {}
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_escapes() {
        assert_eq!(uk_date("2026-11-25").as_deref(), Some("25/11/2026"));
        assert_eq!(uk_date("25/11/2026"), None);
        assert_eq!(escape("A<B & 'C'"), "A&lt;B &amp; &apos;C&apos;");
    }
}
