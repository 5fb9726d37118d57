// Issue 28: service-kit/ssr renders an element in the language its `lang` attribute names, from
// the translations registered in the server's process, and in English without one.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderToString } from '../../src/node/ssr.js';
import '../../src/translations/fr.js';
import type { Client, Track } from '../../src/core/index.js';

const track: Track = {
  id: 'T1', title: 'Midnight Drive', duration: 200, repost_count: 3, favorite_count: 12, play_count: 3900,
  user: { id: 'U1', handle: 'ana', name: 'Ana' } as Track['user'],
};
// The one call a track card makes; the service's answers are the browser tests' business.
const client = { getTrack: async () => track } as unknown as Client;

describe('service-kit/ssr in a language', () => {
  test('lang="fr" renders French words and French counts', async () => {
    const html = await renderToString('service-track-card', { 'track-id': 'T1', lang: 'fr' }, { client });
    assert.match(html, /lang="fr"/);
    assert.match(html, /aria-label="Lire Midnight Drive"/);
    assert.match(html, /Midnight Drive par Ana/);
    assert.match(html, new RegExp(new Intl.NumberFormat('fr', { notation: 'compact', maximumFractionDigits: 1 }).format(3900).replace(/\s/g, '\\s')));
  });

  test('without lang, English', async () => {
    const html = await renderToString('service-track-card', { 'track-id': 'T1' }, { client });
    assert.match(html, /aria-label="Play Midnight Drive"/);
    assert.match(html, /3\.9K/);
  });

  test('the login button: its label in its language (the old second copy said it in English); custom-text as text', async () => {
    const french = await renderToString('service-login-button', { lang: 'fr' });
    assert.match(french, /<span part="label"><!--lit-part-->Continuer avec Service<!--\/lit-part--><\/span>/);
    assert.match(await renderToString('service-login-button'), /<span part="label"><!--lit-part-->Continue with Service<!--\/lit-part-->/);
    const custom = await renderToString('service-login-button', { 'custom-text': '<b>Join</b>', lang: 'fr' });
    assert.match(custom, /<span part="label"><!--lit-part-->&lt;b&gt;Join&lt;\/b&gt;<!--\/lit-part-->/);
  });
});
