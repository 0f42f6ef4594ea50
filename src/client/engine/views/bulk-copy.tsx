import { useState, useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import type { ListController, ListRow } from '../data/list-controller';

/** Bulk action on the selected rows (client-only isSelected): copy the open row's shared features. */
export function BulkCopy({
  controller,
  from,
  fields,
}: {
  controller: ListController;
  from: ListRow;
  fields: readonly string[];
}) {
  const [done, setDone] = useState<string>('');
  const count = useSyncExternalStore(
    controller.subscribe,
    () => controller.getState().rows.filter((r) => r !== from && r.store.get().isSelected === true).length,
  );
  return (
    <>
      {done && (
        <span role="status" style={{ fontSize: '0.875rem' }}>
          {done}
        </span>
      )}
      <Button
        variant="text"
        disabled={count === 0}
        onClick={() => {
          const n = controller.copyToSelected(from, fields);
          setDone(
            `Shared features copied to ${n} ${n === 1 ? controller.itemLabel.toLowerCase() : `${controller.itemLabel.toLowerCase()}s`}.`,
          );
        }}
      >
        Copy shared features to selected ({count})
      </Button>
    </>
  );
}
