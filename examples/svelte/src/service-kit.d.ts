// src/service-kit.d.ts: types the service-* tags, their attributes and their onservice-* events for svelte-check and the editor.
import type {} from 'service-kit/svelte';
