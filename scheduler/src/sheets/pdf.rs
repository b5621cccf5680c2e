//! The one place that runs typst. The templates (`assets/templates/*.typ`, and the score
//! cards' `scorecards.typ` and the hand records' `hand_records.typ` beside this file) and the fonts (`assets/fonts/`: Noto Sans for
//! Latin, Greek and Cyrillic, Droid Sans Fallback for Chinese, Japanese and Korean, DejaVu
//! Sans for the arrows and symbols neither has) are compiled into the binary, so a sheet
//! prints the same on any machine and never looks for system fonts. The document goes in as JSON (`sys.inputs.data`).

use super::{Section, SectionBody, SheetDocument, SheetError};
use serde::Serialize;
use std::sync::{Mutex, OnceLock};
use typst::foundations::{Dict, IntoValue};
use typst_as_lib::{TypstEngine, TypstTemplateCollection};
use typst_layout::PagedDocument;

const MAIN: &str = "sheets.typ";
const FOOTERS: &str = "footers.typ";
/// The score cards' own pages (the cards side by side, rounds spanning their boards' rows).
const SCORECARDS: &str = "scorecards.typ";
/// The hand records' own pages (four boards a page, each hand round a compass).
const HAND_RECORDS: &str = "hand_records.typ";
/// The tables' QR code cards for scoring from phones (four a page).
const TABLE_CODES: &str = "table_codes.typ";

const TEMPLATES: [(&str, &str); 8] = [
    (MAIN, include_str!("../../../assets/templates/sheets.typ")),
    (FOOTERS, include_str!("../../../assets/templates/footers.typ")),
    ("tables.typ", include_str!("../../../assets/templates/tables.typ")),
    ("cards.typ", include_str!("../../../assets/templates/cards.typ")),
    ("slips.typ", include_str!("../../../assets/templates/slips.typ")),
    (SCORECARDS, include_str!("scorecards.typ")),
    (HAND_RECORDS, include_str!("hand_records.typ")),
    (TABLE_CODES, include_str!("table_codes.typ")),
];

/// Chinese, Japanese and Korean (Droid Sans Fallback). The window uses it too, so names
/// print and show alike.
pub const CJK_FONT: &[u8] = include_bytes!("../../../assets/fonts/DroidSansFallback.ttf");
/// Arrows and symbols (DejaVu Sans); also the window's fallback.
pub const SYMBOL_FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

const FONTS: [&[u8]; 4] = [
    include_bytes!("../../../assets/fonts/NotoSans-Regular.ttf"),
    include_bytes!("../../../assets/fonts/NotoSans-Bold.ttf"),
    CJK_FONT,
    SYMBOL_FONT,
];

/// Parsing the fonts and templates takes a moment; it is done once per process. typst's
/// caches are not meant to be shared by concurrent compilations, so renders take turns.
fn engine() -> &'static Mutex<TypstEngine<TypstTemplateCollection>> {
    static ENGINE: OnceLock<Mutex<TypstEngine<TypstTemplateCollection>>> = OnceLock::new();
    ENGINE.get_or_init(|| {
        Mutex::new(
            TypstEngine::builder()
                .fonts(FONTS)
                .with_static_source_file_resolver(TEMPLATES)
                .build(),
        )
    })
}

/// Lays out `template` with `data` as its JSON input.
fn compile(
    engine: &TypstEngine<TypstTemplateCollection>,
    template: &str,
    data: &impl Serialize,
) -> Result<PagedDocument, SheetError> {
    let json = serde_json::to_string(data).map_err(|e| SheetError::Layout(e.to_string()))?;
    let mut inputs = Dict::new();
    inputs.insert("data".into(), json.as_str().into_value());
    engine
        .compile_with_input(template, inputs)
        .output
        .map_err(|e| SheetError::Layout(e.to_string()))
}

/// A section cut into parts of a few dozen pages each (`PART_ROWS` table rows, `PART_CARDS`
/// cards, `PART_SLIP_ROWS` rows of slips, `PART_SCORECARDS` score cards, `PART_HAND_RECORDS`
/// boards of hand records), at whole blocks,
/// cards or rows
/// of slips (a part starts on a new page, as a section does).
fn parts(section: &Section) -> Vec<Section> {
    let cut = |body: SectionBody| Section {
        body,
        ..section.clone()
    };
    match &section.body {
        SectionBody::Blocks { blocks } => {
            let mut parts = Vec::new();
            let (mut part, mut rows) = (Vec::new(), 0);
            for block in blocks {
                if rows > 0 && rows + block.grid.rows.len() > PART_ROWS {
                    parts.push(cut(SectionBody::Blocks {
                        blocks: std::mem::take(&mut part),
                    }));
                    rows = 0;
                }
                rows += block.grid.rows.len() + 3;
                part.push(block.clone());
            }
            parts.push(cut(SectionBody::Blocks { blocks: part }));
            parts
        }
        SectionBody::Cards { cards } => cards
            .chunks(PART_CARDS)
            .map(|cards| {
                cut(SectionBody::Cards {
                    cards: cards.to_vec(),
                })
            })
            .collect(),
        SectionBody::Slips { per_row, slips } => slips
            .chunks(PART_SLIP_ROWS * per_row.max(&1))
            .map(|slips| {
                cut(SectionBody::Slips {
                    per_row: *per_row,
                    slips: slips.to_vec(),
                })
            })
            .collect(),
        SectionBody::HandRecords { boards } => boards
            .chunks(PART_HAND_RECORDS)
            .map(|boards| {
                cut(SectionBody::HandRecords {
                    boards: boards.to_vec(),
                })
            })
            .collect(),
        SectionBody::TableCodes { cards } => cards
            .chunks(PART_CARDS)
            .map(|cards| {
                cut(SectionBody::TableCodes {
                    cards: cards.to_vec(),
                })
            })
            .collect(),
        SectionBody::Scorecards {
            across,
            padding,
            lead,
            groups,
            columns,
            cards,
        } => cards
            .chunks(PART_SCORECARDS)
            .map(|cards| {
                cut(SectionBody::Scorecards {
                    across: *across,
                    padding: *padding,
                    lead: *lead,
                    groups: groups.clone(),
                    columns: columns.clone(),
                    cards: cards.to_vec(),
                })
            })
            .collect(),
    }
}

