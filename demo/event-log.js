// The demo's event log: every service-* event the elements fire (they bubble and are
// composed, so one listener on the document hears them all), newest first.

const MAX_ENTRIES = 200;

/** Keeps the log readable: tracks, users and playlists shrink to their id and name; tokens are cut. */
function replacer(key, value) {
  if (key === 'token' && typeof value === 'string') return `${value.slice(0, 24)}… (${value.length} characters)`;
  if (value && typeof value === 'object' && key !== 'profile' && key !== '' && typeof value.id === 'string') {
    const name = value.title ?? value.playlist_name ?? value.handle ?? value.name;
    return name === undefined ? { id: value.id } : { id: value.id, name };
  }
  if (typeof value === 'number' && !Number.isInteger(value)) return Math.round(value * 100) / 100;
  return value;
}

function describe(detail) {
  if (detail === undefined || detail === null) return '';
  const text = JSON.stringify(detail, replacer, 1).replace(/\n\s*/g, ' ');
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/**
 * Listens for `names` on the document and writes each event into `list`.
 * @param {HTMLOListElement} list
 * @param {Iterable<string>} names
 * @param {{ include?: (name: string) => boolean, onEvent?: (event: CustomEvent) => void }} [options]
 */
export function startEventLog(list, names, { include = () => true, onEvent = () => {} } = {}) {
  const seen = new Set();
  const listen = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    document.addEventListener(name, (event) => {
      onEvent(/** @type {CustomEvent} */ (event));
      if (!include(name)) return;
      const item = document.createElement('li');
      const time = Object.assign(document.createElement('time'), { textContent: new Date().toLocaleTimeString() });
      const what = Object.assign(document.createElement('code'), { className: 'event-name', textContent: name });
      const from = Object.assign(document.createElement('span'), { className: 'from', textContent: ` from <${event.target?.localName ?? '?'}>` });
      const detail = Object.assign(document.createElement('pre'), { textContent: describe(/** @type {CustomEvent} */ (event).detail) });
      item.append(time, ' ', what, from, detail);
      if (name.endsWith('error')) item.classList.add('error');
      list.prepend(item);
      while (list.childElementCount > MAX_ENTRIES) list.lastElementChild?.remove();
    });
  };
  for (const name of names) listen(name);
  return { listen, clear: () => list.replaceChildren() };
}
