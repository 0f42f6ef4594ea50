/**
 * npm run dev: the API server restarting on change (tsx watch) and the Vite dev server with hot
 * reload, side by side. Vite proxies /api to the server, and mailed links (activation, reset)
 * point at the Vite address so they open the live client.
 *
 *   PORT      API port (default 8000)
 *   WEB_PORT  Vite port (default 5173)
 *   DATA_DIR  as for the server (default ./data)
 */
import concurrently from 'concurrently';

const apiPort = process.env.PORT ?? '8000';
const webPort = process.env.WEB_PORT ?? '5173';
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${webPort}`;

const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false src/server/main.ts',
      env: { PORT: apiPort, PUBLIC_URL: publicUrl },
      prefixColor: 'blue',
    },
    {
      name: 'web',
      command: `vite --port ${webPort} --strictPort`,
      env: { API_PORT: apiPort, WEB_PORT: webPort },
      prefixColor: 'magenta',
    },
  ],
  { prefix: 'name', killOthersOn: ['failure', 'success'], restartTries: 0 },
);

result.then(
  () => process.exit(0),
  () => process.exit(1),
);
