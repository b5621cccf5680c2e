//! Turning the bytes of a spreadsheet export into text, and guessing its delimiter.
//!
//! Excel and LibreOffice write UTF-8 with a byte-order mark, UTF-16 ("Unicode text"),
//! or the Windows code page (1252 in Western Europe). We accept all of them and say which
//! one we assumed, because a wrong guess shows up as mangled accents in names.

use encoding_rs::{UTF_16BE, UTF_16LE, WINDOWS_1252};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Utf8,
    Utf8WithBom,
    Utf16Le,
    Utf16Be,
    Windows1252,
}

impl Encoding {
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
    match std::str::from_utf8(bytes) {
        Ok(text) => (text.to_owned(), Encoding::Utf8),
        Err(_) => {
            let (text, _) = WINDOWS_1252.decode_without_bom_handling(bytes);
            (text.into_owned(), Encoding::Windows1252)
        }
    }
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
