//! Problems found in input files, worded for an organiser: which file, which line, which
//! field, and what is wrong. Errors stop an import; warnings are reported and the import goes on.

use serde::Serialize;
use std::fmt;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file cannot be used as it is: the import stops.
    Error,
    /// Reported, and the import goes on.
    Warning,
}

/// One problem in an input file, worded for the organiser.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// Whether it stops the import.
    pub severity: Severity,
    /// The file as the organiser knows it (the name given to `Problems::for_file`).
    pub file: String,
    /// 1-based line in the file as a text editor counts them.
    pub line: Option<u64>,
    /// The column header as written in the file (or the field's role when there is none).
    pub field: Option<String>,
    /// What is wrong, in a sentence.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        write!(f, "{kind}: {}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
        }
        if let Some(field) = &self.field {
            write!(f, ", field \"{field}\"")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Collects problems for one file so each call site states only what it knows.
#[derive(Debug, Clone, Default)]
pub struct Problems {
    file: String,
    /// Every problem found, in the order found.
    pub list: Vec<Problem>,
}

impl Problems {
    /// An empty list for the file named `file` (as messages should name it).
    pub fn for_file(file: impl Into<String>) -> Self {
        Problems {
            file: file.into(),
            list: Vec::new(),
        }
    }

    /// Records an error at `line` (from 1) and `field`, either unknown when `None`.
    pub fn error(&mut self, line: Option<u64>, field: Option<&str>, message: impl Into<String>) {
        self.push(Severity::Error, line, field, message.into());
    }

    /// Records a warning at `line` (from 1) and `field`, either unknown when `None`.
    pub fn warning(&mut self, line: Option<u64>, field: Option<&str>, message: impl Into<String>) {
        self.push(Severity::Warning, line, field, message.into());
    }

    fn push(&mut self, severity: Severity, line: Option<u64>, field: Option<&str>, message: String) {
        self.list.push(Problem {
            severity,
            file: self.file.clone(),
            line,
            field: field.map(str::to_owned),
            message,
        });
    }

    /// Whether any problem is an error, so the import must stop.
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|p| p.severity == Severity::Error)
    }

    /// The errors, in the order found.
    pub fn errors(&self) -> impl Iterator<Item = &Problem> {
        self.list.iter().filter(|p| p.severity == Severity::Error)
    }

    /// The warnings, in the order found.
    pub fn warnings(&self) -> impl Iterator<Item = &Problem> {
        self.list.iter().filter(|p| p.severity == Severity::Warning)
    }
}
