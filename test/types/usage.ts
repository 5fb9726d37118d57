// Type-level checks of the generated framework types (src/types/jsx.ts, vue.ts, svelte.ts,
// src/react/*.ts). Compiled by `npm run typecheck`, never run: a wrong type fails the compile,
// and each `@ts-expect-error` fails it if the mistake it marks stops being an error.
import type { ComponentProps, JSX } from 'react';
import type { GlobalComponents } from 'vue';
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from '../../src/types/jsx.js';
import type {} from '../../src/types/vue.js';
import type {} from '../../src/types/svelte.js';
import type { ServiceLoginButton, ServiceTrackCard } from '../../src/react/index.js';

// React 19 JSX, raw tags: what `<service-track-card track-id="..." onservice-error={...}>` checks against.
type TrackCardTag = JSX.IntrinsicElements['service-track-card'];
export const rawCard: TrackCardTag = {
  'track-id': 'D7KyD',
  size: 'compact',
  host: 'http://localhost:8080',
  className: 'featured',
  'onservice-error': (event) => {
    const status: number = event.detail.status;
    const operation: string = event.detail.operation;
    void [status, operation];
  },
};
// @ts-expect-error: size is 'card' | 'compact' | 'tiny'
export const badSize: TrackCardTag = { size: 'huge' };
// @ts-expect-error: the detail has no `track`
export const badDetail: TrackCardTag = { 'onservice-error': (event) => event.detail.track };
// Numeric attributes take digit strings as markup does.
export const rawUser: JSX.IntrinsicElements['service-user-card'] = { handle: 'demo', 'page-size': '10', pageSize: 10 };
// @ts-expect-error: a boolean attribute is not a number
export const badBoolean: JSX.IntrinsicElements['service-login-button'] = { 'full-width': 1 };
export const rawLogin: JSX.IntrinsicElements['service-login-button'] = {
  'full-width': true,
  'onservice-login-success': (event) => void event.detail.token.length,
};

// @lit/react wrappers: properties as props, events as onServiceX with typed details.
type CardProps = ComponentProps<typeof ServiceTrackCard>;
export const wrappedCard: CardProps = {
  trackId: 'D7KyD',
  appName: 'demo',
  onServiceError: (event) => void event.detail.message.length,
};
// @ts-expect-error: trackId is a string
export const badTrackId: CardProps = { trackId: 5 };
export const wrappedLogin: ComponentProps<typeof ServiceLoginButton> = {
  scope: 'write',
  onServiceLoginSuccess: (event) => void event.detail.profile,
  onServiceLoginError: (event) => void event.detail.reason,
};

// Vue: the props Volar checks `<service-track-card track-id="..." @service-error="...">` against.
type VueProps<Tag extends keyof GlobalComponents> = InstanceType<GlobalComponents[Tag]>['$props'];
export const vueCard: VueProps<'service-track-card'> = {
  trackId: 'D7KyD',
  size: 'tiny',
  class: 'featured',
  onServiceError: (event) => void event.detail.status.toFixed(),
};
// Vue and Svelte set properties; numbers and booleans also take their string forms, as the elements do.
export const vueTrending: VueProps<'service-trending-list'> = { limit: '5', controls: 'true' };
// @ts-expect-error: a number property takes digits, not words
export const vueBadLimit: VueProps<'service-trending-list'> = { limit: 'five' };
// @ts-expect-error: a boolean property takes "true", "false" or ""
export const vueBadControls: VueProps<'service-trending-list'> = { controls: 'yes' };
// React 19 sets `limit` as a property too.
export const reactTrending: JSX.IntrinsicElements['service-trending-list'] = { limit: '5', controls: 'false' };
// @ts-expect-error: a number property takes digits, not words
export const reactBadLimit: JSX.IntrinsicElements['service-trending-list'] = { limit: 'five' };
export const vueSearch: VueProps<'service-search'> = {
  limit: '5',
  onServiceSelect: (event) => void (event.detail.kind === 'track' ? event.detail.item.title : ''),
};
// @ts-expect-error: the card fires no service-select
export const vueBadEvent: VueProps<'service-track-card'> = { onServiceSelect: () => undefined };
export const vueEmit = (card: InstanceType<GlobalComponents['service-track-card']>) =>
  card.$emit('service-error', new CustomEvent('service-error', { detail: { message: 'x', status: 404, operation: 'getTrack', kind: 'http' } }));

// Svelte 5: what svelte-check checks `<service-login-button api-key="..." onservice-login-success={(e) => ...}>` against.
type SvelteTag<Tag extends keyof SvelteHTMLElements> = SvelteHTMLElements[Tag];
export const svelteLogin: SvelteTag<'service-login-button'> = {
  'api-key': '774b4a…',
  size: 'large',
  class: 'signin',
  'onservice-login-success': (e) => void e.detail.profile.handle.length,
  'onservice-login-error': (e) => void e.detail.reason,
};
// @ts-expect-error: the login detail has no `track`
export const svelteBadDetail: SvelteTag<'service-login-button'> = { 'onservice-login-success': (e) => e.detail.track };
export const svelteTrending: SvelteTag<'service-trending-list'> = { limit: '5', controls: true, time: 'month' };
// @ts-expect-error: a number property takes digits, not words
export const svelteBadLimit: SvelteTag<'service-trending-list'> = { limit: 'five' };
// @ts-expect-error: time is 'week' | 'month' | 'year' | 'allTime'
export const svelteBadTime: SvelteTag<'service-trending-list'> = { time: 'decade' };
export const svelteCard: SvelteTag<'service-track-card'> = { 'track-id': 'D7KyD', trackId: 'D7KyD', 'onservice-error': (e) => void e.detail.status };
// @ts-expect-error: the card fires no service-select
export const svelteBadEvent: SvelteTag<'service-track-card'> = { 'onservice-select': () => undefined };
