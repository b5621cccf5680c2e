//! Turning the bytes of a spreadsheet export into text, and guessing its delimiter.
//!
//! Excel and LibreOffice write UTF-8 with a byte-order mark, UTF-16 ("Unicode text"),
//! or the Windows code page (1252 in Western Europe). We accept all of them and say which
//! one we assumed, because a wrong guess shows up as mangled accents in names.

use encoding_rs::{UTF_16BE, UTF_16LE, WINDOWS_1252};

/// The text encoding a file was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 without a byte-order mark (also plain ASCII).
    Utf8,
    /// UTF-8 starting with a byte-order mark, as Excel writes "CSV UTF-8".
    Utf8WithBom,
    /// UTF-16 little-endian (Excel's "Unicode text"), with or without a byte-order mark.
    Utf16Le,
    /// UTF-16 big-endian, with or without a byte-order mark.
    Utf16Be,
    /// The Western European Windows code page: bytes that are not UTF-8.
    Windows1252,
}

impl Encoding {
    /// The encoding's name, for the organiser ("UTF-16 little-endian").
    pub fn describe(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8WithBom => "UTF-8 with byte-order mark",
            Encoding::Utf16Le => "UTF-16 little-endian",
            Encoding::Utf16Be => "UTF-16 big-endian",
            Encoding::Windows1252 => "Windows-1252",
        }
    }
}

/// Decodes a text file whatever its encoding. Never fails: bytes that are not UTF-8 are read
/// as Windows-1252, which maps every byte to some character.
pub fn decode(bytes: &[u8]) -> (String, Encoding) {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return (String::from_utf8_lossy(rest).into_owned(), Encoding::Utf8WithBom);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        let (text, _) = UTF_16LE.decode_without_bom_handling(rest);
        return (text.into_owned(), Encoding::Utf16Le);
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        let (text, _) = UTF_16BE.decode_without_bom_handling(rest);
        return (text.into_owned(), Encoding::Utf16Be);
    }
    match utf16_without_mark(bytes) {
        Some(Encoding::Utf16Le) => {
            return (
                UTF_16LE.decode_without_bom_handling(bytes).0.into_owned(),
                Encoding::Utf16Le,
            );
        }
        Some(_) => {
            return (
                UTF_16BE.decode_without_bom_handling(bytes).0.into_owned(),
                Encoding::Utf16Be,
            );
        }
        None => {}
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_owned(), Encoding::Utf8),
        Err(_) => {
            let (text, _) = WINDOWS_1252.decode_without_bom_handling(bytes);
            (text.into_owned(), Encoding::Windows1252)
        }
    }
}

/// UTF-16 written without a byte-order mark (some programs do), told by where the zero
/// bytes fall: Latin text in UTF-16 has a zero in every other byte, on the odd positions in
/// little-endian, the even ones in big-endian. Looks at the first kilobyte; `None` unless
/// the pattern is plain (at least a third of the pairs, and none the other way).
fn utf16_without_mark(bytes: &[u8]) -> Option<Encoding> {
    let head = &bytes[..bytes.len().min(1024) & !1];
    if head.len() < 4 {
        return None;
    }
    let pairs = head.len() / 2;
    let even = head.iter().step_by(2).filter(|&&b| b == 0).count();
    let odd = head.iter().skip(1).step_by(2).filter(|&&b| b == 0).count();
    match (even, odd) {
        (0, odd) if odd * 3 >= pairs => Some(Encoding::Utf16Le),
        (even, 0) if even * 3 >= pairs => Some(Encoding::Utf16Be),
        _ => None,
    }
}

/// Whether `bytes` are UTF-16 text, with a byte-order mark or without (so their zero bytes
/// do not make them a binary file).
pub fn looks_utf16(bytes: &[u8]) -> bool {
    bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") || utf16_without_mark(bytes).is_some()
}

/// Whether CSV `text` ends inside a quoted field (a quote opened and never closed), read by
/// the CSV rules: a quote opens a field only at its start, and `""` inside one is a quote.
pub fn ends_inside_quotes(text: &str, delimiter: u8) -> bool {
    let bytes = text.as_bytes();
    let (mut in_quotes, mut at_field_start) = (false, true);
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        if in_quotes {
            if byte == b'"' {
                if bytes.get(at + 1) == Some(&b'"') {
                    at += 1;
                } else {
                    in_quotes = false;
                }
            }
            at_field_start = false;
        } else if byte == b'"' && at_field_start {
            in_quotes = true;
            at_field_start = false;
        } else {
            at_field_start = byte == delimiter || byte == b'\n' || byte == b'\r';
        }
        at += 1;
    }
    in_quotes
}

/// Picks `,`, `;` or tab by how the first non-blank line splits (quotes respected). `None`
/// means the file has a single column, so commas inside names ("Müller, Jürgen") stay put.
pub fn sniff_delimiter(text: &str) -> Option<u8> {
    let first_line = text.lines().find(|l| !l.trim().is_empty())?;
    let mut best: Option<(usize, u8)> = None;
    // On a tie `;` wins over `,`: European exports use `;` precisely because `,` appears in data.
    for delimiter in [b'\t', b';', b','] {
        let fields = count_fields(first_line, delimiter);
        if fields > 1 && best.is_none_or(|(most, _)| fields > most) {
            best = Some((fields, delimiter));
        }
    }
    best.map(|(_, delimiter)| delimiter)
}

