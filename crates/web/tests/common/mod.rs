//! What the web tests that need a real socket share: the server on a
//! free port.

use gridsolve_web::{run, Settings};
use std::net::SocketAddr;
use std::sync::atomic::AtomicBool;
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// The server with the default settings on a free loopback port, in a
/// thread of its own for the rest of the test.
pub fn serve() -> SocketAddr {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let addr = "127.0.0.1:0".parse().unwrap();
        run(
            addr,
            Settings::default(),
            Arc::new(AtomicBool::new(false)),
            |addr| sender.send(addr).unwrap(),
        )
        .unwrap();
    });
    receiver.recv_timeout(Duration::from_secs(10)).unwrap()
}
