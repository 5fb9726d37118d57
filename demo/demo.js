// The demo page: a section per element (the ones in presets.js first, then any other element
// the kit has), each with a form bound to its attributes; an event log; a theme switch.
import { bindForm, loadManifest, markup } from './attribute-form.js';
import { startEventLog } from './event-log.js';
import { DEMO, EVENTS, NON_VISUAL, findSamples, presets } from './presets.js';

const provider = /** @type {HTMLElement} */ (document.getElementById('provider'));
const main = /** @type {HTMLElement} */ (document.getElementById('elements'));
const themeSelect = /** @type {HTMLSelectElement} */ (document.getElementById('theme'));
const signedIn = /** @type {HTMLElement} */ (document.getElementById('signed-in'));
const showTimeupdate = /** @type {HTMLInputElement} */ (document.getElementById('show-timeupdate'));

/** How long to wait for all.js to define a tag before saying it is missing. */
const DEFINE_TIMEOUT_MS = 4000;

/** The service's origin, from the provider's pinned host or host list URL. */
function serviceUrl() {
  const where = provider.getAttribute('host') || provider.getAttribute('host-list-url') || location.origin;
  return new URL(where, location.href).origin;
}

/** Tags to show: the demo server's list of element folders, else the presets and the manifest. */
async function elementTags(manifest, known) {
  let tags = [];
  try {
    const res = await fetch('elements.json');
    if (res.ok) tags = (await res.json()).map((e) => e.tag);
  } catch {
    // Served by another static server: no list.
  }
  const all = new Set([...known, ...tags, ...manifest.keys()].filter((t) => !NON_VISUAL.includes(t)));
  // Presets first, in their order; then the rest (an element that only just landed) by name.
  return [...known.filter((t) => all.has(t)), ...[...all].filter((t) => !known.includes(t)).sort()];
}

function whenDefined(tag) {
  return Promise.race([
    customElements.whenDefined(tag).then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), DEFINE_TIMEOUT_MS)),
  ]);
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/** Adds one element's section: heading, the element, its attribute form and its markup. */
async function addSection(tag, preset, manifest) {
  const title = preset?.title ?? tag.replace(/^service-/, '').replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const heading = el('h2', { id: `${tag}-title` }, `${title} `, el('code', {}, `<${tag}>`));
  const section = el('section', { className: 'demo', id: tag }, heading);
  section.setAttribute('aria-labelledby', heading.id);
  if (preset?.about) section.append(el('p', { className: 'about' }, preset.about));
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(preset?.attrs ?? {})) {
    if (value === true) element.setAttribute(name, '');
    else if (value !== false) element.setAttribute(name, value);
  }
  if (themeSelect.value) element.setAttribute('theme', themeSelect.value);
  const stage = el('div', { className: 'stage' }, element);
  stage.style.maxWidth = `${preset?.width ?? 560}px`;
  const form = el('form', { className: 'attrs' });
  form.setAttribute('aria-label', `Attributes of ${tag}`);
  const code = el('code');
  section.append(el('div', { className: 'row' }, stage, form), el('pre', { className: 'markup' }, code));
  main.append(section);
  if (!(await whenDefined(tag))) {
    const warning = `<${tag}> is not registered by dist/cdn/all.js: rebuild it (npm run build) or add the element to src/all.ts.`;
    section.insertBefore(el('p', { className: 'warning', role: 'alert' }, warning), section.querySelector('.row'));
  }
  bindForm(form, element, manifest.get(tag), () => (code.textContent = markup(element)));
}

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  for (const element of document.querySelectorAll('main .stage > *')) {
    if (theme) element.setAttribute('theme', theme);
    else element.removeAttribute('theme');
  }
}

function showProfile(event) {
  if (event.type === 'service-login-success') {
    const { name, handle, email, verified } = event.detail.profile;
    signedIn.textContent = `Signed in as ${name} (@${handle}, ${email ?? 'no email'})${verified ? ', verified' : ''}.`;
    signedIn.hidden = false;
  }
}

async function start() {
  const manifest = await loadManifest('../custom-elements.json');
  const events = new Set([...EVENTS, ...[...manifest.values()].flatMap((m) => m.events)]);
  const log = startEventLog(/** @type {HTMLOListElement} */ (document.getElementById('log')), events, {
    include: (name) => name !== 'service-timeupdate' || showTimeupdate.checked,
    onEvent: showProfile,
  });
  document.getElementById('clear-log')?.addEventListener('click', () => log.clear());

  // The provider's own form: change the app name or the host list and every element follows.
  provider.setAttribute('api-key', provider.getAttribute('api-key') ?? DEMO.apiKey);
  await whenDefined('service-provider');
  bindForm(/** @type {HTMLFormElement} */ (document.querySelector('form[data-for="provider"]')), provider, manifest.get('service-provider'));

  const samples = await findSamples(serviceUrl(), provider.getAttribute('app-name') ?? DEMO.appName);
  const byTag = presets(samples);
  const tags = await elementTags(manifest, Object.keys(byTag));
  await Promise.all(tags.map((tag) => addSection(tag, byTag[tag], manifest)));

  themeSelect.addEventListener('change', () => applyTheme(themeSelect.value));
  applyTheme(themeSelect.value);
}

start().catch((error) => {
  main.append(el('p', { className: 'warning', role: 'alert' }, `The demo could not start: ${error?.message ?? error}`));
});
