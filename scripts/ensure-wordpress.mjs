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
import { ensurePackages } from './apt-packages.mjs';

/** Where Debian's package puts WordPress 6.1's default theme. */
const THEME = '/usr/share/wordpress/wp-content/themes/twentytwentythree';
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
ensurePackages(NEEDED, 'the WordPress check');
