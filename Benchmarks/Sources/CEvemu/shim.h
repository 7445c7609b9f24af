// libevemu's own parser (Debian libevemu-dev), for the import suite's side-by-side comparison of
// loading one recording from evemu text, libinput record YAML and Touchstone's binary format.
#include <evemu.h>
