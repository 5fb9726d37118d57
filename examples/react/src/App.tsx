// src/App.tsx
import { useState } from 'react';
import {
  ServiceProvider, ServiceLoginButton, ServiceSearch, ServiceTrackCard, ServiceAudioPlayer, ServiceTrendingList,
} from 'service-kit/react'; // the wrappers; importing them registers every element

// The reference service that `npm start` runs in the kit's repository (VITE_SERVICE_HOST for another),
// and its demo app's API key.
const host = import.meta.env.VITE_SERVICE_HOST ?? 'http://127.0.0.1:7700';
const apiKey = '774b4a83134248429841ef8bd8a685f0875b9ab1';

export default function App() {
  const [trackId, setTrackId] = useState('D7KyD');
  const [status, setStatus] = useState('stopped');
  const [handle, setHandle] = useState('');
  return (
    <ServiceProvider appName="my-app" host={host} apiKey={apiKey}>
      <ServiceLoginButton onServiceLoginSuccess={(e) => setHandle(e.detail.profile.handle)} />
      <p id="signed-in">{handle ? `Signed in as @${handle}` : 'Not signed in'}</p>
      <label>
        Track id <input id="track-id" value={trackId} onChange={(e) => setTrackId(e.target.value.trim())} />
      </label>
      <ServiceSearch type="tracks" limit={5} onServiceSelect={(e) => e.detail.kind === 'track' && setTrackId(e.detail.item.id)} />
      <ServiceTrackCard id="bound-card" trackId={trackId} onServiceError={(e) => console.info(e.detail.message)} />
      <ServiceAudioPlayer onServicePlay={() => setStatus('playing')} onServicePause={() => setStatus('paused')} />
      <p id="status">{status}</p>
      <ServiceTrendingList limit={5} />
    </ServiceProvider>
  );
}
