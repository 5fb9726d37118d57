// src/main.ts
import { createApp } from 'vue';
import 'service-kit'; // registers every element
import App from './App.vue';

createApp(App).mount('#app');