/// Fields of one line as a CSV reader splits it: a quote opens a quoted part only at the start
/// of a field (elsewhere it is an ordinary character, as in `O"Brien`), and `""` inside
/// quotes is a quote character.
fn count_fields(line: &str, delimiter: u8) -> usize {
    let mut fields = 1;
    let mut in_quotes = false;
    let mut at_field_start = true;
    let mut bytes = line.bytes().peekable();
    while let Some(byte) = bytes.next() {
        if in_quotes {
            if byte == b'"' && bytes.next_if_eq(&b'"').is_none() {
                in_quotes = false;
            }
        } else if byte == delimiter {
            fields += 1;
            at_field_start = true;
            continue;
        } else if byte == b'"' && at_field_start {
            in_quotes = true;
        }
        at_field_start = false;
    }
    fields
}

/// Whether a character would be acted on by a terminal or printer instead of being shown:
/// the C0 and C1 control codes and DEL (escape sequences start with one), except the tab and
/// line ends, which CSV reading deals with.
pub fn is_terminal_control(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// A Unicode noncharacter (U+FDD0–U+FDEF, and the last two code points of every plane,
/// U+FFFE and U+FFFF among them): never text, and not allowed in XML.
pub fn is_noncharacter(c: char) -> bool {
    let code = c as u32;
    (0xFDD0..=0xFDEF).contains(&code) || code & 0xFFFE == 0xFFFE
}

/// A character no name or title may hold: a terminal control (see [`is_terminal_control`])
/// or a noncharacter.
pub fn is_unfit_char(c: char) -> bool {
    is_terminal_control(c) || is_noncharacter(c)
}

/// Checks one line of text typed for an event (a title, a club, a date, a name): no control
/// character (tabs and line breaks included) and no noncharacter. The refusal names `what`
/// and each character: "the title holds U+001B (escape) …".
pub fn screen_line(what: &str, text: &str) -> Result<(), String> {
    let mut unfit: Vec<char> = text
        .chars()
        .filter(|&c| c.is_control() || is_noncharacter(c))
        .collect();
    if unfit.is_empty() {
        return Ok(());
    }
    unfit.sort_unstable();
    unfit.dedup();
    let named: Vec<String> = unfit.iter().map(|&c| describe_control(c)).collect();
    Err(format!(
        "{what} holds {}, which cannot be shown or printed (a terminal or an XML reader would act on it or refuse it); type it again without",
        named.join(", ")
    ))
}

/// `text` with every unfit character (see [`is_unfit_char`]) replaced by U+FFFD, for
/// printing what an older file may hold.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if text
        .chars()
        .any(|c| is_unfit_char(c) || c == '\t' || c == '\n' || c == '\r')
    {
        text.chars()
            .map(|c| {
                if c.is_control() || is_noncharacter(c) {
                    '\u{FFFD}'
                } else {
                    c
                }
            })
            .collect::<String>()
            .into()
    } else {
        text.into()
    }
}

/// `U+001B (escape)`: a control character named for a message.
pub fn describe_control(c: char) -> String {
    let name = match c {
        '\0' => " (NUL)",
        '\u{7}' => " (bell)",
        '\u{8}' => " (backspace)",
        '\u{b}' => " (vertical tab)",
        '\u{c}' => " (form feed)",
        '\u{1b}' => " (escape)",
        '\u{7f}' => " (delete)",
        '\u{85}' => " (next line)",
        '\u{9b}' => " (control sequence introducer)",
        '\t' => " (tab)",
        '\n' => " (line feed)",
        '\r' => " (carriage return)",
        c if is_noncharacter(c) => " (not a character)",
        _ => "",
    };
    format!("U+{:04X}{name}", c as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_1252_umlauts_are_recovered() {
        let bytes = b"Name\r\nM\xFCller, J\xFCrgen\r\n";
        let (text, encoding) = decode(bytes);
        assert_eq!(encoding, Encoding::Windows1252);
        assert!(text.contains("Müller, Jürgen"));
    }

    #[test]
    fn utf16_excel_unicode_text_is_read() {
        let mut bytes = vec![0xFF, 0xFE];
        for unit in "Name\tClub\r\nZoë\tYork\r\n".encode_utf16() {
            bytes.extend_from_slice(&unit.to_le_bytes());
        }
        let (text, encoding) = decode(&bytes);
        assert_eq!(encoding, Encoding::Utf16Le);
        assert_eq!(text, "Name\tClub\r\nZoë\tYork\r\n");
    }

    #[test]
    fn controls_are_named_and_tabs_are_not_controls_here() {
        assert_eq!(describe_control('\u{1b}'), "U+001B (escape)");
        assert_eq!(describe_control('\u{90}'), "U+0090");
        assert!(is_terminal_control('\0') && is_terminal_control('\u{9b}'));
        assert!(!is_terminal_control('\t') && !is_terminal_control('é'));
    }

    #[test]
    fn delimiter_is_sniffed_from_the_header() {
        assert_eq!(sniff_delimiter("Name;Club\nMüller, Jürgen;Bonn"), Some(b';'));
        assert_eq!(sniff_delimiter("\n\nName,Club\n"), Some(b','));
        assert_eq!(sniff_delimiter("Name\tClub"), Some(b'\t'));
        assert_eq!(sniff_delimiter("\"Name, full\";Club"), Some(b';'));
        assert_eq!(sniff_delimiter("Name\nMüller, Jürgen"), None);
        // A stray quote inside a header cell is an ordinary character, as the reader takes it.
        assert_eq!(sniff_delimiter("N\"ame,Club"), Some(b','));
        assert_eq!(sniff_delimiter("\"Name \"\"a\"\", b\";Club"), Some(b';'));
    }
}
