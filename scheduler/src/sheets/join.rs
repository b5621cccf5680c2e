//! Joins the PDFs of a sheets document's parts into one file and lays each page's "page X of
//! Y" line over it. The parts are laid out and written one at a time so a 400-player evening
//! never holds all its pages in memory (`pdf.rs`); the footer lines, which need the final
//! count, come from one small document of footer-only pages whose drawing is appended to
//! the page of the same number (its fonts and other resources renamed so they cannot clash
//! with the page's own), so the footer is ordinary page text to every reader.

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, dictionary};

/// A footer page ready to be appended: its drawing and the resources it names.
struct Footer {
    content: Vec<u8>,
    resources: Dictionary,
}

/// The prefix given to the footer's resource names.
const PREFIX: &str = "TourneyFooter";

/// The parts' pages in order, each with the footer page of the same number drawn over it.
/// `footers` must have exactly as many pages as the parts together.
pub fn join(parts: &[Vec<u8>], footers: &[u8], title: &str) -> Result<Vec<u8>, String> {
    let mut out = Document::with_version("1.7");
    let pages_root = out.new_object_id();
    let footer_pages = import_footers(&mut out, footers)?;
    let mut kids = Vec::new();
    for (index, bytes) in parts.iter().enumerate() {
        let mut part = Document::load_mem(bytes).map_err(|e| format!("part {}: {e}", index + 1))?;
        part.renumber_objects_with(out.max_id + 1);
        out.max_id = out.max_id.max(part.max_id);
        let pages: Vec<ObjectId> = part.get_pages().into_values().collect();
        let skip = structure_ids(&part);
        for page in &pages {
            let footer = footer_pages
                .get(kids.len())
                .ok_or_else(|| format!("more pages than the {} footers", footer_pages.len()))?;
            draw_footer(&mut part, *page, footer, pages_root)?;
            kids.push(*page);
        }
        // The overlays added objects to the part: later parts are numbered after them.
        out.max_id = out.max_id.max(part.max_id);
        for (id, object) in part.objects {
            if !skip.contains(&id) {
                out.objects.insert(id, object);
            }
        }
    }
    if kids.len() != footer_pages.len() {
        return Err(format!("{} pages but {} footers", kids.len(), footer_pages.len()));
    }
    let count = kids.len() as i64;
    out.objects.insert(
        pages_root,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids.into_iter().map(Object::Reference).collect::<Vec<_>>(),
            "Count" => count,
        }),
    );
    let catalog = out.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_root });
    let info = out.add_object(dictionary! {
        "Title" => Object::string_literal(title),
        "Creator" => Object::string_literal("Tourney"),
    });
    out.trailer.set("Root", catalog);
    out.trailer.set("Info", info);
    out.compress();
    let mut bytes = Vec::new();
    out.save_to(&mut bytes).map_err(|e| e.to_string())?;
    Ok(bytes)
}

/// The catalog and page tree of a part (replaced by the joined file's own).
fn structure_ids(part: &Document) -> Vec<ObjectId> {
    let mut ids = Vec::new();
    if let Ok(root) = part.trailer.get(b"Root").and_then(Object::as_reference) {
        ids.push(root);
        if let Ok(pages) = part
            .get_dictionary(root)
            .and_then(|catalog| catalog.get(b"Pages"))
            .and_then(Object::as_reference)
        {
            ids.push(pages);
        }
    }
    ids
}

