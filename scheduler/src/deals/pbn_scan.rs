//! The first pass over a PBN file: the games it holds and the tag pairs of each, with the
//! line each tag starts on, and the tokens of the data lines that follow a section tag
//! (`[Auction]`, `[Play]`, `[OptimumResultTable]` …, §3.5, §3.6, §5) kept with that tag.
//! Everything else is skipped as the PBN 2.1 standard says: a line starting with `%` (§2.4,
//! escape: `% PBN 2.1`, `% EXPORT`, a program's own header lines), `;` comments to the end of
//! the line and `{…}` comments over any number of lines (§3.8). A game ends at a line that is empty or holds only spaces and tabs
//! (§3, a "semi-empty line"), except inside a brace comment.

/// One tag pair: `[Name "value"]` (§3.3), the value with its `\"` and `\\` escapes undone
/// (§3.2), and the data that follows it up to the next tag (a section's tokens, e.g. the rows
/// of an `[OptimumResultTable]`, §5), each with its line.
pub(super) struct Tag {
    pub name: String,
    pub value: String,
    pub line: u64,
    pub data: Vec<(u64, String)>,
}

/// One game: its tags in file order, and any text found before its first tag (which no
/// section can own, so the reader refuses it rather than guess).
#[derive(Default)]
pub(super) struct Game {
    pub tags: Vec<Tag>,
    pub stray: Vec<(u64, String)>,
}

/// The games, and what could not be read (a line and a sentence each).
pub(super) struct Scan {
    pub games: Vec<Game>,
    pub errors: Vec<(u64, String)>,
}

/// Splits `text` (line ends already `\n`) into games and tags.
pub(super) fn scan(text: &str) -> Scan {
    let mut scanner = Scanner {
        chars: text.chars().collect(),
        at: 0,
        line: 1,
        game: Game::default(),
        scan: Scan {
            games: Vec::new(),
            errors: Vec::new(),
        },
    };
    scanner.run();
    scanner.end_game();
    scanner.scan
}

struct Scanner {
    chars: Vec<char>,
    at: usize,
    line: u64,
    game: Game,
    scan: Scan,
}

impl Scanner {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn end_game(&mut self) {
        let game = std::mem::take(&mut self.game);
        if !game.tags.is_empty() || !game.stray.is_empty() {
            self.scan.games.push(game);
        }
    }

