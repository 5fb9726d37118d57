// The oEmbed preview page: a pasted public URL, the service's /oembed answer, and the embed it
// describes. The answer's `html` is not inserted as it is: the page takes the iframe's address
// from it, checks that it is the service's embed page, and makes the iframe itself.
const service = document.documentElement.dataset.service ?? 'http://127.0.0.1:7700';
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const form = /** @type {HTMLFormElement} */ ($('oembed-form'));
const status = $('oembed-status');

/** The embed page an oEmbed answer's html points at, if it is one of the service's. */
function embedSource(html) {
  const frame = new DOMParser().parseFromString(String(html), 'text/html').querySelector('iframe');
  const src = frame?.getAttribute('src');
  if (!src) return undefined;
  const url = new URL(src, service);
  return url.origin === new URL(service).origin && url.pathname.startsWith('/embed/') ? url : undefined;
}

/** A link's text and address; only http(s) addresses are linked. */
function setLink(a, text, href) {
  a.textContent = text ?? '';
  if (/^https?:/i.test(href ?? '')) a.setAttribute('href', href);
  else a.removeAttribute('href');
}

async function preview(event) {
  event?.preventDefault();
  const data = new FormData(form);
  const query = new URLSearchParams({ url: String(data.get('url')), format: 'json', size: String(data.get('size')) });
  if (data.get('maxwidth')) query.set('maxwidth', String(data.get('maxwidth')));
  status.textContent = 'Asking the service…';
  $('oembed-preview').hidden = true;
  try {
    const res = await fetch(`${service}/oembed?${query}`);
    const body = await res.json();
    $('oembed-json').textContent = JSON.stringify(body, null, 2);
    if (!res.ok) throw new Error(`${res.status}: ${body.error ?? 'no answer'}`);
    const src = embedSource(body.html);
    if (!src) throw new Error('the answer has no embed page of the service');
    const frame = document.createElement('iframe');
    Object.assign(frame, { src: src.href, title: String(body.title ?? 'Embed'), width: String(body.width), height: String(body.height) });
    frame.style.border = '0';
    frame.style.maxWidth = '100%';
    $('oembed-frame').replaceChildren(frame);
    $('oembed-title').textContent = String(body.title ?? '');
    setLink($('oembed-author'), body.author_name, body.author_url);
    setLink($('oembed-provider'), body.provider_name, body.provider_url);
    const thumbnail = /** @type {HTMLImageElement} */ ($('oembed-thumbnail'));
    thumbnail.hidden = !/^https?:/i.test(body.thumbnail_url ?? '');
    if (!thumbnail.hidden) thumbnail.src = body.thumbnail_url;
    $('oembed-preview').hidden = false;
    status.textContent = `${body.type} embed, ${body.width} × ${body.height}`;
  } catch (error) {
    status.textContent = `No preview: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Sample URLs: the top trending track's (its permalink when the service sends one) and its artist's. */
async function samples() {
  try {
    const res = await fetch(`${service}/v1/tracks/trending?limit=1&app_name=demo`);
    const [track] = (await res.json()).data;
    const urls = [track.permalink && new URL(track.permalink, service).href, `${service}/${encodeURIComponent(track.user.handle)}`].filter(Boolean);
    const box = $('oembed-samples');
    box.replaceChildren('Try: ');
    for (const url of urls) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'link';
      button.textContent = url;
      button.addEventListener('click', () => {
        /** @type {HTMLInputElement} */ ($('oembed-url')).value = url;
        void preview();
      });
      box.append(button, ' ');
    }
  } catch {
    // The service is not running: the form still works once it is.
  }
}

form.addEventListener('submit', preview);
void samples();
