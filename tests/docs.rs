//! The documentation holds together: the README stays short, every relative link in the
//! README, ARCHITECTURE.md and the pages under `docs/` reaches a file that exists, every
//! `#anchor` names a heading of its page (by GitHub's rules for heading ids), and every page
//! of the user guide (`docs/guide/`) is linked from the guide's index.
//!
//! Plain std: a small Markdown reader that knows fenced code blocks, code spans, inline links
//! and images `[text](target)` and reference definitions `[label]: target`. Links to other
//! sites (`http:`, `https:`, `mailto:` and any other scheme) are not followed.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The README's length limit: the user guide lives in `docs/guide/`.
const README_MAX_LINES: usize = 300;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the desktop crate sits in the repository")
        .to_path_buf()
}

/// README.md, ARCHITECTURE.md and every `.md` under `docs/`, sorted.
fn checked_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    let mut under_docs = Vec::new();
    markdown_under(&root.join("docs"), &mut under_docs);
    under_docs.sort();
    files.extend(under_docs);
    files
}

fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            markdown_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// `path` relative to the repository, for messages.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

/// The text with fenced code blocks and code spans blanked out (line breaks kept, so byte
/// offsets and line numbers stay those of the file).
fn prose(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<(char, usize)> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let run_char = trimmed.chars().next().filter(|c| *c == '`' || *c == '~');
        let run = run_char.map_or(0, |c| trimmed.chars().take_while(|&x| x == c).count());
        let is_fence_line = indent <= 3 && run >= 3;
        match fence {
            None if is_fence_line => {
                fence = Some((run_char.unwrap(), run));
                out.push_str(&blank(line));
            }
            Some((c, n))
                if is_fence_line && run_char == Some(c) && run >= n && trimmed[run..].trim().is_empty() =>
            {
                fence = None;
                out.push_str(&blank(line));
            }
            Some(_) => out.push_str(&blank(line)),
            None => out.push_str(line),
        }
    }
    blank_code_spans(&out)
}

/// Every character but line breaks turned into a space (byte lengths kept).
fn blank(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c == '\n' {
                "\n".to_string()
            } else {
                " ".repeat(c.len_utf8())
            }
        })
        .collect()
}

/// Code spans (a run of backticks up to the next run of the same length) blanked out,
/// backticks included. A run with no partner is left as it is, as CommonMark does.
fn blank_code_spans(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut copied = 0;
    while i < bytes.len() {
        if bytes[i] != b'`' {
            i += 1;
            continue;
        }
        let run = bytes[i..].iter().take_while(|&&b| b == b'`').count();
        let mut j = i + run;
        let mut close = None;
        while j < bytes.len() {
            if bytes[j] == b'`' {
                let other = bytes[j..].iter().take_while(|&&b| b == b'`').count();
                if other == run {
                    close = Some(j + other);
                    break;
                }
                j += other;
            } else {
                j += 1;
            }
        }
        match close {
            Some(end) => {
                out.push_str(&text[copied..i]);
                out.push_str(&blank(&text[i..end]));
                copied = end;
                i = end;
            }
            None => i += run,
        }
    }
    out.push_str(&text[copied..]);
    out
}

/// A link found in a file: its line (1-based) and its target as written.
#[derive(Debug, PartialEq)]
struct Link {
    line: usize,
    target: String,
}

