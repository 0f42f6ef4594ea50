import { useState, useSyncExternalStore } from 'react';
import { useT } from '../../i18n';
import type { Photo } from './gallery-api';
import { uploadReason } from './gallery-api';
import { fileProblem } from './quota';
import { UploadQueue } from './upload-queue';
import { uploadPhoto } from './upload-request';

/**
 * The upload queue of one gallery: each file its own request, two at a time. `onUploaded`
 * must not change for the property (it writes to the query cache, so it still lands when the
 * person has left the page meanwhile). `onBatchDone` gets the photos of one choice of files in the
 * order they were chosen, once all of them have finished.
 */
export function useUploads(
  propertyId: number,
  onUploaded: (photos: readonly Photo[]) => void,
  onBatchDone?: (photos: readonly Photo[]) => void,
) {
  // The queue lives as long as the gallery; its own messages are in the language it opened in.
  const t = useT();
  const [queue] = useState(
    () =>
      new UploadQueue<File, Photo[]>({
        send: (file, progress) => uploadPhoto(propertyId, file, progress, t),
        concurrency: 2,
        check: (file) => fileProblem(file, t),
        describe: uploadReason,
        onUploaded,
        onBatchDone: (results) => onBatchDone?.(results.flat()),
      }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.items);
  return { items, add: (files: readonly File[]) => queue.add(files), clearFinished: () => queue.clearFinished() };
}
