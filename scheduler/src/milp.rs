//! The MILP layer: the one place that knows which good_lp backend is compiled in.
//!
//! Engines build a model with good_lp's types and hand it here with a time limit; they get
//! back the values of the variables they ask for. microlp (pure Rust) is always available;
//! HiGHS is compiled in with the `highs` cargo feature and is then the default.
//!
//! A solver's own objective value is never trusted as the schedule's quality: callers
//! recompute quality from the result with their checker, because auxiliary absolute-value
//! variables may sit above the truth and some backends report "optimal" loosely.

use good_lp::{Constraint, Expression, ProblemVariables, ResolutionError, Solution, SolverModel, Variable};

/// Which MILP solver runs the model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// microlp: pure Rust, builds with cargo alone; fine for small models.
    Microlp,
    /// HiGHS (needs the `highs` cargo feature): much stronger branch and bound.
    #[cfg(feature = "highs")]
    Highs,
}

impl Backend {
    /// The strongest backend compiled into this build.
    pub fn best_available() -> Backend {
        #[cfg(feature = "highs")]
        {
            Backend::Highs
        }
        #[cfg(not(feature = "highs"))]
        {
            Backend::Microlp
        }
    }

    /// Every backend compiled into this build (benchmarks compare them).
    pub fn all() -> Vec<Backend> {
        vec![
            Backend::Microlp,
            #[cfg(feature = "highs")]
            Backend::Highs,
        ]
    }

    /// The backend's name ("microlp", "highs"), for reports.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Microlp => "microlp",
            #[cfg(feature = "highs")]
            Backend::Highs => "highs",
        }
    }
}

/// Why a model gave no values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MilpError {
    /// No assignment meets every constraint: proved, not merely not found.
    #[error("the model has no solution")]
    Infeasible,
    /// The time limit ran out before the solver found any feasible point.
    #[error("the time limit ran out before any solution was found")]
    NoSolutionInTime,
    /// Any other failure of the solver, in its own words.
    #[error("the MILP solver failed: {0}")]
    Solver(String),
}

impl From<ResolutionError> for MilpError {
    fn from(error: ResolutionError) -> Self {
        match error {
            ResolutionError::Infeasible => MilpError::Infeasible,
            ResolutionError::Other(text) if text.contains("Time limit") => MilpError::NoSolutionInTime,
            other => MilpError::Solver(other.to_string()),
        }
    }
}

/// A model ready to solve: variables, objective (minimised) and constraints.
pub struct Model {
    /// Every variable of the model, with its bounds and whether it is an integer.
    pub variables: ProblemVariables,
    /// What the solver minimises.
    pub objective: Expression,
    /// Every constraint the values must meet.
    pub constraints: Vec<Constraint>,
    /// A known feasible point (every variable), handed to the backend as a warm start.
    pub initial: Vec<(Variable, f64)>,
}

/// Minimises the model within `seconds` and returns the values of `read`, in order.
/// Integer variables come back rounded to the nearest integer (backends return floats).
pub fn minimise(
    model: Model,
    backend: Backend,
    seconds: f64,
    read: &[Variable],
) -> Result<Vec<f64>, MilpError> {
    let seconds = seconds.max(0.01);
    let problem = model.variables.minimise(model.objective);
    let (constraints, initial) = (model.constraints, model.initial);
    match backend {
        Backend::Microlp => run(
            problem.using(good_lp::microlp),
            seconds,
            constraints,
            initial,
            read,
        ),
        #[cfg(feature = "highs")]
        Backend::Highs => {
            let mut solver = problem.using(good_lp::highs);
            solver.set_verbose(false);
            run(solver.set_threads(1), seconds, constraints, initial, read)
        }
    }
}

/// What every backend does once configured: time limit, warm start, constraints, solve, read.
fn run<S>(
    solver: S,
    seconds: f64,
    constraints: Vec<Constraint>,
    initial: Vec<(Variable, f64)>,
    read: &[Variable],
) -> Result<Vec<f64>, MilpError>
where
    S: SolverModel<Error = ResolutionError> + good_lp::WithTimeLimit + good_lp::WithInitialSolution,
{
    let mut solver = solver.with_time_limit(seconds);
    if !initial.is_empty() {
        solver = solver.with_initial_solution(initial);
    }
    for constraint in constraints {
        solver.add_constraint(constraint);
    }
    let solution = solver.solve()?;
    Ok(read.iter().map(|&v| solution.value(v)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use good_lp::{constraint, variable};

    #[test]
    fn a_small_knapsack_is_solved_exactly() {
        // max 5a + 4b + 3c s.t. 2a + 3b + c <= 4, binaries: a + b (weight 5) does not fit, so a + c (8).
        let mut variables = ProblemVariables::new();
        let a = variables.add(variable().binary());
        let b = variables.add(variable().binary());
        let c = variables.add(variable().binary());
        let model = Model {
            variables,
            objective: -(5.0 * a + 4.0 * b + 3.0 * c),
            constraints: vec![constraint!(2.0 * a + 3.0 * b + c <= 4.0)],
            initial: Vec::new(),
        };
        let values = minimise(model, Backend::best_available(), 10.0, &[a, b, c]).unwrap();
        let rounded: Vec<i64> = values.iter().map(|v| v.round() as i64).collect();
        assert_eq!(rounded, vec![1, 0, 1]);
    }

    #[test]
    fn an_infeasible_model_says_so() {
        let mut variables = ProblemVariables::new();
        let a = variables.add(variable().binary());
        let model = Model {
            variables,
            objective: Expression::from(a),
            constraints: vec![constraint!(a >= 2.0)],
            initial: Vec::new(),
        };
        assert_eq!(
            minimise(model, Backend::Microlp, 10.0, &[a]),
            Err(MilpError::Infeasible)
        );
    }
}
