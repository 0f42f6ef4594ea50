import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { seedDemo } from './demo/seed.js';

/** Process entry: configure, migrate, seed the demo (when asked), listen, print where. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, services, close } = await buildApp({ config });
  const seeded = config.demo ? await seedDemo(services) : undefined;
  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Ananas is running at ${config.publicUrl}`,
    config.host === '127.0.0.1'
      ? '  Listening on this machine only (127.0.0.1: the demo accounts have well-known passwords); set HOST=0.0.0.0 to open it to the network.'
      : `  Listening on ${config.host}:${config.port}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`}; mail: ${config.smtpUrl ? 'SMTP' : `.eml files in ${config.dataDir}/outbox`}`,
  ];
  if (seeded) {
    lines.push('', '  Demo accounts (password for all three shown beside each):');
    for (const a of seeded) lines.push(`    ${a.role.padEnd(42)} ${a.email.padEnd(28)} ${a.password}`);
  } else if (config.demo) {
    lines.push(
      '',
      '  Demo accounts were seeded on first start: hotel@demo.ananas.dev, operator@demo.ananas.dev, editor@demo.ananas.dev (password ananas-demo-2026).',
    );
  }
  console.log(lines.join('\n') + '\n');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
