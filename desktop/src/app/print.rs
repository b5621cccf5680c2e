//! Printing a PDF through the system's print service, where it has one: on Windows the
//! shell's "print" verb (the program registered for PDFs prints it); on macOS and Linux
//! `lp` (CUPS), when it has a default printer. Where there is none, it says so, and the
//! caller offers the PDF to open and print from the viewer instead — never a silent nothing.

use std::path::Path;
use std::process::Command;

/// What became of a print request.
#[derive(Debug, Clone, PartialEq)]
pub enum Printed {
    /// Sent: the words say to which printer or program.
    Sent(String),
    /// No print service here: why, in words.
    NoService(String),
    /// The service refused it: its words.
    Failed(String),
}

/// Sends the PDF at `pdf` to the default printer.
pub fn print(pdf: &Path) -> Printed {
    if cfg!(target_os = "windows") {
        print_windows(pdf)
    } else {
        print_with_lp(pdf)
    }
}

/// The shell's print verb, through PowerShell (present on every Windows Tourney runs on).
fn print_windows(pdf: &Path) -> Printed {
    let quoted = pdf.display().to_string().replace('\'', "''");
    let mut command = Command::new("powershell");
    command.args([
        "-NoProfile",
        "-NonInteractive",
        "-Command",
        &format!("Start-Process -FilePath '{quoted}' -Verb Print"),
    ]);
    // Tourney is a GUI program on Windows: without CREATE_NO_WINDOW a console would flash up
    // for PowerShell.
    #[cfg(windows)]
    {
        use std::os::windows::process::CommandExt;
        const CREATE_NO_WINDOW: u32 = 0x0800_0000;
        command.creation_flags(CREATE_NO_WINDOW);
    }
    let outcome = command.output();
    match outcome {
        Ok(out) if out.status.success() => {
            Printed::Sent("sent to the program Windows prints PDFs with".to_owned())
        }
        Ok(out) => Printed::NoService(format!(
            "Windows could not print it ({}); is a PDF reader installed?",
            String::from_utf8_lossy(&out.stderr).trim()
        )),
        Err(error) => Printed::NoService(format!("PowerShell could not be started: {error}")),
    }
}

/// CUPS's `lp`, when there is a default printer (`lpstat -d`).
fn print_with_lp(pdf: &Path) -> Printed {
    let default = match Command::new("lpstat").arg("-d").output() {
        Ok(out) => default_destination(&String::from_utf8_lossy(&out.stdout)),
        Err(_) => return Printed::NoService("this computer has no print service (CUPS's lp)".to_owned()),
    };
    let Some(printer) = default else {
        return Printed::NoService("no default printer is set up".to_owned());
    };
    match Command::new("lp").arg(pdf).output() {
        Ok(out) if out.status.success() => Printed::Sent(format!("sent to {printer}")),
        Ok(out) => Printed::Failed(String::from_utf8_lossy(&out.stderr).trim().to_owned()),
        Err(error) => Printed::NoService(format!("lp could not be started: {error}")),
    }
}

/// The default printer named by `lpstat -d` ("system default destination: Office"), or
/// `None` ("no system default destination").
fn default_destination(lpstat: &str) -> Option<String> {
    lpstat
        .lines()
        .find_map(|line| line.split_once("default destination:"))
        .map(|(_, name)| name.trim().to_owned())
        .filter(|name| !name.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_printer_is_read_from_lpstat() {
        assert_eq!(
            default_destination("system default destination: Office_Laser\n"),
            Some("Office_Laser".to_owned())
        );
        assert_eq!(default_destination("no system default destination\n"), None);
        assert_eq!(default_destination(""), None);
    }

    /// On this machine (no CUPS, or CUPS without a printer) a print request says why it
    /// could not be sent, rather than failing silently.
    #[test]
    fn without_a_printer_it_says_so() {
        let pdf = std::env::temp_dir().join(format!("tourney-print-{}.pdf", std::process::id()));
        std::fs::write(&pdf, b"%PDF-1.4\n").unwrap();
        let has_default = Command::new("lpstat")
            .arg("-d")
            .output()
            .ok()
            .and_then(|o| default_destination(&String::from_utf8_lossy(&o.stdout)))
            .is_some();
        if !has_default {
            assert!(matches!(print(&pdf), Printed::NoService(_)));
        }
    }
}
