import { sealStoredSecrets } from './features/auth/two-factor.js';
import { ORPHAN_GRACE_MS, SWEEP_EVERY_MS, sweepOrphanFiles } from './features/photos/orphans.js';
import { sweepExpiredExports } from './features/operator-exports/store.js';
import { sweepOldDeliveries } from './features/webhooks/index.js';
import type { Services } from './services.js';
import { outageOf } from './plugins/outage.js';

/** A sweep that failed: an outage (the store or the database away) is a warning, the next sweep tries again. */
const failed = (services: Services, what: string) => (err: unknown) => {
  const outage = outageOf(err);
  if (outage) services.log.warn({ cause: outage.reason }, `${what} failed: ${outage.dependency} unavailable`);
  else services.log.error({ err }, `${what} failed`);
};

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
  // A store that is away does not stop the start: the hourly sweep does it later.
  await sweepOrphanFiles(services, services.db.dialect === 'sqlite' ? 0 : ORPHAN_GRACE_MS).catch(
    failed(services, 'sweeping orphan files'),
  );
  await sweepExpiredExports(services).catch(failed(services, 'removing expired exports'));
  await sweepOldDeliveries(services).catch(failed(services, 'removing old webhook deliveries'));
  const timer = setInterval(() => {
    sweepOrphanFiles(services).catch(failed(services, 'sweeping orphan files'));
    sweepExpiredExports(services).catch(failed(services, 'removing expired exports'));
    sweepOldDeliveries(services).catch(failed(services, 'removing old webhook deliveries'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
