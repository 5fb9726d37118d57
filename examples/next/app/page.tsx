// app/page.tsx: a server component
import { ServerElement } from 'service-kit/next';
import { Player } from './player';
import { SERVICE_HOST, APP_NAME } from './settings';

// Rendered per request, so the server-rendered card shows the service's data of the moment.
export const dynamic = 'force-dynamic';

export default function Page() {
  return (
    <main>
      <h1>service-kit in Next.js</h1>
      <h2>Server-rendered</h2>
      <ServerElement tag="service-track-card" attributes={{ 'track-id': 'DB0d9' }} options={{ appName: APP_NAME, host: SERVICE_HOST }} />
      <h2>In the browser</h2>
      <Player />
    </main>
  );
}
