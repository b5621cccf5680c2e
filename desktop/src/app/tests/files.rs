//! Files without a desktop portal: the in-app file dialog, Open / Show in folder after an
//! export, and banners for refused files and failed exports.

#[allow(unused_imports)]
use super::*;
