/*
 * Preloaded into dwall when scripts/bench counts its instructions under valgrind 3.19, whose
 * rt_sigsuspend wrapper writes into the signal mask it is given: libdispatch's main thread
 * passes a mask in read-only memory (`dispatchMain`, which an async `main` parks in), and
 * valgrind then dies of a SIGSEGV of its own. This passes the kernel a writable copy instead.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

int sigsuspend(const sigset_t *mask) {
    sigset_t copy = *mask;
    return (int)syscall(SYS_rt_sigsuspend, &copy, _NSIG / 8);
}
