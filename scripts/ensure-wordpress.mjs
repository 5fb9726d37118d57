// The WordPress check runs Debian's WordPress on Debian's PHP and MariaDB. Install what is
// missing (as root, from apt, without recommended packages), as ensure-browsers.mjs does for
// the browsers. Nothing is started here: the check runs its own MariaDB and `php -S`.
//   wordpress       WordPress itself, in /usr/share/wordpress
//   mariadb-server  mariadb-install-db and mariadbd, run on a private data directory
//   php-cli         php -S, the built-in web server
//   php-mysql       mysqli, which WordPress needs
//   wordpress-theme-twentytwentythree  WordPress 6.1's default theme (the wordpress package has none)
//   chromium        the reader's browser
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

/** Where Debian's package puts WordPress 6.1's default theme. */
export const THEME = '/usr/share/wordpress/wp-content/themes/twentytwentythree';
const phpHasMysqli = () => {
  try {
    return execSync('php -r "echo extension_loaded(\'mysqli\') ? 1 : 0;"', { stdio: ['ignore', 'pipe', 'ignore'] }).toString() === '1';
  } catch {
    return false;
  }
};
/** Each package and whether it is there. */
const NEEDED = [
  ['wordpress', () => existsSync('/usr/share/wordpress/wp-includes/version.php')],
  ['mariadb-server', () => existsSync('/usr/sbin/mariadbd') || existsSync('/usr/bin/mariadb-install-db')],
  ['php-cli', () => existsSync('/usr/bin/php')],
  ['php-mysql', phpHasMysqli],
  ['wordpress-theme-twentytwentythree', () => existsSync(THEME)],
  ['chromium', () => existsSync('/usr/bin/chromium')],
];
const absent = () => NEEDED.filter(([, present]) => !present()).map(([pkg]) => pkg);
const missing = absent();
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo -n ';
const install = `apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=600 ${missing.join(' ')}`;
console.log(`Installing Debian's ${missing.join(', ')} for the WordPress check...`);
try {
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive ${install}`,
    { stdio: 'inherit' },
  );
} catch {
  console.error(`Could not install them. Run as root: apt-get update && ${install}`);
  process.exit(1);
}
if (absent().length) {
  console.error(`apt-get finished, but ${absent().join(', ')} is still missing.`);
  process.exit(1);
}
