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
  const data = document.body.dataset;
  let loading;
  const load = () => {
    if (loading) return;
    loading = 1;
    // A kit that failed to load (the network went) is asked for again on the next intent.
    const kit = () => import(data.kit).catch(() => (loading = 0));
    // The translation first, as the page's module scripts had it: the elements hydrate in the page's language.
    if (data.translation) import(data.translation).then(kit, kit);
    else kit();
  };
  g[INBOX] ??= [];
  // The frame's one message listener: the kit's protocol replaces the inbox with its handler.
  addEventListener('message', (event) => {
    if (event.source != parent || parent == window) return;
    g[INBOX].push(event);
    load();
  });
  for (const type of ['pointerover', 'pointerdown', 'focusin', 'keydown']) addEventListener(type, load, true);

  addEventListener('click', (event) => {
    load();
    const path = event.composedPath();
    const host = path.find((node) => node.dataset && 'embed' in node.dataset);
    // Once the kit defines the element, it handles its own clicks.
    if (!host || customElements.get(host.localName)) return;
    const find = (test) => path.find((node) => node.nodeType == 1 && test(node));
    // Any other button (a profile's Play, a tab, a pager) is clicked again once the element has hydrated: hydration keeps the server's nodes.
    const control = find((node) => node.localName == 'button');
    const replay = () => control && customElements.whenDefined(host.localName).then(() => host.updateComplete).then(() => control.isConnected && control.click());
    if (!host.dataset.stream) return replay();
    // What the kit would play: the card's still bar or Play, a list's row (anywhere on it), or its Play all (the first row).
    const bar = host.dataset.duration && find((node) => node.classList.contains('still'));
    const row = find((node) => node.dataset.trackId);
    const button = find((node) => /^play-(button|all)$/.test(node.getAttribute('part')));
    // Play all starts at the list's start-track (1-based), as the kit's would.
    const rows = host.shadowRoot.querySelectorAll('[data-track-id]');
    const id = host.getAttribute('track-id') ?? (row ?? (button && (rows[host.getAttribute('start-track') - 1] ?? rows[0])))?.dataset.trackId;
    if (!id || !(bar || row || button)) return replay();
    let early = g[EARLY];
    // The element's first play starts at its `t` (seconds: the server wrote it so), unless a row or the bar chose.
    const start = !early && !row && !bar && +host.getAttribute('t');
    const audio = early?.audio ?? new Audio();
    if (!early) {
      early = g[EARLY] = { audio };
      // One at a time across the page's frames, as the engine's channel: this one pauses the others (not with single=0).
      const mine = () => g[EARLY]?.audio == audio;
      if (data.single != '0') {
        const channel = new BroadcastChannel('service-kit.playback');
        channel.onmessage = () => mine() && audio.pause();
        audio.onplaying = () => mine() && channel.postMessage(0);
      }
    }
    const play = () => audio.play().catch(() => {});
    const other = early.id != id;
    if (other) audio.src = host.dataset.stream.replace('{id}', (early.id = id));
    if (bar || start > 0) {
      const duration = host.dataset.duration;
      // Where on the still bar, from the start of the line (its right in RTL), as the kit's own bar.
      const box = bar?.getBoundingClientRect();
      const from = bar && (getComputedStyle(bar).direction == 'rtl' ? box.right - event.clientX : event.clientX - box.left);
      const at = bar ? Math.floor(Math.min(Math.max(0, from / (box.width || 1)), 1) * duration) : start;
      // WebKit can stand still, playing, after a seek made before the metadata, and clamps one past its guess at the
      // length of an MP3 still arriving: the audio plays muted until the element knows the length, seeks once, then sounds.
      early.stop?.();
      const off = new AbortController();
      const on = (type, listener) => audio.addEventListener(type, listener, { signal: off.signal });
      const stop = (early.stop = () => {
        audio.muted = false;
        off.abort();
      });
      let sought;
      const seek = () => {
        if (sought || !(audio.duration >= at + 1 || Math.abs(audio.duration - duration) < 2)) return;
        sought = 1;
        audio.currentTime = at;
      };
      audio.muted = true;
      for (const type of ['durationchange', 'progress', 'timeupdate', 'suspend']) on(type, seek);
      // Sounds once there; a seek made elsewhere (the hydrated card's bar) ends this one too.
      on('seeked', stop);
      on('seeking', () => Math.abs(audio.currentTime - at) > 1 && stop());
      seek();
    }
    if (bar || start > 0 || other || audio.paused) play();
    else audio.pause();
  }, true);

  if ('eager' in data) load();
})();
