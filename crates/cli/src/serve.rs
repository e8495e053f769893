//! `gridsolve serve`: the web page and its API (`gridsolve-web`) on an
//! address, until Ctrl-C.

use crate::args::ServeArgs;
use crate::failure::{print_line, Failure};
use crate::status::Status;
use gridsolve_web::{run as serve, Settings};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

pub fn run(args: &ServeArgs, cancel: &Arc<AtomicBool>) -> Status {
    let settings = Settings {
        max_nodes: args.max_nodes,
        deadline: args.timeout,
        ..Settings::default()
    };
    let mut announced = Ok(());
    let served = serve(args.addr, settings, Arc::clone(cancel), |addr| {
        let url = format!("http://{addr}/");
        announced = print_line(format_args!("gridsolve serves {url} (Ctrl-C stops it)"));
        if args.open {
            open_in_browser(&url);
        }
    });
    match (served, announced) {
        (Err(error), _) => {
            Failure::from(format!("cannot serve on {}: {error}", args.addr)).report()
        }
        (Ok(()), Err(failure)) => failure.report(),
        (Ok(()), Ok(())) => Status::Ok,
    }
}

/// Asks the desktop to open `url` (`xdg-open`, `open` on macOS); says so
/// when it cannot.
fn open_in_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(error) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("cannot open a browser ({opener}: {error}); open {url} by hand");
    }
}