/// Inline links and images `[text](target "title")` and reference definitions
/// `[label]: target`, outside code.
fn links(text: &str) -> Vec<Link> {
    let prose = prose(text);
    let line_of = |offset: usize| prose[..offset].matches('\n').count() + 1;
    let mut found = Vec::new();
    // Inline: `](` then the destination, `<…>` or up to whitespace or the unbalanced `)`.
    let mut from = 0;
    while let Some(at) = prose[from..].find("](") {
        let start = from + at + 2;
        from = start;
        let rest = &prose[start..];
        let target = if let Some(inner) = rest.strip_prefix('<') {
            inner.split('>').next().unwrap_or("").to_string()
        } else {
            let mut depth = 0usize;
            let mut end = rest.len();
            for (k, c) in rest.char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth == 0 => {
                        end = k;
                        break;
                    }
                    ')' => depth -= 1,
                    c if c.is_whitespace() => {
                        end = k;
                        break;
                    }
                    _ => {}
                }
            }
            rest[..end].to_string()
        };
        found.push(Link {
            line: line_of(start),
            target,
        });
    }
    // Reference definitions: up to three spaces, `[label]:`, the destination.
    let mut offset = 0;
    for line in prose.split_inclusive('\n') {
        let trimmed = line.trim_start_matches(' ');
        if line.len() - trimmed.len() <= 3
            && trimmed.starts_with('[')
            && !trimmed.starts_with("[^")
            && let Some(close) = trimmed.find("]:")
        {
            let target = trimmed[close + 2..].split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            found.push(Link {
                line: line_of(offset),
                target: target.to_string(),
            });
        }
        offset += line.len();
    }
    found.sort_by_key(|l| l.line);
    found
}

/// A link to another site or program (`https:`, `mailto:`, …), which is not followed.
fn is_external(target: &str) -> bool {
    match target.split_once(':') {
        Some((scheme, _)) => {
            !scheme.is_empty()
                && scheme.chars().next().unwrap().is_ascii_alphabetic()
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
        }
        None => false,
    }
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .map_err(|_| ())
                .and_then(|hex| u8::from_str_radix(hex, 16).map_err(|_| ()))
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// GitHub's id for a heading (github-slugger): the heading's text as shown, lower-cased;
/// everything but letters, digits, marks, spaces, hyphens and underscores removed; each
/// space a hyphen.
fn slug(heading: &str) -> String {
    shown_text(heading)
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '_' || is_mark(c))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Combining marks (the common blocks), which GitHub keeps in ids.
fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

/// A heading's Markdown as it is shown: code spans keep their text, links and images their
/// text, HTML tags and emphasis stars go.
fn shown_text(markdown: &str) -> String {
    let mut out = String::new();
    let mut chars = markdown.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '`' | '*' => {}
            '!' if chars.peek() == Some(&'[') => {}
            '[' => {}
            ']' if chars.peek() == Some(&'(') => {
                // Skip the destination.
                let mut depth = 0;
                for d in chars.by_ref() {
                    match d {
                        '(' => depth += 1,
                        ')' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                }
            }
            ']' => {}
            '<' => {
                for d in chars.by_ref() {
                    if d == '>' {
                        break;
                    }
                }
            }
            c => out.push(c),
        }
    }
    out.trim().to_string()
}

/// Every id a page's headings get on GitHub (a repeated one numbered -1, -2, …), and the
/// `<a name>`/`id` anchors written by hand.
fn anchors(text: &str) -> HashSet<String> {
    // Headings are found in the prose (so not in code blocks) and read from the text (so
    // their code spans count): the two have the same lines and byte offsets.
    let prose = prose(text);
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut ids = HashSet::new();
    let mut previous = ("", "");
    for (line, raw) in prose.lines().zip(text.lines()) {
        let trimmed = line.trim_start_matches(' ');
        let indent = line.len() - trimmed.len();
        let mut heading = None;
        if indent <= 3 {
            let hashes = trimmed.chars().take_while(|&c| c == '#').count();
            let after = &trimmed[hashes..];
            if (1..=6).contains(&hashes) && (after.is_empty() || after.starts_with([' ', '\t'])) {
                // An optional closing run of #s (after a space) is not part of the text.
                let body = raw[indent + hashes..].trim();
                let unclosed = body.trim_end_matches('#');
                let body = if unclosed.is_empty() || unclosed.ends_with([' ', '\t']) {
                    unclosed.trim_end()
                } else {
                    body
                };
                heading = Some(body.to_string());
            } else if !previous.0.trim().is_empty()
                && !previous.0.trim_start().starts_with(['|', '-', '*', '#', '>'])
                && !trimmed.trim_end().is_empty()
                && (trimmed.trim_end().chars().all(|c| c == '=')
                    || (trimmed.trim_end().chars().all(|c| c == '-') && trimmed.trim_end().len() >= 2))
            {
                heading = Some(previous.1.trim().to_string());
            }
        }
        if let Some(heading) = heading {
            let base = slug(&heading);
            let mut id = base.clone();
            while ids.contains(&id) {
                let n = seen.entry(base.clone()).or_insert(0);
                *n += 1;
                id = format!("{base}-{n}");
            }
            ids.insert(id);
        }
        for key in ["name=\"", "id=\""] {
            let mut rest = line;
            while let Some(at) = rest.find(key) {
                rest = &rest[at + key.len()..];
                if let Some(end) = rest.find('"') {
                    ids.insert(rest[..end].to_string());
                }
            }
        }
        previous = (line, raw);
    }
    ids
}

