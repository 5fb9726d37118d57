// The embed page's one inline script, minified and hashed for the CSP by server/embed/bootstrap.ts.
// Until the reader shows intent, the frame runs only this. It loads the kit (the body's data-kit,
// after its data-translation) on a pointer, focus or key in the frame, a message from the parent
// page (queued for the kit in the inbox), or at once when the body has data-eager. A Play, or a
// click on the still bar, before the kit arrives starts the stream here at once, in an Audio the
// kit's audio engine takes over (src/core/audio-engine.ts, getAudioEngine).
(() => {
  const g = globalThis;
  const EARLY = Symbol.for('service-kit.embed.audio');
  const INBOX = Symbol.for('service-kit.embed.inbox');
  const intents = ['pointerover', 'pointerdown', 'focusin', 'keydown'];
  const data = document.body.dataset;
  let loading;
  const load = () => {
    if (loading) return;
    loading = 1;
    for (const type of intents) removeEventListener(type, load, true);
    // The translation first, as the page's module scripts had it: the elements hydrate in the page's language.
    (data.translation ? import(data.translation) : Promise.resolve()).finally(() => import(data.kit));
  };
  g[INBOX] ??= [];
  // The frame's one message listener: the kit's protocol replaces the inbox with its handler.
  addEventListener('message', (event) => {
    if (event.source != parent || parent == window) return;
    g[INBOX].push(event);
    load();
  });
  for (const type of intents) addEventListener(type, load, true);

  addEventListener('click', (event) => {
    load();
    const path = event.composedPath();
    const host = path.find((node) => node.dataset?.stream);
    // Once the kit defines the element, it handles its own clicks.
    if (!host || customElements.get(host.localName)) return;
    const early = g[EARLY];
    const bar = path.find((node) => node.classList?.contains('still'));
    const button = path.find((node) => node.part?.contains('play-button'));
    if (!bar && !button) return;
    let audio = early?.audio;
    if (!audio) {
      audio = new Audio(host.dataset.stream);
      audio.preload = 'auto';
      g[EARLY] = { audio, id: host.getAttribute('track-id') };
      // One at a time across the page's frames, as the engine's channel: this one pauses the others.
      const mine = () => g[EARLY]?.audio == audio;
      const channel = new BroadcastChannel('service-kit.playback');
      channel.onmessage = () => mine() && audio.pause();
      audio.onplaying = () => mine() && channel.postMessage(0);
    }
    if (bar) {
      // Where on the still bar, from the start of the line (its right in RTL), as the kit's own bar.
      const box = bar.getBoundingClientRect();
      const from = getComputedStyle(bar).direction == 'rtl' ? box.right - event.clientX : event.clientX - box.left;
      audio.currentTime = Math.floor(Math.min(Math.max(0, from / (box.width || 1)), 1) * host.dataset.duration);
    }
    if (bar || audio.paused) audio.play().catch(() => {});
    else audio.pause();
  }, true);

  if ('eager' in data) load();
})();
