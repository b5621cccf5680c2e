//! QR codes of the tables' page addresses (scoring from phones): a square of dark and light
//! modules for the window to paint and the sheets to print. The encoding is the `qrcodegen`
//! crate's (Project Nayuki's reference implementation of ISO/IEC 18004); this module only
//! chooses the error correction and draws.

use qrcodegen::{QrCode, QrCodeEcc};

/// A QR code: `size` × `size` modules, dark or light.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    /// Modules on a side (21 to 177).
    pub size: usize,
    dark: Vec<bool>,
}

/// The light margin a reader needs round a code, in modules (the standard's quiet zone).
pub const QUIET_ZONE: usize = 4;

impl Code {
    /// The code of `text` at error-correction level M (a creased or smudged card still
    /// scans: about 15% of the code may be lost). `Err` only for a text too long for any QR
    /// code (over 2,331 bytes at level M), which no table address is.
    pub fn new(text: &str) -> Result<Code, String> {
        let code = QrCode::encode_text(text, QrCodeEcc::Medium)
            .map_err(|_| format!("{} bytes is too long for a QR code", text.len()))?;
        let size = usize::try_from(code.size()).unwrap_or(0);
        let dark = (0..size * size)
            .map(|i| code.get_module((i % size) as i32, (i / size) as i32))
            .collect();
        Ok(Code { size, dark })
    }

    /// Whether the module in column `x`, row `y` (from the top left) is dark; outside the
    /// code, light.
    pub fn dark(&self, x: usize, y: usize) -> bool {
        x < self.size && y < self.size && self.dark[y * self.size + x]
    }

    /// The code as an SVG image, one unit a module, with the quiet zone round it: dark
    /// modules as one path, on white.
    pub fn svg(&self) -> String {
        let side = self.size + 2 * QUIET_ZONE;
        let mut path = String::new();
        for y in 0..self.size {
            for x in 0..self.size {
                if self.dark(x, y) {
                    path.push_str(&format!("M{},{}h1v1h-1z", x + QUIET_ZONE, y + QUIET_ZONE));
                }
            }
        }
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" shape-rendering=\"crispEdges\"><rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_address_makes_a_code_with_its_finder_patterns() {
        let code = Code::new("http://192.168.1.20:8080/t/12?k=abcdefghijkmnpqr").unwrap();
        assert!((21..=177).contains(&code.size));
        assert_eq!((code.size - 17) % 4, 0, "sizes are 17 + 4 × version");
        // The three finder patterns: a dark 7 × 7 ring round a dark 3 × 3 centre, a light ring
        // between, in three corners.
        for (left, top) in [(0, 0), (code.size - 7, 0), (0, code.size - 7)] {
            for i in 0..7 {
                assert!(code.dark(left + i, top) && code.dark(left + i, top + 6));
                assert!(code.dark(left, top + i) && code.dark(left + 6, top + i));
            }
            assert!(!code.dark(left + 1, top + 1) && code.dark(left + 3, top + 3));
        }
        assert!(!code.dark(code.size, 0), "outside is light");
        let svg = code.svg();
        assert!(svg.starts_with("<svg") && svg.contains(&format!("viewBox=\"0 0 {0} {0}\"", code.size + 8)));
    }

    #[test]
    fn different_addresses_make_different_codes() {
        let a = Code::new("http://10.0.0.2:8080/t/1?k=aaaaaaaaaaaaaaaa").unwrap();
        let b = Code::new("http://10.0.0.2:8080/t/2?k=aaaaaaaaaaaaaaaa").unwrap();
        assert_ne!(a, b);
        assert!(Code::new(&"x".repeat(5000)).is_err());
    }
}