/// Every problem with the relative links of `files`: a target that does not exist, or an
/// anchor that names no heading of its page. One line each: `file:line: …`.
fn link_problems(root: &Path, files: &[PathBuf]) -> Vec<String> {
    let mut problems = Vec::new();
    let mut anchor_cache: HashMap<PathBuf, HashSet<String>> = HashMap::new();
    for file in files {
        let text = read(file);
        for link in links(&text) {
            let here = format!("{}:{}", shown(root, file), link.line);
            let target = link.target.trim();
            if target.is_empty() {
                problems.push(format!("{here}: a link with an empty target"));
                continue;
            }
            if is_external(target) {
                continue;
            }
            let (path_part, anchor) = match target.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (target, None),
            };
            let path_part = percent_decode(path_part);
            let resolved = if path_part.is_empty() {
                file.clone()
            } else if let Some(from_root) = path_part.strip_prefix('/') {
                root.join(from_root)
            } else {
                file.parent().unwrap().join(&path_part)
            };
            if !resolved.exists() {
                problems.push(format!(
                    "{here}: link `{target}`: {} does not exist",
                    shown(root, &normalise(&resolved))
                ));
                continue;
            }
            let Some(anchor) = anchor else { continue };
            let anchor = percent_decode(anchor);
            if !resolved.is_file() || resolved.extension().is_none_or(|e| e != "md") {
                continue; // an anchor into a folder or a non-Markdown file (#L10) is GitHub's
            }
            let key = fs::canonicalize(&resolved).unwrap_or(resolved.clone());
            let ids = anchor_cache
                .entry(key)
                .or_insert_with(|| anchors(&read(&resolved)));
            if !ids.contains(&anchor) {
                let mut near: Vec<&String> = ids.iter().filter(|id| similar(id, &anchor)).collect();
                near.sort();
                let hint = if near.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (headings there: {})",
                        near.iter()
                            .map(|s| format!("#{s}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                problems.push(format!(
                    "{here}: link `{target}`: no heading in {} has the id `{anchor}`{hint}",
                    shown(root, &normalise(&resolved))
                ));
            }
        }
    }
    problems
}

/// Two ids that share their first word (for a hint in the message).
fn similar(a: &str, b: &str) -> bool {
    let first = |s: &str| s.split('-').next().unwrap_or("").to_string();
    !first(a).is_empty() && first(a) == first(b)
}

/// `a/b/../c` as `a/c` (without touching the file system), for messages.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

fn fail_with(what: &str, problems: &[String]) {
    assert!(problems.is_empty(), "{what}:\n{}", problems.join("\n"));
}

#[test]
fn the_readme_has_at_most_300_lines() {
    let path = root().join("README.md");
    let lines = read(&path).lines().count();
    assert!(
        lines <= README_MAX_LINES,
        "README.md has {lines} lines, more than {README_MAX_LINES}: move the detail into a page of docs/guide/"
    );
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let root = root();
    let files = checked_files(&root);
    assert!(
        files.iter().all(|f| f.is_file()),
        "README.md and ARCHITECTURE.md must exist"
    );
    fail_with(
        "broken links (file:line: link: why)",
        &link_problems(&root, &files),
    );
}