/// About 30 pages of round sheet (a part's layout costs typst a few MiB a page).
const PART_ROWS: usize = 1500;
/// About 20 pages of table cards.
const PART_CARDS: usize = 20;
/// About 20 pages of personal cards.
const PART_SLIP_ROWS: usize = 20;
/// Six pages of score cards, four a page (a multiple of four and of two, so no page of a
/// part but its last is left part-empty).
const PART_SCORECARDS: usize = 24;

/// Twelve pages of hand records, four boards a page.
const PART_HAND_RECORDS: usize = 48;

/// What `footers.typ` needs: the paper and each page's orientation.
#[derive(Serialize)]
struct FooterData<'a> {
    paper: &'a str,
    landscape: Vec<bool>,
}

/// Lays the document out and writes the PDF, part by part: each section (cut into parts of
/// a few dozen pages when long) is laid out and written on its own and typst's caches are
/// emptied in between, so memory follows one part, not the whole document (all sheets of a
/// 400-player evening: 357 pages). The "page X of Y" lines, which need the whole count, are
/// laid out afterwards in one small document and drawn over the pages (`join.rs`).
pub fn render(document: &SheetDocument) -> Result<Vec<u8>, SheetError> {
    let engine = engine().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut written = Vec::new();
    let mut landscape = Vec::new();
    for section in document.sections.iter().flat_map(parts) {
        let part = SheetDocument {
            event: document.event.clone(),
            sections: vec![section.clone()],
        };
        let template = match section.body {
            SectionBody::Scorecards { .. } => SCORECARDS,
            SectionBody::HandRecords { .. } => HAND_RECORDS,
            SectionBody::TableCodes { .. } => TABLE_CODES,
            _ => MAIN,
        };
        let laid_out = compile(&engine, template, &part)?;
        landscape.extend(std::iter::repeat_n(section.landscape, laid_out.pages().len()));
        written.push(write(&laid_out)?);
        drop(laid_out);
        typst::comemo::evict(0);
    }
    let footers = compile(
        &engine,
        FOOTERS,
        &FooterData {
            paper: document.event.paper,
            landscape,
        },
    )?;
    let footers = write(&footers)?;
    typst::comemo::evict(0);
    drop(engine);
    super::join::join(&written, &footers, &document.event.title).map_err(SheetError::Layout)
}

/// The pages of a PDF Tourney wrote (0 when it cannot be read).
pub fn page_count(pdf: &[u8]) -> usize {
    lopdf::Document::load_mem(pdf).map_or(0, |doc| doc.get_pages().len())
}

/// One laid-out part as PDF (untagged: the joined file has one page tree, no structure tree).
fn write(laid_out: &PagedDocument) -> Result<Vec<u8>, SheetError> {
    let options = typst_pdf::PdfOptions {
        tagged: false,
        ..typst_pdf::PdfOptions::default()
    };
    typst_pdf::pdf(laid_out, &options).map_err(|errors| {
        SheetError::Layout(
            errors
                .iter()
                .map(|e| e.message.to_string())
                .collect::<Vec<_>>()
                .join("; "),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::FONTS;
    use typst::foundations::Bytes;
    use typst::text::Font;

    /// Names from the clubs Tourney is written for; every character must be drawn by one of
    /// the shipped fonts, or the sheet would show empty boxes instead of a name.
    #[test]
    fn shipped_fonts_cover_polish_turkish_greek_and_chinese() {
        let fonts: Vec<Font> = FONTS
            .iter()
            .map(|data| Font::new(Bytes::new(*data), 0).expect("a shipped font parses"))
            .collect();
        let families: Vec<&str> = fonts.iter().map(|f| f.info().family.as_str()).collect();
        assert!(families.contains(&"Noto Sans") && families.contains(&"Droid Sans Fallback"));
        let samples = "Łukasz Żółć Ściśle Gęś ĄĘŃÓŚŹ Şükrü Gökçe İpek Ağaoğlu ıİğĞşŞ \
                       Γιώργος Παπαδόπουλος Ελένη ΑΒΓΔΩ 王小明 李静怡 张伟 陈 → – · é ñ ø ß";
        for c in samples.chars().filter(|c| !c.is_whitespace()) {
            assert!(
                fonts.iter().any(|font| font.info().coverage.contains(c as u32)),
                "no shipped font draws {c:?} (U+{:04X})",
                c as u32
            );
        }
    }
}
