//! The one place that runs typst. The templates (`assets/templates/*.typ`) and the fonts
//! (`assets/fonts/`: Noto Sans for Latin, Greek and Cyrillic, Droid Sans Fallback for Chinese,
//! Japanese and Korean, DejaVu Sans for the arrows and symbols neither has) are compiled into the binary, so a sheet prints the same on any machine
//! and never looks for system fonts. The document goes in as JSON (`sys.inputs.data`).

use super::{SheetDocument, SheetError};
use std::sync::{Mutex, OnceLock};
use typst::foundations::{Dict, IntoValue};
use typst_as_lib::{TypstEngine, TypstTemplateCollection};
use typst_layout::PagedDocument;

const MAIN: &str = "sheets.typ";

const TEMPLATES: [(&str, &str); 4] = [
    (MAIN, include_str!("../../../assets/templates/sheets.typ")),
    ("tables.typ", include_str!("../../../assets/templates/tables.typ")),
    ("cards.typ", include_str!("../../../assets/templates/cards.typ")),
    ("slips.typ", include_str!("../../../assets/templates/slips.typ")),
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

/// Lays the document out and writes the PDF.
pub fn render(document: &SheetDocument) -> Result<Vec<u8>, SheetError> {
    let json = serde_json::to_string(document).map_err(|e| SheetError::Layout(e.to_string()))?;
    let mut inputs = Dict::new();
    inputs.insert("data".into(), json.as_str().into_value());
    let engine = engine().lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let compiled: PagedDocument = engine
        .compile_with_input(MAIN, inputs)
        .output
        .map_err(|e| SheetError::Layout(e.to_string()))?;
    drop(engine);
    typst_pdf::pdf(&compiled, &typst_pdf::PdfOptions::default()).map_err(|errors| {
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