#[test]
fn every_guide_page_is_linked_from_the_guide_index() {
    let root = root();
    let guide = root.join("docs/guide");
    assert!(guide.is_dir(), "docs/guide/ does not exist");
    let index = guide.join("README.md");
    assert!(
        index.is_file(),
        "docs/guide/README.md (the guide's index) does not exist"
    );
    let linked: HashSet<PathBuf> = links(&read(&index))
        .into_iter()
        .filter(|l| !is_external(&l.target))
        .map(|l| {
            let path = percent_decode(l.target.split('#').next().unwrap_or(""));
            normalise(&guide.join(path))
        })
        .collect();
    let mut pages = Vec::new();
    markdown_under(&guide, &mut pages);
    pages.sort();
    assert!(pages.len() > 1, "docs/guide/ has no pages besides its index");
    let unlinked: Vec<String> = pages
        .iter()
        .filter(|p| **p != index && !linked.contains(&normalise(p)))
        .map(|p| format!("{} is not linked from docs/guide/README.md", shown(&root, p)))
        .collect();
    fail_with("guide pages missing from the index", &unlinked);
}

// The checker itself, on small examples: it must find what it is meant to find.

#[test]
fn slugs_follow_githubs_rules() {
    assert_eq!(slug("Set-up"), "set-up");
    assert_eq!(slug("Development: build times"), "development-build-times");
    assert_eq!(
        slug("Checking a schedule (`tourney verify FILE --format round-robin`)"),
        "checking-a-schedule-tourney-verify-file---format-round-robin"
    );
    assert_eq!(
        slug("Why 30/330 is optimal for 11 × 10 × 3"),
        "why-30330-is-optimal-for-11--10--3"
    );
    assert_eq!(slug("The `pbn_read` target"), "the-pbn_read-target");
    assert_eq!(slug("Über [links](x.md) *here*"), "über-links-here");
    let ids = anchors("# Notes\n\n## `Notes`\n\n```\n# not a heading\n```\n\nSetext\n======\n\n### Notes\n");
    let mut ids: Vec<_> = ids.into_iter().collect();
    ids.sort();
    assert_eq!(ids, ["notes", "notes-1", "notes-2", "setext"]);
}

#[test]
fn links_are_found_outside_code_only() {
    let text = "See [a](a.md) and ![pic](img/p.png \"title\").\n\
                `[not](code.md)` and ``[nor](this.md)``\n\
                ```\n[in](fence.md)\n```\n\
                [ref]: ../b.md#part\n\
                [split\ntext](c.md#x) <https://example.org> [web](https://example.org)\n";
    let found = links(text);
    let found: Vec<(usize, &str)> = found.iter().map(|l| (l.line, l.target.as_str())).collect();
    assert_eq!(
        found,
        [
            (1, "a.md"),
            (1, "img/p.png"),
            (6, "../b.md#part"),
            (8, "c.md#x"),
            (8, "https://example.org")
        ]
    );
    assert!(is_external("https://example.org") && is_external("mailto:x@y.z"));
    assert!(!is_external("docs/guide/README.md") && !is_external("#set-up"));
}

#[test]
fn a_broken_link_and_a_wrong_anchor_are_reported_with_file_and_line() {
    let dir = std::env::temp_dir().join(format!("tourney-docs-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("guide")).unwrap();
    fs::write(dir.join("guide/page.md"), "# A page\n\n## Part one\n").unwrap();
    fs::write(
        dir.join("README.md"),
        "# Top\n\n[ok](guide/page.md#part-one) [self](#top)\n[gone](guide/missing.md)\n\
         [bad anchor](guide/page.md#part-two)\n[bad here](#bottom)\n[site](https://example.org/x)\n",
    )
    .unwrap();
    let problems = link_problems(&dir, &[dir.join("README.md")]);
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(
        problems[0].starts_with("README.md:4: link `guide/missing.md`: guide/missing.md does not exist"),
        "{}",
        problems[0]
    );
    assert!(
        problems[1].starts_with(
            "README.md:5: link `guide/page.md#part-two`: no heading in guide/page.md has the id `part-two`"
        ),
        "{}",
        problems[1]
    );
    assert!(problems[1].contains("#part-one"), "{}", problems[1]);
    assert!(
        problems[2].starts_with("README.md:6: link `#bottom`"),
        "{}",
        problems[2]
    );
    let _ = fs::remove_dir_all(&dir);
}
