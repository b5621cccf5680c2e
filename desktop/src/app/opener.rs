//! Opening a written file with the system's program for it, or its folder in the file
//! manager (Explorer, Finder, or whatever `xdg-open` starts on Linux).

use std::path::Path;
use std::process::Command;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reveal {
    /// The file itself, in the program the system has for it (a PDF viewer, a spreadsheet).
    File,
    /// The folder it is in, with the file selected where the file manager can.
    Folder,
}

/// Asks the system to show `path`; the message says what was asked or why it could not be.
pub fn open(path: &Path, reveal: Reveal) -> Result<String, String> {
    let mut command = if cfg!(target_os = "windows") {
        let mut command = Command::new("explorer");
        match reveal {
            Reveal::File => command.arg(path),
            Reveal::Folder => select_in_explorer(&mut command, path),
        };
        command
    } else if cfg!(target_os = "macos") {
        let mut command = Command::new("open");
        if reveal == Reveal::Folder {
            command.arg("-R");
        }
        command.arg(path);
        command
    } else {
        let mut command = Command::new("xdg-open");
        match reveal {
            Reveal::File => command.arg(path),
            Reveal::Folder => command.arg(path.parent().unwrap_or(path)),
        };
        command
    };
    let program = command.get_program().to_string_lossy().into_owned();
    match command.spawn() {
        Ok(_) => Ok(format!("Opening {}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Err(format!(
            "This computer has no program that opens files for Tourney ({program} is not installed). The file is at {}",
            path.display()
        )),
        Err(e) => Err(format!(
            "Could not start {program} to open it ({e}). The file is at {}",
            path.display()
        )),
    }
}

/// Explorer wants `/select,"C:\path with spaces"` as it is: std's quoting of a whole argument
/// would put the quote before `/select`.
#[cfg(target_os = "windows")]
fn select_in_explorer<'a>(command: &'a mut Command, path: &Path) -> &'a mut Command {
    use std::os::windows::process::CommandExt;
    command.raw_arg(format!("/select,\"{}\"", path.display()))
}

#[cfg(not(target_os = "windows"))]
fn select_in_explorer<'a>(command: &'a mut Command, path: &Path) -> &'a mut Command {
    command.arg(path)
}
