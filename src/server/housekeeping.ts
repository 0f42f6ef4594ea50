import { sealStoredSecrets } from './features/auth/two-factor.js';
import { ORPHAN_GRACE_MS, SWEEP_EVERY_MS, sweepOrphanFiles } from './features/photos/orphans.js';
import { sweepExpiredExports } from './features/operator-exports/store.js';
import { sweepOldDeliveries } from './features/webhooks/index.js';
import type { Services } from './services.js';

/**
 * What the server tidies by itself: at start, two-factor keys stored before encryption are
 * sealed and files a killed process left without their rows are removed; the file sweep then
 * repeats every hour (another server of the same PostgreSQL may have been killed meanwhile), with
 * expired exports and webhook deliveries past their retention.
 * Returns the function that stops the repeat.
 */
export async function startHousekeeping(services: Services): Promise<() => void> {
  await sealStoredSecrets(services);
  // SQLite: this process is the only writer of its data folder and nothing is in flight yet.
  await sweepOrphanFiles(services, services.db.dialect === 'sqlite' ? 0 : ORPHAN_GRACE_MS);
  await sweepExpiredExports(services).catch((err: unknown) =>
    services.log.error({ err }, 'removing expired exports failed'),
  );
  await sweepOldDeliveries(services).catch((err: unknown) =>
    services.log.error({ err }, 'removing old webhook deliveries failed'),
  );
  const timer = setInterval(() => {
    sweepOrphanFiles(services).catch((err: unknown) => services.log.error({ err }, 'sweeping orphan files failed'));
    sweepExpiredExports(services).catch((err: unknown) =>
      services.log.error({ err }, 'removing expired exports failed'),
    );
    sweepOldDeliveries(services).catch((err: unknown) =>
      services.log.error({ err }, 'removing old webhook deliveries failed'),
    );
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
