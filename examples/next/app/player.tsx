// app/player.tsx: a client component, with the React wrappers
'use client';
import { useState } from 'react';
import { ServiceProvider, ServiceTrendingList, ServiceTrackCard, ServiceAudioPlayer, ServiceLoginButton, ServiceSearch } from 'service-kit/react';
import { SERVICE_HOST, APP_NAME, API_KEY } from './settings';

export function Player() {
  const [trackId, setTrackId] = useState('D7KyD');
  const [handle, setHandle] = useState<string>();
  const [status, setStatus] = useState('stopped');
  return (
    <ServiceProvider appName={APP_NAME} host={SERVICE_HOST}>
      <ServiceLoginButton apiKey={API_KEY} onServiceLoginSuccess={(e) => setHandle(e.detail.profile.handle)} />
      {handle && <p id="signed-in">Signed in as @{handle}</p>}
      <ServiceSearch type="tracks" onServiceSelect={(e) => e.detail.kind === 'track' && setTrackId(e.detail.item.id)} />
      <label>
        Track id <input id="track-id" value={trackId} onChange={(e) => setTrackId(e.target.value)} />
      </label>
      <ServiceTrackCard id="bound-card" trackId={trackId} />
      <ServiceTrendingList limit={5} />
      <ServiceAudioPlayer onServicePlay={() => setStatus('playing')} onServicePause={() => setStatus('paused')} />
      <p id="status">{status}</p>
    </ServiceProvider>
  );
}
