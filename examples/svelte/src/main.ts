// src/main.ts
import { mount } from 'svelte';
import 'service-kit'; // registers every element
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
