//! The club member list's CSV reader and its search on arbitrary bytes: any encoding,
//! delimiter, quoting or size must end in rows (each a member or the reason it is skipped)
//! and a list of problems, never a panic; every row that holds anything is accounted for;
//! searching the members read with any typed text (the bytes after the first 0xFF) must not
//! panic either.
#![no_main]

use libfuzzer_sys::fuzz_target;
use scheduler::club::{ClubMember, read_members_bytes, search};

fuzz_target!(|data: &[u8]| {
    let (csv, query) = match data.iter().position(|&b| b == 0xff) {
        Some(at) => (&data[..at], String::from_utf8_lossy(&data[at + 1..]).into_owned()),
        None => (data, String::new()),
    };
    let read = read_members_bytes("fuzz.csv", csv);
    let members: Vec<ClubMember> = read
        .rows
        .iter()
        .enumerate()
        .filter_map(|(i, row)| {
            let fields = row.read.as_ref().ok()?;
            Some(ClubMember {
                id: i as i64,
                name: fields.name.clone(),
                number: fields.number.clone(),
                email: fields.email.clone(),
                phone: fields.phone.clone(),
            })
        })
        .collect();
    // A row skipped has its reason among the problems.
    let skipped = read.rows.iter().filter(|r| r.read.is_err()).count();
    assert!(skipped == 0 || !read.problems.list.is_empty());
    let _ = search(&members, &query);
});
