import { useState, useSyncExternalStore } from 'react';
import Button from '@mui/material/Button';
import type { ListController, ListRow } from '../data/list-controller';
import { useT } from '../../i18n';

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
  const t = useT();
  const [copied, setCopied] = useState<number | null>(null);
  const count = useSyncExternalStore(
    controller.subscribe,
    () => controller.getState().rows.filter((r) => r !== from && r.store.get().isSelected === true).length,
  );
  return (
    <>
      {copied !== null && (
        <span role="status" style={{ fontSize: '0.875rem' }}>
          {t('engine.bulk_copied', { count: copied })}
        </span>
      )}
      <Button
        variant="text"
        disabled={count === 0}
        onClick={() => {
          setCopied(controller.copyToSelected(from, fields));
        }}
      >
        {t('engine.bulk_copy', { count })}
      </Button>
    </>
  );
}
