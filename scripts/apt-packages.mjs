// Installs the Debian packages a check needs and the machine lacks: as root (or with sudo -n),
// from apt, without recommended packages, waiting for another apt run's lock rather than failing.
import { execSync } from 'node:child_process';

/**
 * `needed` is a list of [package, isPresent]. Installs the absent ones for `purpose` ("the
 * browser tests"), then checks again; exits the process with a message saying what to run when
 * it cannot.
 */
export function ensurePackages(needed, purpose) {
  const absent = () => needed.filter(([, present]) => !present()).map(([pkg]) => pkg);
  const missing = absent();
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo -n ';
  const install = `apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 ${missing.join(' ')}`;
  console.log(`Installing Debian's ${missing.join(', ')} for ${purpose}...`);
  try {
    execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive ${install}`, { stdio: 'inherit' });
  } catch {
    console.error(`Could not install them. Run as root: apt-get update && ${install}`);
    process.exit(1);
  }
  if (absent().length) {
    console.error(`apt-get finished, but ${absent().join(', ')} is still missing.`);
    process.exit(1);
  }
}