    /// Moves to the `\n` that ends the current line (or the end of the text).
    fn skip_rest_of_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.at += 1;
        }
    }

    /// Skips spaces, tabs and line ends (counting lines), as between the tokens of a tag.
    fn skip_white(&mut self) {
        while let Some(c) = self.peek().filter(|c| c.is_whitespace()) {
            if c == '\n' {
                self.line += 1;
            }
            self.at += 1;
        }
    }

    fn run(&mut self) {
        let mut line_start = true;
        while let Some(c) = self.peek() {
            if line_start {
                line_start = false;
                if c == '%' {
                    self.skip_rest_of_line();
                    continue;
                }
                let mut end = self.at;
                while matches!(self.chars.get(end), Some(' ' | '\t')) {
                    end += 1;
                }
                if matches!(self.chars.get(end), None | Some('\n')) {
                    self.end_game();
                    self.at = end;
                    continue;
                }
            }
            match c {
                '\n' => {
                    self.line += 1;
                    self.at += 1;
                    line_start = true;
                }
                ';' => self.skip_rest_of_line(),
                '{' => {
                    let opened = self.line;
                    self.at += 1;
                    loop {
                        match self.peek() {
                            None => {
                                self.scan.errors.push((
                                    opened,
                                    "a comment opened with { is never closed with }, so the rest of the file is inside it".to_owned(),
                                ));
                                return;
                            }
                            Some('}') => break,
                            Some('\n') => self.line += 1,
                            Some(_) => {}
                        }
                        self.at += 1;
                    }
                    self.at += 1;
                }
                '[' => self.tag(),
                c if c.is_whitespace() => self.at += 1,
                _ => {
                    let start = self.at;
                    while self
                        .peek()
                        .is_some_and(|c| !c.is_whitespace() && !matches!(c, '[' | '{' | ';'))
                    {
                        self.at += 1;
                    }
                    let text: String = self.chars[start..self.at].iter().collect();
                    match self.game.tags.last_mut() {
                        None => self.game.stray.push((self.line, text)),
                        // After a tag it is the data of a section (auction calls, played
                        // cards, a table's rows), kept with the tag it follows.
                        Some(tag) => tag.data.push((self.line, text)),
                    }
                }
            }
        }
    }

    /// Reads `[Name "value"]` from the `[`; on a mistake reports it and goes on at the next
    /// line.
    fn tag(&mut self) {
        let line = self.line;
        self.at += 1;
        self.skip_white();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric() || *c == '_') {
            name.push(c);
            self.at += 1;
        }
        if name.is_empty() {
            return self.fail(
                line,
                "a [ that does not start a tag: a tag is written [Name \"value\"], e.g. [Board \"1\"]"
                    .to_owned(),
            );
        }
        self.skip_white();
        if self.peek() != Some('"') {
            return self.fail(
                line,
                format!("the tag [{name} has no value in double quotes, e.g. [{name} \"…\"]"),
            );
        }
        self.at += 1;
        let mut value = String::new();
        loop {
            match self.peek() {
                None | Some('\n') => {
                    return self.fail(
                        line,
                        format!("the value of [{name} is not closed by a double quote on its line"),
                    );
                }
                Some('"') => break,
                Some('\\') if matches!(self.chars.get(self.at + 1), Some('"' | '\\')) => {
                    value.push(self.chars[self.at + 1]);
                    self.at += 2;
                }
                Some(c) => {
                    value.push(c);
                    self.at += 1;
                }
            }
        }
        self.at += 1;
        self.skip_white();
        if self.peek() != Some(']') {
            return self.fail(line, format!("the tag [{name} \"{value}\" is not closed by ]"));
        }
        self.at += 1;
        self.game.tags.push(Tag {
            name,
            value,
            line,
            data: Vec::new(),
        });
    }

    fn fail(&mut self, line: u64, message: String) {
        self.scan.errors.push((line, message));
        self.skip_rest_of_line();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(game: &Game) -> Vec<(&str, &str, u64)> {
        game.tags
            .iter()
            .map(|t| (t.name.as_str(), t.value.as_str(), t.line))
            .collect()
    }

    #[test]
    fn games_tags_comments_sections_and_escapes() {
        let text = "% PBN 2.1\n%Creator: X\n{ a comment\n\nover lines }\n[Event \"Club \\\"night\\\"\"] ; note\n[Board\n \"1\"][Deal \"N:...\"]\n[Auction \"N\"]\n1NT Pass =1= 3NT\nAP\n  \t\n[Board \"2\"]\n";
        let scan = scan(text);
        assert!(scan.errors.is_empty());
        assert_eq!(scan.games.len(), 2);
        assert_eq!(
            names(&scan.games[0]),
            vec![
                ("Event", "Club \"night\"", 6),
                ("Board", "1", 7),
                ("Deal", "N:...", 8),
                ("Auction", "N", 9)
            ]
        );
        assert!(scan.games[0].stray.is_empty());
        assert_eq!(names(&scan.games[1]), vec![("Board", "2", 13)]);
        let auction: Vec<(u64, &str)> = scan.games[0].tags[3]
            .data
            .iter()
            .map(|(line, token)| (*line, token.as_str()))
            .collect();
        assert_eq!(
            auction,
            vec![(10, "1NT"), (10, "Pass"), (10, "=1="), (10, "3NT"), (11, "AP")]
        );
        assert!(scan.games[0].tags[2].data.is_empty());
    }

    #[test]
    fn broken_tags_and_comments_are_reported_with_their_line() {
        let scan = scan("[Board \"1]\n[Deal N:]\nstray\n\n{ never closed\n");
        let lines: Vec<u64> = scan.errors.iter().map(|e| e.0).collect();
        assert_eq!(lines, vec![1, 2, 5], "{:?}", scan.errors);
        let scan2 = super::scan("oops [Board \"1\"]\n");
        assert_eq!(scan2.games[0].stray, vec![(1, "oops".to_owned())]);
    }
}
