//! Records the build date for `tourney --version` and the About box. A packager can pin it
//! with TOURNEY_BUILD_EPOCH or SOURCE_DATE_EPOCH (reproducible builds); otherwise it is the
//! date this script last ran (UTC).
//!
//! `packaging/build-deb.sh` sets TOURNEY_BUILD_EPOCH rather than SOURCE_DATE_EPOCH: the `cc`
//! crate asks cargo to rebuild every C-compiling crate when SOURCE_DATE_EPOCH changes (SQLite,
//! and psm under typst's evaluator), so each new commit date rebuilt them and what uses them.

fn main() {
    // The date follows the binary's source and the two variables.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-env-changed=TOURNEY_BUILD_EPOCH");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
    let seconds = ["TOURNEY_BUILD_EPOCH", "SOURCE_DATE_EPOCH"]
        .iter()
        .find_map(|name| std::env::var(name).ok()?.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64)
        });
    let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
    println!("cargo:rustc-env=TOURNEY_BUILD_DATE={year:04}-{month:02}-{day:02}");
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's published
/// `civil_from_days` algorithm, http://howardhinnant.github.io/date_algorithms.html).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
