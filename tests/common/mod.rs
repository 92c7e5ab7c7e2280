//! Shared by the test files that run the real binary.

use std::io::Read;
use std::process::Child;
use std::time::{Duration, Instant};

/// Waits for a spawned `tilecrawl` (stdout and stderr piped), draining both
/// pipes on threads so a chatty child never blocks; kills it and fails the
/// test after `timeout`. Returns the exit code (`None` if a signal ended it),
/// stdout and stderr.
pub fn wait_with_output(
    mut child: Child,
    args: &[&str],
    timeout: Duration,
) -> (Option<i32>, String, String) {
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("stdout is piped")));
    let err = drain(Box::new(child.stderr.take().expect("stderr is piped")));
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            break status;
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tilecrawl {args:?} did not finish within {timeout:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (
        status.code(),
        String::from_utf8_lossy(&out.join().expect("stdout reader")).into_owned(),
        String::from_utf8_lossy(&err.join().expect("stderr reader")).into_owned(),
    )
}