/// Copies the footer document's objects into `out` (the fonts its pages use) and returns each
/// page's drawing with its resource names prefixed; its catalog, page tree, pages and content
/// streams are left behind.
fn import_footers(out: &mut Document, footers: &[u8]) -> Result<Vec<Footer>, String> {
    let mut doc = Document::load_mem(footers).map_err(|e| format!("footers: {e}"))?;
    doc.renumber_objects_with(out.max_id + 1);
    out.max_id = out.max_id.max(doc.max_id);
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    let mut skip = structure_ids(&doc);
    let mut prepared = Vec::new();
    for page in pages {
        let resources = match doc
            .get_dictionary(page)
            .map_err(|e| e.to_string())?
            .get(b"Resources")
        {
            Ok(Object::Reference(id)) => doc.get_dictionary(*id).map_err(|e| e.to_string())?.clone(),
            Ok(Object::Dictionary(d)) => d.clone(),
            _ => Dictionary::new(),
        };
        // Every name the footer's resources define, in every category (fonts, graphics states…).
        let mut names = Vec::new();
        let mut renamed = Dictionary::new();
        for (category, entries) in resources.iter() {
            let entries = match entries {
                Object::Dictionary(d) => d.clone(),
                Object::Reference(id) => doc.get_dictionary(*id).map_err(|e| e.to_string())?.clone(),
                other => {
                    renamed.set(category.clone(), other.clone());
                    continue;
                }
            };
            let mut category_renamed = Dictionary::new();
            for (name, value) in entries.iter() {
                names.push(name.clone());
                category_renamed.set(prefixed(name), value.clone());
            }
            renamed.set(category.clone(), Object::Dictionary(category_renamed));
        }
        let mut content =
            Content::decode(&doc.get_page_content(page)).map_err(|e| format!("footer page: {e}"))?;
        for operation in &mut content.operations {
            for operand in &mut operation.operands {
                if let Object::Name(name) = operand
                    && names.contains(name)
                {
                    *name = prefixed(name);
                }
            }
        }
        skip.push(page);
        skip.extend(doc.get_page_contents(page));
        prepared.push(Footer {
            content: content.encode().map_err(|e| e.to_string())?,
            resources: renamed,
        });
    }
    for (id, object) in doc.objects {
        if !skip.contains(&id) {
            out.objects.insert(id, object);
        }
    }
    Ok(prepared)
}

fn prefixed(name: &[u8]) -> Vec<u8> {
    [PREFIX.as_bytes(), name].concat()
}

/// Appends `footer`'s drawing to `page` (after the page's own, which is wrapped in q … Q so
/// the footer starts from a clean graphics state), adds its resources to the page's, and
/// hangs the page under `parent`.
fn draw_footer(part: &mut Document, page: ObjectId, footer: &Footer, parent: ObjectId) -> Result<(), String> {
    let save = part.add_object(Stream::new(Dictionary::new(), b"q\n".to_vec()));
    let restore = part.add_object(Stream::new(Dictionary::new(), b"\nQ\n".to_vec()));
    let drawing = part.add_object(Stream::new(Dictionary::new(), footer.content.clone()));
    // The page's resources, copied into the page so adding the footer's touches no other page.
    let mut resources = {
        let dict = part.get_dictionary(page).map_err(|e| e.to_string())?;
        match dict.get(b"Resources") {
            Ok(Object::Reference(id)) => part.get_dictionary(*id).map_err(|e| e.to_string())?.clone(),
            Ok(Object::Dictionary(d)) => d.clone(),
            _ => Dictionary::new(),
        }
    };
    for (category, entries) in footer.resources.iter() {
        let Object::Dictionary(entries) = entries else {
            continue;
        };
        let mut merged = match resources.get(category) {
            Ok(Object::Dictionary(d)) => d.clone(),
            Ok(Object::Reference(id)) => part.get_dictionary(*id).map_err(|e| e.to_string())?.clone(),
            _ => Dictionary::new(),
        };
        for (name, value) in entries.iter() {
            merged.set(name.clone(), value.clone());
        }
        resources.set(category.clone(), Object::Dictionary(merged));
    }
    let dict = part.get_dictionary_mut(page).map_err(|e| e.to_string())?;
    let own = match dict.get(b"Contents") {
        Ok(Object::Array(items)) => items.clone(),
        Ok(other) => vec![other.clone()],
        Err(_) => Vec::new(),
    };
    let mut contents = vec![Object::Reference(save)];
    contents.extend(own);
    contents.push(Object::Reference(restore));
    contents.push(Object::Reference(drawing));
    dict.set("Contents", Object::Array(contents));
    dict.set("Resources", Object::Dictionary(resources));
    dict.set("Parent", Object::Reference(parent));
    dict.remove(b"StructParents");
    Ok(())
}
