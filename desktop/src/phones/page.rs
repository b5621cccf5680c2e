//! The table's page: one self-contained file (its styles and script inside, nothing fetched
//! from elsewhere), phone-sized with large touch targets. It keeps each accepted result in the
//! phone's storage until the server has answered it, sending it again (same request id) after
//! a lost connection.

/// `assets/phones/table.html`.
pub const TABLE_PAGE: &str = include_str!("../../../assets/phones/table.html");
